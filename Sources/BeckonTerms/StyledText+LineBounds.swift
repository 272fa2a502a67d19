import BeckonCore

/// Rendered text cut into lines of bounded length, so that GtkTextView lays
/// it out in bounded time, whatever the Markdown.
///
/// GtkTextView hands each of its lines (the text between two newlines: a
/// paragraph) to Pango whole, and Pango lays out a line in time that grows
/// with the square of its length when it finds no good place to wrap it: in
/// a run of letters with no space (`aaaa…`, a hash, a long URL), in a row of
/// closing brackets or ideographic full stops, in a line of spaces. It
/// reshapes what is left of the run for every screen line it fills, 2.7 s for
/// 16,000 letters, and the first paint of the window waits for the whole line
/// it shows: 200 KB in one line never showed a window at all.
///
/// So a line longer than ``longestLine`` characters becomes several. The cut
/// goes where a space (a tab, a line separator, U+200B, U+3000) is, the last
/// one in the second half of the bound, and that space becomes the newline,
/// so no offset moves; with none there (CJK text, a run of letters), a newline
/// is inserted at the bound, between two grapheme clusters where it can. A
/// list item cut this way keeps its bullet on its first line only: the lines
/// after it are indented like the item's text. Paragraphs as people write
/// them (a dense legal paragraph has 1,500 characters) are not cut.
///
/// A line is also cut, at its last space, once more than ``mostSpansPerLine``
/// styled runs start on it. GtkTextBuffer keeps a line's tags as toggle
/// segments in one list, and finds every offset and every tag's ends by
/// walking it: tagging a line of n links costs n² steps, and the window lays
/// such a line out again after each chunk. 14,000 links in one 98 KB
/// paragraph (2,048-character lines of 1,024 links) took 24 s to reach
/// Accept; cut to lines of 128 links, as long as ordinary text.
extension StyledText {
    /// The longest line left whole, in characters (Unicode scalars). Pango's
    /// worst case for a line this long is a few tens of milliseconds.
    static let longestLine = 2048
    /// How far past ``longestLine`` a cut waits for a grapheme cluster to end
    /// before it falls between two of its scalars anyway.
    static let longestClusterWait = 64
    /// The most styled runs (links, emphasis, code, …) that may start on one
    /// line before it is cut at its last space. A paragraph of prose with this
    /// many links or emphases is rare; a line of more costs GTK the square.
    static let mostSpansPerLine = 128

    /// This text with no line longer than ``longestLine`` characters (see
    /// the extension's summary); the same text when it has none.
    ///
    /// `lineSoFar` is how many characters the line this text starts on
    /// already has: a paragraph parsed in parts (``MarkdownParagraphCuts``)
    /// goes on from one piece to the next without a newline.
    public func boundingLines(after lineSoFar: Int = 0) -> StyledText {
        var cutter = LineCutter(self)
        cutter.lineLength = lineSoFar
        guard cutter.run() else { return self }
        return cutter.result()
    }

    /// How many characters the last line of this text has, when the line it
    /// starts on already had `lineSoFar`: what the next piece's
    /// ``boundingLines(after:)`` is given.
    public func lastLineLength(after lineSoFar: Int) -> Int {
        var length = 0
        var index = utf8.count - 1
        while index >= 0 {
            let byte = utf8[index]
            if byte == 0x0A || byte == 0x0D { return length }
            if byte == 0xA9 && index >= 2 && utf8[index - 1] == 0x80 && utf8[index - 2] == 0xE2 { return length }
            if byte & 0xC0 != 0x80 { length += 1 }
            index -= 1
        }
        return lineSoFar + length
    }
}

/// One pass of ``StyledText/boundingLines()`` over the text's bytes.
private struct LineCutter {
    let source: StyledText
    /// The cuts, in source byte order: at `byte`, `removing` bytes (a space,
    /// or nothing) give way to a newline.
    var edits: [(byte: Int, removing: Int)] = []
    /// Character offsets in the source before which a newline was inserted, ascending.
    var insertions: [Int] = []
    /// Source offsets of the first character of every line a cut started, ascending.
    var cutLineStarts: [Int] = []

    /// Characters on the current line so far.
    var lineLength = 0
    /// The last space on the current line where a cut may go: its byte index
    /// in the source, its length in bytes, and the line length just after it.
    var lastSpace: (byte: Int, bytes: Int, lineLengthAfter: Int)?
    /// The line is due a cut at the next boundary between clusters.
    var cutDue = false
    /// Where every styled run starts, ascending, and the next not yet passed.
    let spanStarts: [Int]
    var nextSpanStart = 0
    /// Styled runs that started on the current line so far.
    var spansOnLine = 0

    init(_ source: StyledText) {
        self.source = source
        spanStarts = source.spans.count > StyledText.mostSpansPerLine
            ? source.spans.map(\.range.lowerBound).sorted() : []
    }

    /// Finds the cuts; false when no line needs one.
    mutating func run() -> Bool {
        source.utf8.withUnsafeBufferPointer { scan($0) }
        return !edits.isEmpty
    }

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        var index = 0
        var offset = 0 // the character offset of the scalar that starts at index
        while index < count {
            let byte = bytes[index]
            // A continuation byte belongs to the scalar before it, as characterCount counts.
            if byte & 0xC0 == 0x80 { index += 1; continue }
            let three = byte >= 0xE0 && index + 2 < count ? (bytes[index + 1], bytes[index + 2]) : (0, 0)
            if byte == 0x0A || byte == 0x0D || (byte == 0xE2 && three == (0x80, 0xA9)) {
                newLine() // \n, \r and U+2029 end a GtkTextBuffer line
            } else {
                if lineLength >= StyledText.longestLine { cutBefore(index, offset, bytes) }
                countSpans(startingBy: offset)
                lineLength += 1
                // Space, tab, U+2028, U+200B, U+3000: a cut may replace one.
                if byte == 0x20 || byte == 0x09 {
                    lastSpace = (index, 1, lineLength)
                } else if (byte == 0xE2 && (three == (0x80, 0xA8) || three == (0x80, 0x8B)))
                            || (byte == 0xE3 && three == (0x80, 0x80)) {
                    lastSpace = (index, 3, lineLength)
                }
            }
            index += 1
            offset += 1
        }
    }

    /// Counts the styled runs that start at or before character `offset` on
    /// this line; past ``StyledText/mostSpansPerLine`` the line is cut at its
    /// last space (before the run that started after it), when it has one.
    private mutating func countSpans(startingBy offset: Int) {
        while nextSpanStart < spanStarts.count && spanStarts[nextSpanStart] <= offset {
            nextSpanStart += 1
            spansOnLine += 1
        }
        guard spansOnLine > StyledText.mostSpansPerLine, let space = lastSpace else { return }
        edits.append((space.byte, space.bytes))
        let spaceOffset = offset - (lineLength - space.lineLengthAfter) - 1
        lineLength -= space.lineLengthAfter
        cutLineStarts.append(spaceOffset + 1)
        lastSpace = nil
        cutDue = false
        // The runs that started after the space are the new line's.
        spansOnLine = 0
        var index = nextSpanStart - 1
        while index >= 0 && spanStarts[index] > spaceOffset { spansOnLine += 1; index -= 1 }
    }

    /// The line is full and the scalar at `index` (character `offset`) would make it longer.
    private mutating func cutBefore(_ index: Int, _ offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        if !cutDue, let space = lastSpace, space.lineLengthAfter >= StyledText.longestLine / 2 {
            // The space becomes the newline: same character count, nothing moves.
            edits.append((space.byte, space.bytes))
            lineLength -= space.lineLengthAfter
            // The character after the space starts the new line, and the
            // line's characters since then are all from the source.
            cutLineStarts.append(offset - lineLength)
            lastSpace = nil
            return
        }
        cutDue = true
        let overdue = lineLength >= StyledText.longestLine + StyledText.longestClusterWait
        guard overdue || Self.isClusterBoundary(bytes, at: index) else { return }
        edits.append((index, 0))
        insertions.append(offset)
        cutLineStarts.append(offset)
        newLine()
    }

    private mutating func newLine() {
        lineLength = 0
        lastSpace = nil
        cutDue = false
        spansOnLine = 0
    }

    /// The text with the cuts made, its spans and links moved to where their characters went.
    func result() -> StyledText {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.utf8.count + insertions.count)
        var copied = 0
        for edit in edits {
            bytes.append(contentsOf: source.utf8[copied..<edit.byte])
            bytes.append(0x0A)
            copied = edit.byte + edit.removing
        }
        bytes.append(contentsOf: source.utf8[copied...])
        var result = StyledText()
        bytes.withUnsafeBufferPointer { result.append(bytes: $0) }

        result.links = source.links.map { .init(range: moved($0.range), url: $0.url) }
        result.spans.reserveCapacity(source.spans.count)
        for span in source.spans {
            let range = moved(span.range)
            // The bullet hangs on the item's first line; a line cut from it
            // lines up with the item's text, as a wrapped line does.
            guard case .bullet(let level) = span.style else {
                result.spans.append(.init(range: range, style: span.style))
                continue
            }
            let firstCut = Self.firstIndex(in: cutLineStarts) { $0 > span.range.lowerBound }
            guard firstCut < cutLineStarts.count, cutLineStarts[firstCut] < span.range.upperBound else {
                result.spans.append(.init(range: range, style: span.style))
                continue
            }
            let cut = position(of: cutLineStarts[firstCut])
            result.spans.append(.init(range: range.lowerBound..<cut, style: span.style))
            result.spans.append(.init(range: cut..<range.upperBound, style: .indent(level)))
        }
        return result
    }

    /// Where source character `offset` is in the result: after every newline
    /// inserted before it or at it.
    private func position(of offset: Int) -> Int {
        offset + Self.firstIndex(in: insertions) { $0 > offset }
    }

    /// `range` in the result: a newline inserted at its start or its end is outside it.
    private func moved(_ range: Range<Int>) -> Range<Int> {
        let lower = position(of: range.lowerBound)
        let upper = range.upperBound + Self.firstIndex(in: insertions) { $0 >= range.upperBound }
        return lower..<max(lower, upper)
    }

    /// The first index of ascending `values` whose element satisfies `isAfter`
    /// (false, then true, along the array); `values.count` when none does.
    private static func firstIndex(in values: [Int], where isAfter: (Int) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(values[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Whether a newline before the scalar at `index` would leave the grapheme
    /// clusters on both sides whole (near enough: marks, joiners, variation
    /// selectors and emoji modifiers stay with what they follow).
    private static func isClusterBoundary(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var start = index - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        if start >= 0, scalar(bytes, at: start) == "\u{200D}" { return false }
        let next = scalar(bytes, at: index)
        if next == "\u{200D}" || next.properties.isGraphemeExtend { return false }
        if next.properties.generalCategory == .spacingMark { return false }
        return !(0x1F3FB...0x1F3FF).contains(next.value)
    }

    /// The scalar whose UTF-8 sequence starts at `index`; U+FFFD when there is none.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Unicode.Scalar {
        var iterator = bytes[index..<min(index + 4, bytes.count)].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }
}

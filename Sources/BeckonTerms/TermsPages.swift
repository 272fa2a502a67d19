import BeckonCore

/// Rendered terms grouped into pages, for a window that shows one page at a time.
///
/// GtkTextView lays out every line of its buffer before it knows its height,
/// in idle steps of 2000 lines that hold GTK's loop for a second or more; on
/// megabytes of terms that delays every key (the end that unlocks Accept
/// among them) and keeps tens of megabytes of layout alive. Long terms are
/// therefore shown a page at a time: the buffer holds one page, so its layout,
/// and the memory it takes, is bounded whatever the length of the terms.
///
/// Pages are made of whole rendered pieces (``PreparedTerms`` cuts them where
/// CommonMark starts a new top-level block, and cuts a block of more than
/// 128 KiB between its lines), so a page looks exactly as it does within the
/// whole, and holds at most a few hundred kilobytes. Terms up to
/// ``pagedAbove`` are one page, as before.
///
/// What is rendered decides, not only the size of the Markdown: text is
/// weighed by what laying it out costs (``weight(of:)``), and terms whose
/// rendered weight passes ``pagedAbove`` become paged as it comes in, however
/// short their Markdown. 400 KB of letters and NULs with no space is 200
/// lines Pango cannot wrap at a word, each reshaped for every screen line it
/// fills: laid out whole, Ctrl+End did not reach the end in a minute.
struct TermsPages {
    /// Markdown up to this many bytes, rendered no heavier, is shown whole, on one page.
    static let pagedAbove = 512 * 1024
    /// A page ends after the piece that brings it to this weight (bytes of ordinary text).
    static let pageBytes = 96 * 1024
    /// A run of this many bytes with no space in it is one Pango cannot wrap at a word.
    static let unbreakableRun = 256
    /// What a byte of a line with such a run weighs, against one of ordinary text.
    static let unbreakableWeight = 32

    /// Whether the terms are long, or heavy, enough to be shown a page at a time.
    private(set) var isPaged: Bool
    /// The pieces of each page, in order; the last one may still grow.
    private(set) var pages: [[StyledText]] = [[]]
    /// The weight of each piece of the last page, in order.
    private var lastPageWeights: [Int] = []
    /// Weight of the text on the last page.
    private var lastPageBytes = 0
    /// Whether every piece has come: the page count is final.
    private(set) var isFinished = false

    /// Pages for terms of `markdownBytes` bytes of Markdown.
    init(markdownBytes: Int) {
        isPaged = markdownBytes > Self.pagedAbove
    }

    /// Pages for terms given in full, at once (tests).
    init(markdownBytes: Int, pieces: [StyledText]) {
        self.init(markdownBytes: markdownBytes)
        add(pieces, isLast: true)
    }

    /// How many pages there are so far.
    var count: Int { pages.count }

    /// Adds rendered `pieces` after those before; `isLast` when no more will come.
    /// Terms not paged so far become paged when the one page gets heavier
    /// than ``pagedAbove``: its pieces are then grouped into pages again.
    mutating func add(_ pieces: [StyledText], isLast: Bool) {
        for piece in pieces {
            let weight = Self.weight(of: piece)
            if !isPaged && lastPageBytes + weight > Self.pagedAbove {
                isPaged = true
                let whole = pages[0]
                let weights = lastPageWeights
                (pages, lastPageWeights, lastPageBytes) = ([[]], [], 0)
                for (earlier, earlierWeight) in zip(whole, weights) { place(earlier, weight: earlierWeight) }
            }
            place(piece, weight: weight)
        }
        if isLast { isFinished = true }
    }

    private mutating func place(_ piece: StyledText, weight: Int) {
        if isPaged && lastPageBytes >= Self.pageBytes {
            pages.append([])
            lastPageBytes = 0
            lastPageWeights = []
        }
        pages[pages.count - 1].append(piece)
        lastPageBytes += weight
        lastPageWeights.append(weight)
    }

    /// Styled runs a line may have before their tags weigh on it.
    static let freeSpansPerLine = 32
    /// What each styled run past ``freeSpansPerLine`` on a line weighs, in
    /// bytes of text: a tag applied and laid out costs about what this much
    /// prose does (14,000 links took 0.55 s of CPU more than their text alone).
    /// Without it a page of a million links' lines held 23,000 of them, and
    /// turning to it took seconds.
    static let spanWeight = 16

    /// What laying out `piece` costs, in bytes of ordinary text: its bytes,
    /// ``unbreakableWeight`` times that for each line with a run of
    /// ``unbreakableRun`` bytes or more without a space (after
    /// ``StyledText/boundingLines()`` such a line is at most 2,048
    /// characters, Pango's slowest), and for a line with more than
    /// ``freeSpansPerLine`` styled runs, ``spanWeight`` for each run over
    /// those and the square of their number over 32: GTK finds every tag's
    /// ends by walking the line's segments, so a line of a thousand links
    /// costs a million steps to tag (``StyledText/boundingLines()`` now cuts
    /// such a line). Prose weighs its bytes, so ordinary terms are paged as before.
    static func weight(of piece: StyledText) -> Int {
        var lineEnds: [Int] = [] // the character offset of every newline
        var weight = piece.utf8.withUnsafeBufferPointer { bytes in
            var weight = 0, lineStart = 0, run = 0, unbreakable = false, characters = 0
            for (index, byte) in bytes.enumerated() {
                if byte & 0xC0 != 0x80 { characters += 1 }
                switch byte {
                case 0x0A:
                    let line = index + 1 - lineStart
                    weight += unbreakable ? line * unbreakableWeight : line
                    (lineStart, run, unbreakable) = (index + 1, 0, false)
                    lineEnds.append(characters - 1)
                case 0x20, 0x09:
                    run = 0
                default:
                    run += 1
                    if run >= unbreakableRun { unbreakable = true }
                }
            }
            let line = bytes.count - lineStart
            return weight + (unbreakable ? line * unbreakableWeight : line)
        }
        guard piece.spans.count > freeSpansPerLine else { return weight }
        var spansOnLine = [Int](repeating: 0, count: lineEnds.count + 1) // by line, from 0
        for span in piece.spans {
            // The line a span starts on: the first newline at or after its start.
            var low = 0, high = lineEnds.count
            while low < high {
                let mid = (low + high) / 2
                if lineEnds[mid] < span.range.lowerBound { low = mid + 1 } else { high = mid }
            }
            spansOnLine[low] += 1
        }
        for count in spansOnLine where count > freeSpansPerLine {
            let over = count - freeSpansPerLine
            weight += over * spanWeight + over * over / freeSpansPerLine
        }
        return weight
    }

    /// The pieces of page `index` (from 0) so far.
    func pieces(ofPage index: Int) -> [StyledText] {
        pages.indices.contains(index) ? pages[index] : []
    }

    /// Whether page `index` has all its pieces: a later page has started, or all came.
    func isComplete(_ index: Int) -> Bool {
        index < pages.count - 1 || (index == pages.count - 1 && isFinished)
    }

    /// Whether page `index` is the end of the terms.
    func isLastPage(_ index: Int) -> Bool {
        isFinished && index == pages.count - 1
    }
}

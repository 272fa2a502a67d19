import BeckonConsent
import BeckonCore

/// Text with styles over character ranges: what Markdown renders to, before it
/// goes into a GtkTextBuffer. Kept apart from GTK so rendering is testable
/// without a display.
public struct StyledText: Sendable, Hashable {
    /// The text, UTF-8.
    public var utf8: [UInt8] = []
    /// How many Unicode scalars ``utf8`` holds: GtkTextBuffer's offsets count these.
    public private(set) var characterCount = 0
    /// Styles over ranges of character offsets: outer ranges first as
    /// rendered, or in text order once merged (``mergingSpans()``).
    public var spans: [Span] = []
    /// Link targets over ranges of character offsets, in text order.
    public var links: [Link] = []

    /// A style over `range`, in character offsets.
    public struct Span: Sendable, Hashable {
        public var range: Range<Int>
        public var style: TextStyle
    }

    /// A link's target over `range`, in character offsets.
    public struct Link: Sendable, Hashable {
        public var range: Range<Int>
        public var url: String
    }

    public init() {}

    /// The text as a String.
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append(bytes: $0) }
    }

    mutating func append(cString: UnsafePointer<CChar>) {
        var length = 0
        while cString[length] != 0 { length += 1 }
        cString.withMemoryRebound(to: UInt8.self, capacity: length) {
            append(bytes: UnsafeBufferPointer(start: $0, count: length))
        }
    }

    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        utf8.append(contentsOf: bytes)
        // Every byte that does not continue a sequence starts a scalar.
        for byte in bytes where byte & 0xC0 != 0x80 { characterCount += 1 }
    }

    /// `piece` appended, its offsets moved to where it starts in this text.
    mutating func append(piece: StyledText) {
        let base = characterCount
        utf8.append(contentsOf: piece.utf8)
        characterCount += piece.characterCount
        spans.append(contentsOf: piece.spans.map { Span(range: $0.range.shifted(by: base), style: $0.style) })
        links.append(contentsOf: piece.links.map { Link(range: $0.range.shifted(by: base), url: $0.url) })
    }

    mutating func removeTrailingNewlines() {
        while utf8.last == 0x0A {
            utf8.removeLast()
            characterCount -= 1
        }
        spans = spans.compactMap { span in clamp(span.range).map { Span(range: $0, style: span.style) } }
        links = links.compactMap { link in clamp(link.range).map { Link(range: $0, url: link.url) } }
    }

    private func clamp(_ range: Range<Int>) -> Range<Int>? {
        let upper = min(range.upperBound, characterCount)
        return range.lowerBound < upper ? range.lowerBound..<upper : nil
    }

    /// The same text with touching or overlapping spans of one style joined, in
    /// text order. A tag is on or off per character, so the text looks the
    /// same, and consecutive list items or quoted paragraphs cost GTK one
    /// apply_tag instead of one each.
    public func mergingSpans() -> StyledText {
        var result: [Span] = []
        result.reserveCapacity(spans.count)
        // Each style's last span, as the index in result. A few styles are in
        // use, so a list searched in order beats a dictionary: hashing each of
        // a million links' spans was a tenth of the rendering thread's time.
        var open: [(style: TextStyle, index: Int)] = []
        for span in spans.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            guard let slot = open.firstIndex(where: { $0.style == span.style }) else {
                open.append((span.style, result.count))
                result.append(span)
                continue
            }
            let index = open[slot].index
            if result[index].range.upperBound >= span.range.lowerBound {
                let upper = max(result[index].range.upperBound, span.range.upperBound)
                result[index].range = result[index].range.lowerBound..<upper
            } else {
                open[slot].index = result.count
                result.append(span)
            }
        }
        var merged = self
        merged.spans = result
        return merged
    }

    /// The link target at character `offset`, if a link covers it.
    public func link(at offset: Int) -> String? {
        // Links are in text order and never overlap: binary search.
        var low = 0, high = links.count
        while low < high {
            let mid = (low + high) / 2
            if links[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low < links.count, links[low].range.contains(offset) else { return nil }
        return links[low].url
    }

    /// The styles at character `offset`, outermost first.
    public func styles(at offset: Int) -> [TextStyle] {
        spans.filter { $0.range.contains(offset) }.map(\.style)
    }
}

/// How a range of rendered Markdown looks.
public enum TextStyle: Sendable, Hashable {
    /// A heading, level 1 to 6.
    case heading(Int)
    case emphasis
    case strong
    /// Inline code.
    case code
    /// A fenced or indented code block (and raw HTML blocks, shown as written).
    case codeBlock
    /// Text inside a block quote.
    case quote
    /// A block indented `level` steps (lists and quotes).
    case indent(Int)
    /// The first paragraph of a list item at `level`: its bullet hangs in the margin.
    case bullet(Int)
    /// Link text.
    case link
    /// A thematic break.
    case rule
    /// The label before a section added or changed since the version a person
    /// accepted ("Changed", "New"; see ``TermsChanges``): tinted, not Markdown's.
    case changeMark
}

extension Range<Int> {
    /// The same range `offset` further on.
    func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}

import BeckonConsent
import BeckonCore
import CBeckonMarkdown
import CCmark

/// Renders CommonMark into ``StyledText`` by walking libcmark's tree with its
/// iterator: headings, emphasis, lists, links, code and block quotes.
///
/// Blocks are separated by a blank line (list items of a tight list by a line
/// break), list items start with a bullet or number that hangs in the margin,
/// and raw HTML is shown as written rather than interpreted. Nesting indents
/// up to ``deepestIndent`` levels.
public enum MarkdownRenderer {
    /// The deepest nesting of lists and block quotes (together) that indents
    /// further: text nested deeper is indented as deep as this. Each level
    /// adds a margin, and a window is at least as wide as its widest margin:
    /// 5,000 nested quotes made one 54,538 pixels wide, far off the screen.
    public static let deepestIndent = 8

    /// The styled text for `markdown`.
    public static func render(_ markdown: String) -> StyledText {
        defer { beckon_markdown_release() }
        var walker = Walker()
        walker.walk(markdown.utf8[...])
        walker.finish()
        return walker.output
    }

    /// Renders `markdown` a section at a time, handing each piece of styled
    /// text to `onPiece` as soon as it is ready (offsets in each piece start
    /// at 0; the pieces joined are ``render(_:)``'s text). The first piece is
    /// about `firstBytes` of Markdown, later ones about `laterBytes`.
    ///
    /// Pieces are cut where libcmark would start a new top-level block
    /// anyway (see ``MarkdownSections``), so a window can show the top of long
    /// terms before the rest is parsed, and cmark's tree for megabytes of
    /// Markdown never exists at once; a paragraph longer than a piece is cut
    /// inside too (``MarkdownParagraphCuts``).
    public static func render(_ markdown: String, firstBytes: Int, laterBytes: Int,
                              onPiece: (StyledText) -> Void) {
        var markdown = markdown
        defer { beckon_markdown_release() }
        markdown.withUTF8 { bytes in
            var walker = Walker()
            let canCut = MarkdownSections.canCut(bytes)
            var start = 0
            var length = firstBytes
            while true {
                let cut = canCut ? MarkdownSections.nextCut(bytes, after: start, atLeast: length) : nil
                let end = cut ?? bytes.count
                // One paragraph longer than a piece is parsed in parts too.
                let inner = canCut ? MarkdownParagraphCuts.cuts(bytes, from: start, to: end, firstBytes: length,
                                                                laterBytes: laterBytes) : []
                for part in inner {
                    walker.walk(bytes[start..<part.offset], paragraphGoesOnWith: part.joiner)
                    onPiece(walker.takeOutput())
                    start = part.offset
                }
                walker.walk(bytes[start..<end])
                if cut == nil { walker.finish() }
                onPiece(walker.takeOutput())
                guard let cut else { break }
                start = cut
                length = laterBytes
            }
        }
    }
}

/// The state of one walk over a cmark document.
private struct Walker {
    struct List {
        var ordered: Bool
        var next: Int
        var tight: Bool
        var delimiter: String
    }

    var output = StyledText()
    /// Where each open inline (emphasis, link, …) or container started.
    var starts: [Int] = []
    var lists: [List] = []
    var quoteDepth = 0
    /// The bullet of a list item whose first block has not started yet.
    var pendingBullet: String?
    /// Newlines the next block needs before it: 2 leaves a blank line.
    var separation = 2
    /// Where the current leaf block started, and whether it carries a bullet.
    var blockStart = 0
    var blockHasBullet = false

    /// Text handed out by ``takeOutput()`` before ``output``: whether there was
    /// any, and how many newlines it ended with (at most 2 matter).
    var tookText = false
    var tookNewlines = 0

    /// The paragraph this walk ends in goes on in the next walk: its end
    /// puts this between the two parts' text instead of ending the block.
    var paragraphGoesOnWith: String?
    /// This walk starts in the middle of the last walk's paragraph.
    var paragraphGoesOn = false

    /// Parses `markdown`, whose last paragraph goes on in the next walk (the
    /// part of one cut by ``MarkdownParagraphCuts``), after what came before.
    mutating func walk<C: Collection>(_ markdown: C, paragraphGoesOnWith joiner: String) where C.Element == UInt8 {
        paragraphGoesOnWith = joiner
        walk(markdown)
        paragraphGoesOnWith = nil
        paragraphGoesOn = true
    }

    /// Parses `markdown` (whole blocks) and renders it after what came before.
    mutating func walk<C: Collection>(_ markdown: C) where C.Element == UInt8 {
        // Into this thread's arena (beckon_markdown.h), which the next parse
        // empties: the last walk's document is gone then, and this one is
        // never freed node by node (cmark_node_free walks every node to
        // free nothing: 5 % of a million links' rendering).
        let document = markdown.withContiguousStorageIfAvailable { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                beckon_markdown_parse($0.baseAddress, $0.count, CMARK_OPT_DEFAULT)
            }
        } ?? Array(markdown).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                beckon_markdown_parse($0.baseAddress, $0.count, CMARK_OPT_DEFAULT)
            }
        }
        guard let document else { return }
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event.rawValue == CMARK_EVENT_DONE.rawValue { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            visit(node, entering: event.rawValue == CMARK_EVENT_ENTER.rawValue)
        }
    }

    /// The end of the document: no blank lines after the last block.
    mutating func finish() {
        output.removeTrailingNewlines()
    }

    /// The text rendered since the last call; the walk goes on after it.
    mutating func takeOutput() -> StyledText {
        let taken = output
        output = StyledText()
        let newlines = taken.utf8.reversed().prefix { $0 == 0x0A }.count
        if newlines == taken.utf8.count {
            tookNewlines += newlines
        } else {
            tookNewlines = newlines
        }
        tookText = tookText || !taken.utf8.isEmpty
        return taken
    }

    /// Whether the text so far (taken or not) ends with `count` newlines.
    private func endsWithNewlines(_ count: Int) -> Bool {
        let own = output.utf8.reversed().prefix { $0 == 0x0A }.count
        if own >= count { return true }
        return own == output.utf8.count && own + tookNewlines >= count
    }

    private mutating func visit(_ node: OpaquePointer, entering: Bool) {
        // On the raw value: matching imported C enums goes through generic
        // RawRepresentable equality, a third of the walk over a million nodes.
        switch cmark_node_get_type(node).rawValue {
        // Containers.
        case CMARK_NODE_BLOCK_QUOTE.rawValue:
            separation = 2
            quoteDepth += entering ? 1 : -1
        case CMARK_NODE_LIST.rawValue:
            if entering {
                let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                lists.append(List(
                    ordered: ordered, next: Int(cmark_node_get_list_start(node)),
                    tight: cmark_node_get_list_tight(node) != 0,
                    delimiter: cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : "."))
            } else {
                lists.removeLast()
                separation = lists.last?.tight == true ? 1 : 2
            }
        case CMARK_NODE_ITEM.rawValue:
            if entering {
                pendingBullet = bullet()
            } else if pendingBullet != nil {
                leaf(literal: "") // an empty item still shows its bullet
            }
        // Leaf blocks.
        case CMARK_NODE_PARAGRAPH.rawValue:
            if entering {
                // The rest of a paragraph cut in parts: no new block.
                if paragraphGoesOn { paragraphGoesOn = false } else { startBlock() }
            } else if let joiner = paragraphGoesOnWith, cmark_node_next(node) == nil {
                output.append(joiner)
            } else {
                endBlock()
            }
        case CMARK_NODE_HEADING.rawValue:
            if entering {
                separation = 2
                startBlock()
                starts.append(output.characterCount)
            } else {
                let start = starts.removeLast()
                let level = Int(cmark_node_get_heading_level(node))
                span(start, .heading(min(max(level, 1), 6)))
                endBlock()
                separation = 2
            }
        case CMARK_NODE_CODE_BLOCK.rawValue, CMARK_NODE_HTML_BLOCK.rawValue:
            var text = literal(node)
            while text.last == "\n" { text.removeLast() }
            leaf(literal: text, style: .codeBlock)
        case CMARK_NODE_THEMATIC_BREAK.rawValue:
            leaf(literal: String(repeating: "\u{2500}", count: 24), style: .rule)
        // Inlines.
        case CMARK_NODE_TEXT.rawValue, CMARK_NODE_HTML_INLINE.rawValue:
            if let text = cmark_node_get_literal(node) { output.append(cString: text) }
        case CMARK_NODE_SOFTBREAK.rawValue:
            output.append(" ")
        case CMARK_NODE_LINEBREAK.rawValue:
            // A line separator breaks the line but not the paragraph, so a list
            // item's margins still apply to the line after it.
            output.append("\u{2028}")
        case CMARK_NODE_CODE.rawValue:
            let start = output.characterCount
            if let text = cmark_node_get_literal(node) { output.append(cString: text) }
            span(start, .code)
        case CMARK_NODE_EMPH.rawValue:
            inline(entering, .emphasis)
        case CMARK_NODE_STRONG.rawValue:
            inline(entering, .strong)
        case CMARK_NODE_LINK.rawValue:
            if entering {
                starts.append(output.characterCount)
            } else {
                let start = starts.removeLast()
                span(start, .link)
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                if !url.isEmpty, start < output.characterCount {
                    output.links.append(.init(range: start..<output.characterCount, url: url))
                }
            }
        case CMARK_NODE_IMAGE.rawValue:
            // An image cannot be shown inline here; its description can.
            if entering {
                starts.append(output.characterCount)
                output.append("[")
            } else {
                output.append("]")
                span(starts.removeLast(), .emphasis)
            }
        default:
            break
        }
    }

    private mutating func inline(_ entering: Bool, _ style: TextStyle) {
        if entering {
            starts.append(output.characterCount)
        } else {
            span(starts.removeLast(), style)
        }
    }

    private mutating func span(_ start: Int, _ style: TextStyle) {
        guard start < output.characterCount else { return }
        output.spans.append(.init(range: start..<output.characterCount, style: style))
    }

    private mutating func bullet() -> String {
        guard var list = lists.popLast() else { return "" }
        defer { lists.append(list) }
        if list.ordered {
            defer { list.next += 1 }
            return "\(list.next)\(list.delimiter) "
        }
        return ["\u{2022} ", "\u{25E6} ", "\u{25AA} "][(lists.count) % 3]
    }

    private mutating func startBlock() {
        if tookText || !output.utf8.isEmpty {
            if !endsWithNewlines(1) { output.append("\n") }
            if separation >= 2 && !endsWithNewlines(2) { output.append("\n") }
        }
        blockStart = output.characterCount
        blockHasBullet = false
        if let bullet = pendingBullet {
            output.append(bullet)
            pendingBullet = nil
            blockHasBullet = true
        }
    }

    private mutating func endBlock() {
        output.append("\n")
        let level = min(lists.count + quoteDepth, MarkdownRenderer.deepestIndent)
        if level > 0 { span(blockStart, blockHasBullet ? .bullet(level) : .indent(level)) }
        if quoteDepth > 0 { span(blockStart, .quote) }
        separation = lists.last?.tight == true ? 1 : 2
    }

    private mutating func leaf(literal: String, style: TextStyle? = nil) {
        startBlock()
        let start = output.characterCount
        output.append(literal)
        if let style { span(start, style) }
        endBlock()
    }

    private func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }
}

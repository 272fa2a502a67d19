import CCmark

/// What changed between the terms a person accepted and the terms shown now,
/// section by section.
///
/// A section starts at a Markdown heading (at any depth, as libcmark parses
/// it) and runs to the next one; text before the first heading is a section
/// of its own, the preamble, with no heading. Sections are matched by heading
/// text: the first "Privacy" of the earlier text with the first of the
/// current one, the second with the second, and so on. A section of the
/// current text with no match was **added**, one of the earlier text with no
/// match was **removed**; a matched one is **changed** when its Markdown
/// differs (trailing spaces and blank lines aside), else **unchanged**.
///
/// ```swift
/// let changes = TermsChanges(earlier: acceptedMarkdown, current: document.markdown)
/// for section in changes.sections where section.change != .unchanged { print(section.heading ?? "(preamble)") }
/// ```
public struct TermsChanges: Sendable, Hashable {
    /// How a section of the current text differs from the earlier text.
    public enum Change: String, Sendable, Hashable {
        /// No section of the earlier text has this heading (this many times).
        case added
        /// The section with this heading has other Markdown than before.
        case changed
        /// The section is as it was.
        case unchanged
    }

    /// One section of a Markdown text.
    public struct Section: Sendable, Hashable {
        /// The heading's text, without its Markdown; nil for the preamble.
        public var heading: String?
        /// The heading's level, 1 to 6; 0 for the preamble.
        public var level: Int
        /// The section's Markdown, from its heading line to the next heading,
        /// trailing spaces and blank lines dropped: what is compared.
        public var markdown: String
    }

    /// A section of the current text and how it differs from the earlier one.
    public struct ChangedSection: Sendable, Hashable {
        public var section: Section
        public var change: Change
        /// The section's heading, nil for the preamble.
        public var heading: String? { section.heading }
    }

    /// Every section of the current text, in order, with its change.
    public let sections: [ChangedSection]
    /// The sections of the earlier text that the current one no longer has, in order.
    public let removed: [Section]

    /// The changes from `earlier` to `current`, both Markdown.
    public init(earlier: String, current: String) {
        let before = Self.sections(of: earlier)
        let now = Self.sections(of: current)
        // The k-th section with a heading matches the k-th with that heading before.
        var earlierByHeading: [String?: [Section]] = [:]
        for section in before { earlierByHeading[section.heading, default: []].append(section) }
        var used: [String?: Int] = [:]
        sections = now.map { section in
            let index = used[section.heading, default: 0]
            used[section.heading] = index + 1
            guard let match = earlierByHeading[section.heading], index < match.count else {
                return ChangedSection(section: section, change: .added)
            }
            return ChangedSection(section: section, change: match[index].markdown == section.markdown ? .unchanged : .changed)
        }
        var seen: [String?: Int] = [:]
        removed = before.filter { section in
            let index = seen[section.heading, default: 0]
            seen[section.heading] = index + 1
            return index >= used[section.heading, default: 0]
        }
    }

    /// Whether anything differs at all.
    public var isEmpty: Bool { removed.isEmpty && !sections.contains { $0.change != .unchanged } }

    /// The indexes (in ``sections``) of the sections added or changed: what must be shown again.
    public var changedIndexes: [Int] { sections.indices.filter { sections[$0].change != .unchanged } }

    /// The sections of `markdown` in order, split at its headings by libcmark;
    /// the preamble first when there is text before the first heading.
    ///
    /// A heading with nothing in it (a lone `#`) starts no section: it shows
    /// as no heading either.
    public static func sections(of markdown: String) -> [Section] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        var starts: [(line: Int, heading: String, level: Int)] = []
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                guard let document = cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_DEFAULT) else { return }
                defer { cmark_node_free(document) }
                forEachNode(in: document) { node in
                    guard cmark_node_get_type(node).rawValue == CMARK_NODE_HEADING.rawValue,
                          cmark_node_first_child(node) != nil
                    else { return }
                    // cmark counts lines from 1.
                    starts.append((Int(cmark_node_get_start_line(node)) - 1, plainText(of: node),
                                   Int(cmark_node_get_heading_level(node))))
                }
            }
        }
        func body(_ range: Range<Int>) -> String {
            var kept = lines[max(0, range.lowerBound)..<min(lines.count, max(range.lowerBound, range.upperBound))]
                .map { line in String(line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()) }
            while kept.last?.isEmpty == true { kept.removeLast() }
            return kept.joined(separator: "\n")
        }
        var result: [Section] = []
        let preamble = body(0..<(starts.first?.line ?? lines.count))
        if !preamble.isEmpty { result.append(Section(heading: nil, level: 0, markdown: preamble)) }
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].line : lines.count
            result.append(Section(heading: start.heading, level: start.level, markdown: body(start.line..<end)))
        }
        return result
    }

    /// A heading's text as shown: its literals, breaks as spaces, trimmed.
    private static func plainText(of heading: OpaquePointer) -> String {
        var text = ""
        forEachNode(in: heading) { node in
            switch cmark_node_get_type(node).rawValue {
            case CMARK_NODE_TEXT.rawValue, CMARK_NODE_CODE.rawValue, CMARK_NODE_HTML_INLINE.rawValue:
                if let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK.rawValue, CMARK_NODE_LINEBREAK.rawValue:
                text += " "
            default:
                break
            }
        }
        return text.trimmingSpaces
    }

    /// Calls `body` with `root` and each node under it, in document order, on entering it.
    private static func forEachNode(in root: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        var event = cmark_iter_next(iterator)
        while event.rawValue != CMARK_EVENT_DONE.rawValue {
            if event.rawValue == CMARK_EVENT_ENTER.rawValue, let node = cmark_iter_get_node(iterator) { body(node) }
            event = cmark_iter_next(iterator)
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    fileprivate var trimmingSpaces: String {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\n" || c == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}

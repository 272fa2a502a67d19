import BeckonConsent
import BeckonCore

/// Marks in rendered terms: a "Changed" or "New" label (``TextStyle/changeMark``)
/// before each section added or changed, and where each section starts.
extension TermsChanges {
    /// Marks rendered pieces of the current text as they come, in order.
    ///
    /// The renderer gives each heading one ``TextStyle/heading(_:)`` span,
    /// in document order, as ``TermsChanges/sections(of:)`` finds them; the
    /// k-th heading span is the k-th heading section. Should the two ever
    /// disagree (``isConsistent`` false once all pieces came), the caller
    /// falls back to the whole text.
    struct Marker: Sendable {
        let changes: TermsChanges
        let changedMark: String
        let newMark: String
        /// Where each section starts in the marked text, in characters (its
        /// label included): one per section of ``changes`` once all is marked.
        private(set) var sectionStarts: [Int] = []
        /// Characters of marked text handed out so far.
        private(set) var characterCount = 0
        /// More heading spans than sections came.
        private var overflowed = false

        init(_ changes: TermsChanges, labels: TermsLabels) {
            self.changes = changes
            changedMark = labels.changedMark
            newMark = labels.newMark
        }

        /// Whether every section was found in the rendered text, and no more.
        var isConsistent: Bool { !overflowed && sectionStarts.count == changes.sections.count }

        /// The range of section `index` in the marked text; the last runs to `end`.
        func range(ofSection index: Int, end: Int) -> Range<Int> {
            let start = sectionStarts[index]
            let upper = index + 1 < sectionStarts.count ? sectionStarts[index + 1] : end
            return start..<max(start, upper)
        }

        /// `piece` with the labels of its sections' changes; the pieces marked
        /// must be all the rendered text, in order.
        mutating func mark(_ piece: StyledText) -> StyledText {
            var starts: [Int] = []
            if characterCount == 0 && sectionStarts.isEmpty, changes.sections.first?.heading == nil,
               !changes.sections.isEmpty {
                starts.append(0) // the preamble
            }
            var last = -1
            for span in piece.spans {
                guard case .heading = span.style, span.range.lowerBound > last else { continue }
                starts.append(span.range.lowerBound)
                last = span.range.lowerBound
            }
            starts.sort()
            var insertions: [(at: Int, text: String)] = []
            for start in starts {
                let section = sectionStarts.count + insertions.count
                guard section < changes.sections.count else { overflowed = true; break }
                let label: String
                switch changes.sections[section].change {
                case .added: label = newMark
                case .changed: label = changedMark
                case .unchanged: label = ""
                }
                insertions.append((start, label.isEmpty ? "" : "\u{00A0}\(label)\u{00A0}"))
            }
            let marked = piece.inserting(insertions)
            var shift = 0
            for insertion in insertions {
                sectionStarts.append(characterCount + insertion.at + shift)
                shift += insertion.text.unicodeScalars.count + (insertion.text.isEmpty ? 0 : 1)
            }
            characterCount += marked.characterCount
            return marked
        }
    }
}

extension StyledText {
    /// This text with each insertion's text (and a space after it) put in at
    /// its character offset, styled ``TextStyle/changeMark``. Headings and
    /// inline styles that start there start after it; the block's own looks
    /// (indents, bullets, quotes) take it in.
    fileprivate func inserting(_ insertions: [(at: Int, text: String)]) -> StyledText {
        let insertions = insertions.filter { !$0.text.isEmpty }
        guard !insertions.isEmpty else { return self }
        let lengths = insertions.map { $0.text.unicodeScalars.count + 1 }
        func moved(_ position: Int, startOf style: TextStyle?) -> Int {
            var result = position
            for (index, insertion) in insertions.enumerated() {
                let takesIt: Bool
                switch style {
                case .indent?, .bullet?, .quote?, .codeBlock?, .rule?, nil: takesIt = false
                default: takesIt = true
                }
                if insertion.at < position || (insertion.at == position && takesIt) { result += lengths[index] }
            }
            return result
        }
        var result = StyledText()
        var byte = 0
        var character = 0
        for insertion in insertions {
            let start = byte
            while byte < utf8.count, character < insertion.at {
                byte += 1
                while byte < utf8.count, utf8[byte] & 0xC0 == 0x80 { byte += 1 }
                character += 1
            }
            utf8[start..<byte].withUnsafeBufferPointer { result.append(bytes: $0) }
            let labelStart = result.characterCount
            result.append(insertion.text)
            result.spans.append(Span(range: labelStart..<result.characterCount, style: .changeMark))
            result.append(" ")
        }
        utf8[byte...].withUnsafeBufferPointer { result.append(bytes: $0) }
        result.spans += spans.map { span in
            // An end at an insertion is before it; a start there is after it, or takes it in.
            let lower = moved(span.range.lowerBound, startOf: span.style)
            let upper = max(lower, moved(span.range.upperBound, startOf: nil))
            return Span(range: lower..<upper, style: span.style)
        }
        result.spans.sort { $0.range.lowerBound < $1.range.lowerBound }
        result.links = links.map { link in
            let lower = moved(link.range.lowerBound, startOf: .link)
            return Link(range: lower..<max(lower, moved(link.range.upperBound, startOf: nil)), url: link.url)
        }
        return result
    }
}

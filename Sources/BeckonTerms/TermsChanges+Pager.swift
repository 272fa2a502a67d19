import BeckonConsent
import BeckonCore

/// What the terminal pager keeps about the sections changed since the
/// version the person accepted: the same marks and the same rule
/// (``TermsChanges/Progress``) as the window, by line instead of by pixel.
extension TermsChanges {
    @GtkActor
    final class Pager {
        /// The line above the text.
        let summary: String
        /// Which changed sections have been shown, and where n / N are.
        private(set) var progress: Progress
        private var marker: Marker?
        /// The first line of each section at the width last wrapped to, and the line count.
        private var lineStarts: [Int] = []
        private var lineCount = 0

        /// Marks `styled` (all of the current terms) for `earlier`.
        init(_ earlier: Earlier, styled: inout StyledText, labels: TermsLabels,
             onWarning: @Sendable (String) -> Void) {
            summary = earlier.summary(labels)
            progress = Progress(earlier)
            guard let changes = earlier.changes else { return }
            var marker = Marker(changes, labels: labels)
            let marked = marker.mark(styled)
            if marker.isConsistent {
                styled = marked
                self.marker = marker
            } else {
                onWarning("cannot tell the sections of the terms apart; showing them whole")
                progress.stopGatingAccept()
            }
        }

        /// The line above the text wrapped to `width`, at most two lines of it.
        func summaryLines(width: Int) -> [String] {
            var text = StyledText()
            text.append(summary)
            let lines = text.terminalLines(width: width)
            guard lines.count > 2 else { return lines }
            return [lines[0], TerminalText.fit(lines[1] + " " + lines[2...].joined(separator: " "), width: width)]
        }

        /// Where each section starts once `styled` is wrapped to `width`.
        /// Sections start at a line's start, and each line wraps on its own,
        /// so a section's lines are those of its own text.
        func wrap(_ styled: StyledText, width: Int) {
            guard let marker else { return }
            lineStarts = []
            var line = 0
            for index in marker.sectionStarts.indices {
                lineStarts.append(line)
                let range = marker.range(ofSection: index, end: styled.characterCount)
                // Ends with the newline before the next heading: one empty line too many.
                let isLast = index + 1 == marker.sectionStarts.count
                line += styled.slice(range).terminalLines(width: width).count - (isLast ? 0 : 1)
            }
            lineCount = line
        }

        /// The lines of section `index`.
        private func lines(ofSection index: Int) -> Range<Int> {
            lineStarts[index]..<max(lineStarts[index] + 1, index + 1 < lineStarts.count ? lineStarts[index + 1] : lineCount)
        }

        /// Notes the changed sections whose first or last line is among `screen`.
        func note(shown screen: Range<Int>) {
            guard marker != nil else { return }
            for section in progress.changed where section < lineStarts.count {
                let lines = lines(ofSection: section)
                progress.note(section: section, startShown: screen.contains(lines.lowerBound),
                              endShown: screen.contains(lines.upperBound - 1))
            }
        }

        /// The status line's part: where among the changes, how many are left.
        func status(_ labels: TermsLabels) -> String? {
            guard marker != nil, !progress.changed.isEmpty else { return nil }
            return labels.changesStatus(progress)
        }

        /// The first line of the next (`step` 1) or previous (-1) change; nil at the ends.
        func move(by step: Int) -> Int? {
            guard marker != nil,
                  let section = progress.move(by: step, isAvailable: { $0 < lineStarts.count }) else { return nil }
            return lineStarts[section]
        }
    }
}

extension StyledText {
    /// The text of characters `range`, its styles cut to it.
    fileprivate func slice(_ range: Range<Int>) -> StyledText {
        var byte = 0, character = 0
        func advance(to target: Int) {
            while byte < utf8.count, character < target {
                byte += 1
                while byte < utf8.count, utf8[byte] & 0xC0 == 0x80 { byte += 1 }
                character += 1
            }
        }
        advance(to: range.lowerBound)
        let start = byte
        advance(to: range.upperBound)
        var result = StyledText()
        utf8[start..<byte].withUnsafeBufferPointer { result.append(bytes: $0) }
        result.spans = spans.compactMap { span in
            let lower = max(span.range.lowerBound, range.lowerBound), upper = min(span.range.upperBound, range.upperBound)
            return lower < upper ? Span(range: (lower - range.lowerBound)..<(upper - range.lowerBound), style: span.style) : nil
        }
        return result
    }
}

import BeckonCore

/// Rendered terms as lines for a terminal: wrapped to its width, list and
/// quote levels as indents, styles as ANSI attributes.
extension StyledText {
    /// The text in lines of at most `width` cells, each ending plain. A
    /// control character of the terms' own (an escape sequence, a bell) is
    /// shown as U+FFFD, a tab as a space: only the styles added here drive
    /// the terminal.
    func terminalLines(width: Int) -> [String] {
        let scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
            guard TerminalText.isControl(scalar), scalar != "\n" else { return scalar }
            return scalar == "\t" ? " " : TerminalText.replacement
        }
        var styles = [UInt8](repeating: 0, count: scalars.count)
        var levels = [UInt8](repeating: 0, count: scalars.count)
        for span in spans {
            let range = max(0, span.range.lowerBound)..<min(scalars.count, span.range.upperBound)
            guard !range.isEmpty else { continue }
            switch span.style {
            case .indent(let level), .bullet(let level):
                for index in range { levels[index] = max(levels[index], UInt8(clamping: level)) }
            default:
                let bit = Self.terminalBit(span.style)
                for index in range { styles[index] |= bit }
            }
        }
        let width = max(10, width)
        var lines: [String] = []
        var start = 0
        while start <= scalars.count {
            var end = start
            while end < scalars.count, scalars[end] != "\n", scalars[end] != "\u{2028}" { end += 1 }
            let indent = min(width / 2, 2 * Int(start < levels.count ? levels[start] : 0))
            wrap(scalars, styles, start..<end, width: width - indent, into: &lines,
                 indent: String(repeating: " ", count: indent))
            start = end + 1
        }
        return lines
    }

    private func wrap(_ scalars: [Unicode.Scalar], _ styles: [UInt8], _ range: Range<Int>, width: Int,
                      into lines: inout [String], indent: String) {
        var lineStart = range.lowerBound
        while true {
            var cells = 0
            var index = lineStart
            var lastSpace: Int?
            while index < range.upperBound {
                let cell = TerminalText.cellWidth(scalars[index])
                if cells + cell > width { break }
                if scalars[index] == " " { lastSpace = index }
                cells += cell
                index += 1
            }
            let end = index < range.upperBound ? (lastSpace.map { $0 + 1 } ?? max(index, lineStart + 1)) : index
            lines.append(indent + Self.styledLine(scalars, styles, lineStart..<end))
            lineStart = end
            if lineStart >= range.upperBound { return }
        }
    }

    private static func styledLine(_ scalars: [Unicode.Scalar], _ styles: [UInt8], _ range: Range<Int>) -> String {
        var line = ""
        var current: UInt8 = 0
        for index in range {
            if styles[index] != current {
                current = styles[index]
                line += TerminalText.reset + attributes(current)
            }
            line.unicodeScalars.append(scalars[index])
        }
        if current != 0 { line += TerminalText.reset }
        return line
    }

    private static func terminalBit(_ style: TextStyle) -> UInt8 {
        switch style {
        case .heading: 1
        case .strong: 2
        case .emphasis: 4
        case .code, .codeBlock: 8
        case .quote: 16
        case .link: 32
        case .rule: 64
        case .changeMark: 128
        case .indent, .bullet: 0
        }
    }

    private static func attributes(_ bits: UInt8) -> String {
        var codes: [String] = []
        if bits & (1 | 2) != 0 { codes.append("1") }
        if bits & 1 != 0 { codes.append("4") }
        if bits & 4 != 0 { codes.append("3") }
        if bits & 8 != 0 { codes.append("36") }
        if bits & (16 | 64) != 0 { codes.append("2") }
        if bits & 32 != 0 { codes.append("4;34") }
        if bits & 128 != 0 { codes.append("7") }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

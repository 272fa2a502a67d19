import CGtk

/// Text as a terminal shows it: widths in cells, wrapping, ANSI styles,
/// Pango markup and mnemonics taken out.
package enum TerminalText {
    static let bold = "\u{1B}[1m", dim = "\u{1B}[2m", italic = "\u{1B}[3m", underline = "\u{1B}[4m"
    package static let reverse = "\u{1B}[7m", reset = "\u{1B}[0m"

    /// `text` in `style`, then back to plain.
    package static func styled(_ text: String, _ style: String) -> String {
        style.isEmpty || text.isEmpty ? text : style + text + reset
    }

    /// A checkbox's line, `[x] label` cut to `width` cells. The focused one is
    /// in reverse video, as a focused button is: the terminal's cursor on the
    /// box alone was all that showed Tab had reached it, and many terminals
    /// draw that cursor thin or not blinking, or not at all.
    package static func checkbox(_ label: String, isChecked: Bool, isFocused: Bool, width: Int) -> String {
        let line = (isChecked ? "[x] " : "[ ] ") + fit(label, width: width - 4)
        return isFocused ? styled(line, reverse) : line
    }

    /// The cells `text` takes: wide characters two, combining marks none, ANSI
    /// sequences none.
    package static func width(_ text: String) -> Int {
        var cells = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value), scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            cells += cellWidth(scalar)
        }
        return cells
    }

    package static func cellWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = gunichar(scalar.value)
        if scalar.value < 0x20 || g_unichar_iszerowidth(value) != 0 { return 0 }
        return g_unichar_iswide(value) != 0 ? 2 : 1
    }

    /// `text` on one line, printable, cut to `width` cells, with "…" when
    /// something was cut. Plain text only: no styles.
    package static func fit(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        let text = printable(text, lineBreaks: false)
        guard Self.width(text) > width else { return text }
        var result = ""
        var cells = 0
        for character in text {
            let cell = character.unicodeScalars.reduce(0) { $0 + cellWidth($1) }
            if cells + cell > width - 1 { break }
            result.append(character)
            cells += cell
        }
        return result + "…"
    }

    /// Plain `text`, printable, in lines of at most `width` cells, broken at
    /// spaces where it can be and anywhere where it cannot; "\n" starts a line.
    package static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        let text = printable(text)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var cells = 0
            var lastSpace: String.Index?
            for character in paragraph.flatMap({ $0 == "\t" ? Array(repeating: Character(" "), count: 4) : [$0] }) {
                let cell = character.unicodeScalars.reduce(0) { $0 + cellWidth($1) }
                if cells + cell > width {
                    if let space = lastSpace, space > line.startIndex {
                        let rest = String(line[line.index(after: space)...])
                        lines.append(String(line[..<space]))
                        line = rest
                    } else {
                        lines.append(line)
                        line = ""
                    }
                    cells = Self.width(line)
                    lastSpace = nil
                }
                if character == " " { lastSpace = line.endIndex }
                line.append(character)
                cells += cell
            }
            lines.append(line)
        }
        return lines
    }

    /// Text from content (a list's cells, a text, the terms, a message, a
    /// title, a label) as a terminal can show it: a tab as four spaces, a
    /// carriage return dropped, any other control character (C0, DEL, C1) as
    /// U+FFFD, so an escape sequence in the content cannot drive the terminal.
    /// A line break stays, unless `lineBreaks` is false: then it is a space,
    /// for text that must stay on one line. Every piece of content goes
    /// through this before it reaches the terminal; beckon's own styles and
    /// cursor moves are added after.
    package static func printable(_ text: String, lineBreaks: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: result.append(contentsOf: "    ".unicodeScalars)
            case 0x0A: result.append(lineBreaks ? scalar : " ")
            case 0x0D: continue
            case _ where isControl(scalar): result.append(replacement)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether a terminal may act on `scalar` rather than show it: the C0
    /// controls (ESC, BEL, line breaks…), DEL, and the C1 controls (U+0080 to
    /// U+009F, among them CSI and OSC as single characters).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// What a control character in content is shown as.
    package static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// `text` without the escape sequences beckon itself adds (CSI: styles,
    /// cursor moves, erasing), for a terminal that does not understand them.
    static func withoutEscapes(_ text: String) -> String {
        guard text.unicodeScalars.contains("\u{1B}") else { return text }
        var result = String.UnicodeScalarView()
        var inEscape = false
        var afterEscape = false
        for scalar in text.unicodeScalars {
            if afterEscape {
                afterEscape = false
                if scalar == "[" { inEscape = true }
                continue
            }
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { afterEscape = true; continue }
            result.append(scalar)
        }
        return String(result)
    }

    /// The text of Pango `markup` without its tags and entities; the markup
    /// itself when it does not parse, as GTK then shows it. Not yet
    /// ``printable(_:lineBreaks:)``: ``plain(_:)`` is what prompts take.
    static func plain(markup: String) -> String {
        var text: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(markup, -1, 0, nil, &text, nil, &error) != 0, let text else {
            if error != nil { g_error_free(error) }
            return markup
        }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// What `text` shows, printable: its markup taken out when it is markup
    /// (an entity such as `&#27;` is a control character only once parsed).
    static func plain(_ text: DialogText) -> String {
        printable(text.isMarkup ? plain(markup: text.string) : text.string)
    }

    /// A label without its mnemonic underscore ("__" is one underscore),
    /// printable and on one line, and the mnemonic's letter, lowercased.
    package static func mnemonic(_ label: String) -> (text: String, key: Character?, offset: Int?) {
        let label = printable(label, lineBreaks: false)
        var text = ""
        var key: Character?
        var offset: Int?
        var underscore = false
        for character in label {
            if underscore {
                underscore = false
                if character != "_", key == nil {
                    key = Character(character.lowercased())
                    offset = text.count
                }
                text.append(character)
            } else if character == "_" {
                underscore = true
            } else {
                text.append(character)
            }
        }
        return (text, key, offset)
    }
}

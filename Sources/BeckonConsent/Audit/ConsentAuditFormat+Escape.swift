/// Escaping for every output form of an audit: a value from the journal is
/// whatever its writer sent, NUL bytes, escape sequences and newlines
/// included, and no such byte may reach a terminal, cut a line or forge a row.
extension ConsentAuditFormat {
    /// `value` with every control character (C0 with NUL, DEL, C1), the
    /// Unicode line and paragraph separators and the bidirectional
    /// overrides written as JSON escapes (`\n`, `\u0000`, `\u202e`), and
    /// then a backslash as `\\`, so an escape cannot be told from a
    /// backslash in the value. A value with none of them is itself.
    public static func escapingControlCharacters(_ value: String) -> String {
        guard needsEscaping(value, quote: false) else { return value }
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count + 16)
        appendEscaped(value, quote: false, to: &escaped)
        return escaped
    }

    /// `value` as a JSON string, quotes included, escaped as
    /// ``escapingControlCharacters(_:)`` escapes (and `"` as `\"`).
    public static func jsonString(_ value: String) -> String {
        var text = ""
        appendJSONString(value, to: &text)
        return text
    }

    static func appendJSONString(_ value: String, to text: inout String) {
        text += "\""
        if needsEscaping(value, quote: true) { appendEscaped(value, quote: true, to: &text) } else { text += value }
        text += "\""
    }

    /// Whether any byte may need escaping: ASCII control, DEL, a backslash
    /// (a quote for JSON), or any non-ASCII byte, whose characters are then looked at one by one.
    private static func needsEscaping(_ value: String, quote: Bool) -> Bool {
        value.utf8.contains { $0 < 0x20 || $0 >= 0x7F || $0 == 0x5C || (quote && $0 == 0x22) }
    }

    private static func appendEscaped(_ value: String, quote: Bool, to text: inout String) {
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22 where quote: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            case 0x08: text += "\\b"
            case 0x0C: text += "\\f"
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
    }
}

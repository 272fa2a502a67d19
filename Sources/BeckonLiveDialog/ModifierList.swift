import BeckonIO

/// swiftDialog's "label,modifier,key=value" values (`--textfield`,
/// `--checkbox`, `--selecttitle`, `--listitem`): the label first, then words
/// and key=value pairs. A comma inside double quotes belongs to the value, so
/// `regex="\d{2,5}"` stays whole; the quotes themselves are dropped.
struct ModifierList: Equatable {
    var label: String
    /// Bare words, lower-cased (`required`, `secure`).
    var words: Set<String> = []
    /// key=value pairs, keys lower-cased, in order of appearance.
    var values: [(key: String, value: String)] = []

    static func == (lhs: ModifierList, rhs: ModifierList) -> Bool {
        lhs.label == rhs.label && lhs.words == rhs.words
            && lhs.values.map(\.key) == rhs.values.map(\.key) && lhs.values.map(\.value) == rhs.values.map(\.value)
    }

    init(parsing text: String) {
        let parts = Self.split(text)
        label = parts.first.map { Self.unquoted($0.trimmingWhitespace) } ?? ""
        for part in parts.dropFirst() {
            let piece = part.trimmingWhitespace
            if let equals = piece.firstIndex(of: "=") {
                let key = piece[..<equals].trimmingWhitespace.lowercased()
                values.append((key, Self.unquoted(piece[piece.index(after: equals)...].trimmingWhitespace)))
            } else if !piece.isEmpty {
                words.insert(piece.lowercased())
            }
        }
    }

    /// The last value given for `key`.
    func value(_ key: String) -> String? { values.last { $0.key == key }?.value }

    private static func split(_ text: String) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "\"": quoted.toggle()
            case "," where !quoted:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
            index = text.index(after: index)
        }
        parts.append(text[start...])
        return parts
    }

    private static func unquoted(_ text: Substring) -> String {
        if text.count >= 2, text.first == "\"", text.last == "\"" { return String(text.dropFirst().dropLast()) }
        return String(text.filter { $0 != "\"" })
    }
}

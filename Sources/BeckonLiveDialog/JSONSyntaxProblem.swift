/// Where a JSON text that does not parse first goes wrong, and what was
/// expected there, in words an administrator can act on.
///
/// json-glib finds that a text is broken, but its words mislead: a key with
/// no value (`{"title": }`) is "unexpected character `}', expected character
/// `}'", and a trailing comma is "expected character `]'" inside an object.
/// So when json-glib refuses a text, this reads it again with JSON's grammar
/// (RFC 8259) to say where and what, and json-glib's words are kept only when
/// this finds nothing. Nesting is bounded before (``JSONValue``'s depth check),
/// so the recursion here is too.
struct JSONSyntaxProblem: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var problem: String

    var description: String { "line \(line), column \(column): \(problem)" }

    /// The first problem in `text`, or nil when its syntax is sound.
    static func find(in text: String) -> JSONSyntaxProblem? {
        var reader = Reader(Array(text.unicodeScalars))
        reader.skipSpace()
        if reader.atEnd { return reader.problem("the text is empty: want a JSON object, as in { \"title\": \"Hello\" }") }
        if let problem = reader.value() { return problem }
        reader.skipSpace()
        if !reader.atEnd {
            return reader.problem("\(reader.found) after the end of the JSON; remove it, or join it with a comma inside the object")
        }
        return nil
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }
        var next: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        /// What is at the reading point, for messages: a quoted character, a
        /// word (an unquoted key, `True`), or the end.
        var found: String {
            guard let next else { return "the end of the text" }
            if next.properties.isAlphabetic || next == "_" {
                var end = index
                while end < scalars.count, scalars[end].properties.isAlphabetic || scalars[end] == "_"
                    || ("0"..."9").contains(scalars[end]) { end += 1 }
                return "'\(String(String.UnicodeScalarView(scalars[index..<min(end, index + 40)])))'"
            }
            return "'\(Character(next))'"
        }

        func problem(_ words: String, at position: Int? = nil) -> JSONSyntaxProblem {
            let at = min(position ?? index, scalars.count)
            var line = 1, column = 1
            for scalar in scalars[..<at] {
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            return JSONSyntaxProblem(line: line, column: column, problem: words)
        }

        mutating func skipSpace() {
            while let next, next == " " || next == "\t" || next == "\n" || next == "\r" { index += 1 }
        }

        mutating func value() -> JSONSyntaxProblem? {
            skipSpace()
            guard let next else { return problem("the text ends where a value was expected") }
            switch next {
            case "{": return object()
            case "[": return array()
            case "\"": return string()
            case "'": return problem("strings take double quotes (\"), not single quotes")
            case "-", "0"..."9": return number()
            default:
                for word in ["true", "false", "null"] where matches(word) {
                    index += word.unicodeScalars.count
                    return nil
                }
                return problem("a value (a string in double quotes, a number, true, false, null, an array or an object) was expected, found \(found)")
            }
        }

        private func matches(_ word: String) -> Bool {
            let characters = Array(word.unicodeScalars)
            guard index + characters.count <= scalars.count else { return false }
            return Array(scalars[index..<index + characters.count]) == characters
        }

        private mutating func object() -> JSONSyntaxProblem? {
            let opening = index
            index += 1
            skipSpace()
            if next == "}" { index += 1; return nil }
            while true {
                skipSpace()
                guard let next else { return problem("the object opened at \(place(opening)) is not closed: '}' is missing") }
                guard next == "\"" else {
                    if next == "}" { return problem("a key was expected after the comma, found '}': remove the comma before it") }
                    return problem("a key in double quotes was expected, found \(found)")
                }
                if let problem = string() { return problem }
                skipSpace()
                guard self.next == ":" else { return problem("':' was expected after the key, found \(found)") }
                index += 1
                skipSpace()
                if self.next == "," || self.next == "}" { return problem("a value was expected after ':', found \(found)") }
                if let problem = value() { return problem }
                skipSpace()
                switch self.next {
                case ",": index += 1
                case "}": index += 1; return nil
                case nil: return problem("the object opened at \(place(opening)) is not closed: '}' is missing")
                default: return problem("',' or '}' was expected after the value, found \(found)")
                }
            }
        }

        private mutating func array() -> JSONSyntaxProblem? {
            let opening = index
            index += 1
            skipSpace()
            if next == "]" { index += 1; return nil }
            while true {
                skipSpace()
                if next == "]" { return problem("a value was expected after the comma, found ']': remove the comma before it") }
                if next == nil { return problem("the array opened at \(place(opening)) is not closed: ']' is missing") }
                if let problem = value() { return problem }
                skipSpace()
                switch next {
                case ",": index += 1
                case "]": index += 1; return nil
                case nil: return problem("the array opened at \(place(opening)) is not closed: ']' is missing")
                default: return problem("',' or ']' was expected after the value, found \(found)")
                }
            }
        }

        private mutating func string() -> JSONSyntaxProblem? {
            let opening = index
            index += 1
            while let next {
                switch next {
                case "\"": index += 1; return nil
                case "\\":
                    guard index + 1 < scalars.count else { break }
                    let escaped = scalars[index + 1]
                    if escaped == "u" {
                        let digits = scalars[(index + 2)..<min(index + 6, scalars.count)]
                        guard digits.count == 4, digits.allSatisfy({ $0.properties.isASCIIHexDigit }) else {
                            return problem("\\u wants four hexadecimal digits")
                        }
                        index += 6
                    } else if "\"\\/bfnrt".unicodeScalars.contains(escaped) {
                        index += 2
                    } else {
                        return problem("'\\\(Character(escaped))' is not an escape of JSON (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
                    }
                    continue
                default:
                    // A new line inside a string is taken, as json-glib takes
                    // it and swiftDialog makes it `\n` (processJSONString).
                    break
                }
                index += 1
            }
            return problem("the string that starts here is not closed: '\"' is missing", at: opening)
        }

        private mutating func number() -> JSONSyntaxProblem? {
            let start = index
            if next == "-" { index += 1 }
            func digits() -> Int {
                let from = index
                while let next, ("0"..."9").contains(next) { index += 1 }
                return index - from
            }
            let whole = index
            guard digits() > 0 else { return problem("a digit was expected in the number at \(place(start))") }
            if scalars[whole] == "0" && index - whole > 1 { return problem("a number does not start with 0 (\(place(start)))", at: whole) }
            if next == "." {
                index += 1
                guard digits() > 0 else { return problem("a digit was expected after the decimal point") }
            }
            if next == "e" || next == "E" {
                index += 1
                if next == "+" || next == "-" { index += 1 }
                guard digits() > 0 else { return problem("a digit was expected in the exponent") }
            }
            return nil
        }

        /// "line L, column C" of a position, for "opened at".
        private func place(_ position: Int) -> String {
            let where_ = problem("", at: position)
            return "line \(where_.line), column \(where_.column)"
        }
    }
}

import BeckonJSON

/// Reads one JSON object given for a text field, checkbox, select list or list
/// row, naming the key (`textfield.required`) when a value has the wrong type.
struct JSONObjectReader {
    let members: [String: JSONValue]
    /// The option it was given for, for messages.
    let option: String

    func string(_ key: String) throws(LiveDialogError) -> String? {
        guard let value = members[key] else { return nil }
        switch value {
        case .null: return nil
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        default: throw .wrongType("\(option).\(key)", wants: "a string", got: JSONValueKind(value))
        }
    }

    /// The first of two spellings that is given.
    func string(_ key: String, or other: String) throws(LiveDialogError) -> String? {
        if let value = try string(key) { return value }
        return try string(other)
    }

    func bool(_ key: String, or other: String) throws(LiveDialogError) -> Bool? {
        if let value = try bool(key) { return value }
        return try bool(other)
    }

    func bool(_ key: String) throws(LiveDialogError) -> Bool? {
        guard let value = members[key] else { return nil }
        switch value {
        case .null: return nil
        case .bool(let on): return on
        case .string(let text) where ["true", "false"].contains(text.lowercased()): return text.lowercased() == "true"
        default: throw .wrongType("\(option).\(key)", wants: "true or false", got: JSONValueKind(value))
        }
    }

    func number(_ key: String) throws(LiveDialogError) -> Double? {
        guard let value = members[key] else { return nil }
        switch value {
        case .null: return nil
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .string(let text):
            if let number = Double(text) { return number }
            fallthrough
        default: throw .wrongType("\(option).\(key)", wants: "a number", got: JSONValueKind(value))
        }
    }

    func strings(_ key: String) throws(LiveDialogError) -> [String]? {
        guard let value = members[key] else { return nil }
        switch value {
        case .null: return nil
        case .string(let text): return text.split(separator: ",").map { $0.trimmingWhitespace }.map(String.init)
        case .array(let items):
            var result: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item else {
                    throw .wrongType("\(option).\(key)[\(index)]", wants: "a string", got: JSONValueKind(item))
                }
                result.append(text)
            }
            return result
        default: throw .wrongType("\(option).\(key)", wants: "an array of strings", got: JSONValueKind(value))
        }
    }
}

import BeckonJSON

/// A JSON value's type, named in messages about a key that holds the wrong one.
public enum JSONValueKind: Sendable, Equatable, CustomStringConvertible {
    case null, bool, number, string, array, object

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool: self = .bool
        case .int, .double: self = .number
        case .string: self = .string
        case .array: self = .array
        case .object: self = .object
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

import CGLib
import CJSONGLib

/// Why a JSON text could not be read.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// json-glib's message, with line and column.
    public var message: String
    public var description: String { message }
}

extension JSONValue {
    /// The JSON text of this value: compact on one line, or indented with two spaces.
    public func serialized(pretty: Bool = false) -> String {
        let node = makeNode()
        let generator = json_generator_new()!
        json_generator_set_root(generator, node)
        json_generator_set_pretty(generator, pretty ? 1 : 0)
        json_generator_set_indent(generator, 2)
        let text = json_generator_to_data(generator, nil)!
        defer {
            g_free(text)
            json_node_unref(node)
            g_object_unref(generator)
        }
        return String(cString: text)
    }

    /// Parses JSON text.
    ///
    /// Throws for text nested deeper than ``maximumNestingDepth``, before
    /// json-glib sees it (its parser recurses once per level), and for
    /// json-glib's extensions that are not JSON: single-quoted strings and
    /// comments.
    public init(parsing text: String) throws(JSONParseError) {
        try Self.checkNesting(text)
        let parser = json_parser_new()!
        defer { g_object_unref(parser) }
        var error: UnsafeMutablePointer<GError>?
        let ok = text.withCString { json_parser_load_from_data(parser, $0, -1, &error) }
        guard ok != 0, let root = json_parser_get_root(parser) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "empty document"
            if error != nil { g_error_free(error) }
            throw JSONParseError(message: message)
        }
        self = JSONValue(node: root)
    }

    /// Recurses once per level: only for trees that ``checkNesting(_:)`` bounded.
    private init(node: OpaquePointer) {
        switch json_node_get_node_type(node) {
        case JSON_NODE_OBJECT:
            let object = json_node_get_object(node)!
            var members: [(String, JSONValue)] = []
            var iter = JsonObjectIter()
            json_object_iter_init_ordered(&iter, object)
            var name: UnsafePointer<CChar>?
            var member: OpaquePointer?
            while json_object_iter_next_ordered(&iter, &name, &member) != 0 {
                members.append((String(cString: name!), JSONValue(node: member!)))
            }
            self = .object(members)
        case JSON_NODE_ARRAY:
            let array = json_node_get_array(node)!
            self = .array((0..<json_array_get_length(array)).map {
                JSONValue(node: json_array_get_element(array, $0))
            })
        case JSON_NODE_VALUE:
            switch json_node_get_value_type(node) {
            case FundamentalType.boolean: self = .bool(json_node_get_boolean(node) != 0)
            case FundamentalType.int64: self = .int(Int64(json_node_get_int(node)))
            case FundamentalType.double: self = .double(json_node_get_double(node))
            case FundamentalType.string: self = .string(String(cString: json_node_get_string(node)))
            default: self = .null
            }
        default:
            self = .null
        }
    }

    private func makeNode() -> OpaquePointer {
        switch self {
        case .null:
            return json_node_new(JSON_NODE_NULL)
        case .bool(let b):
            let n = json_node_new(JSON_NODE_VALUE)!; json_node_set_boolean(n, b ? 1 : 0); return n
        case .int(let i):
            let n = json_node_new(JSON_NODE_VALUE)!; json_node_set_int(n, gint64(i)); return n
        case .double(let d):
            let n = json_node_new(JSON_NODE_VALUE)!; json_node_set_double(n, d); return n
        case .string(let s):
            let n = json_node_new(JSON_NODE_VALUE)!; json_node_set_string(n, s); return n
        case .array(let elements):
            let array = json_array_sized_new(UInt32(elements.count))!
            for e in elements { json_array_add_element(array, e.makeNode()) }
            let n = json_node_new(JSON_NODE_ARRAY)!; json_node_take_array(n, array); return n
        case .object(let members):
            let object = json_object_new()!
            for (k, v) in members { json_object_set_member(object, k, v.makeNode()) }
            let n = json_node_new(JSON_NODE_OBJECT)!; json_node_take_object(n, object); return n
        }
    }
}

/// GLib's fundamental type ids. G_TYPE_BOOLEAN and friends are macros with
/// casts that Swift does not import; the ids are fixed ABI (number << 2).
private enum FundamentalType {
    static let boolean = GType(5 << 2)
    static let int64 = GType(10 << 2)
    static let double = GType(15 << 2)
    static let string = GType(16 << 2)
}

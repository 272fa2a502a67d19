import BeckonJSON

/// What a `--jsonfile` or `--jsonstring` said besides the dialog itself.
public struct LiveDialogJSONInput: Sendable, Equatable {
    public var commandFile: String?
    public var jsonOutput: Bool?
    /// Keys ignored: unknown ones, and options with no meaning on Linux.
    public var warnings: [String] = []
}

extension LiveDialogSpec {
    /// Applies a JSON configuration (swiftDialog's "JSON Configuration" page)
    /// over what the command line set: a key given in JSON takes precedence, and
    /// an array replaces what the command line gave for that option.
    ///
    /// A value of the wrong type is an error naming the key
    /// (`"listitem[2].status": wants a string, not a number`).
    public mutating func apply(json text: String, context: LiveDialogContext = .init())
        throws(LiveDialogError) -> LiveDialogJSONInput {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: text)
        } catch {
            throw LiveDialogError("the JSON cannot be read: \(error.message)")
        }
        guard case .object(let members) = root else {
            throw LiveDialogError("the JSON wants an object at the top, { \"title\": … }, not \(JSONValueKind(root).description)")
        }
        var input = LiveDialogJSONInput()
        for (key, value) in members {
            switch key.lowercased() {
            case "selectitems":
                selects = try Self.objects(value, key: key).map { item throws(LiveDialogError) in try SelectList(item) }
            case "commandfile":
                guard case .string(let path) = value else { throw .wrongType(key, wants: "a string", got: JSONValueKind(value)) }
                input.commandFile = path
            case "json":
                guard case .bool(let on) = value else { throw .wrongType(key, wants: "true or false", got: JSONValueKind(value)) }
                input.jsonOutput = on
            case "jsonfile", "jsonstring":
                input.warnings.append("JSON key \"\(key)\" is ignored: JSON cannot name more JSON")
            default:
                guard let option = LiveDialogOption.named(key) else {
                    input.warnings.append("JSON key \"\(key)\" is not an option of beckon dialog; ignored")
                    continue
                }
                if case .notApplicable(let why) = option.support {
                    input.warnings.append("JSON key \"\(key)\" is ignored: \(why)")
                    continue
                }
                try apply(option, json: value, key: key, context: context)
            }
        }
        return input
    }

    private mutating func apply(_ option: LiveDialogOption, json value: JSONValue, key: String,
                                context: LiveDialogContext) throws(LiveDialogError) {
        switch option.shape {
        case .flag:
            switch value {
            case .bool(let on): try option.apply(.flag(on), to: &self, context: context)
            case .string(let text) where ["true", "false"].contains(text.lowercased()):
                try option.apply(.flag(text.lowercased() == "true"), to: &self, context: context)
            default: throw .wrongType(key, wants: "true or false", got: JSONValueKind(value))
            }
        case .text, .optionalText:
            if case .bool(true) = value, case .optionalText = option.shape {
                try option.apply(.flag(true), to: &self, context: context)
            } else {
                try option.apply(.text(try Self.scalar(value, key: key)), to: &self, context: context)
            }
        case .repeated:
            clear(option.name)
            let items: [JSONValue] = if case .array(let items) = value { items } else { [value] }
            for (index, item) in items.enumerated() {
                let named = "\(key)[\(index)]"
                if case .object(let members) = item {
                    try option.apply(.object(Self.dictionary(members)), to: &self, context: context)
                } else {
                    try option.apply(.text(try Self.scalar(item, key: named)), to: &self, context: context)
                }
            }
        }
    }

    /// An array given in JSON replaces the command line's values.
    private mutating func clear(_ name: String) {
        switch name {
        case "textfield": textFields = []
        case "checkbox": checkboxes = []
        case "listitem": listItems = []
        case "selecttitle": selects = []
        default: break
        }
    }

    /// A string, or a number written as one (`"width": 600`).
    private static func scalar(_ value: JSONValue, key: String) throws(LiveDialogError) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        default: throw .wrongType(key, wants: "a string", got: JSONValueKind(value))
        }
    }

    private static func objects(_ value: JSONValue, key: String) throws(LiveDialogError) -> [LiveDialogValue] {
        guard case .array(let items) = value else { throw .wrongType(key, wants: "an array of objects", got: JSONValueKind(value)) }
        var result: [LiveDialogValue] = []
        for (index, item) in items.enumerated() {
            guard case .object(let members) = item else {
                throw .wrongType("\(key)[\(index)]", wants: "an object", got: JSONValueKind(item))
            }
            result.append(.object(dictionary(members)))
        }
        return result
    }

    private static func dictionary(_ members: [(String, JSONValue)]) -> [String: JSONValue] {
        Dictionary(members, uniquingKeysWith: { _, last in last })
    }
}

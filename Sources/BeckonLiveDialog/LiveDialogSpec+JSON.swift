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
    ///
    /// Text that is not JSON ends with swiftDialog's 202, its message naming
    /// `source` (`--jsonstring`, `--jsonfile FILE`), the line and column, and
    /// what was expected there.
    public mutating func apply(json text: String, source: String = "the JSON", context: LiveDialogContext = .init())
        throws(LiveDialogError) -> LiveDialogJSONInput {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: text)
        } catch {
            // swiftDialog's 202, "JSON import failed" (ProcessCLOptions.swift,
            // processJSON and processJSONString), with where and what.
            let problem = JSONSyntaxProblem.find(in: text)?.description ?? error.message
            throw LiveDialogError("\(source): not JSON: \(problem)", exitCode: LiveDialogExit.fileNotFound)
        }
        guard case .object(let members) = root else {
            throw LiveDialogError("the JSON wants an object at the top, { \"title\": … }, not \(JSONValueKind(root).description)")
        }
        var input = LiveDialogJSONInput()
        // swiftDialog's select lists before 1.10: one list, whose title,
        // values and default are three keys (ProcessCLOptions.swift, the
        // `dropdownValues` block: `selectvalues` read with `arrayValue`, the
        // other two with `stringValue`). Read together once all keys are
        // known, whatever their order; `selectitems` wins, as there.
        var legacySelect: (title: JSONValue?, values: JSONValue?, defaultValue: JSONValue?) = (nil, nil, nil)
        let hasSelectItems = members.contains { $0.0.lowercased() == "selectitems" }
        for (key, value) in members {
            switch key.lowercased() {
            case "selectitems":
                selects = try Self.objects(value, key: key).map { item throws(LiveDialogError) in try SelectList(item) }
            case "selecttitle": legacySelect.title = value
            case "selectvalues": legacySelect.values = value
            case "selectdefault": legacySelect.defaultValue = value
            case "commandfile":
                guard case .string(let path) = value else { throw .wrongType(key, wants: "a string", got: JSONValueKind(value)) }
                input.commandFile = path
            case "json":
                guard case .bool(let on) = value else { throw .wrongType(key, wants: "true or false", got: JSONValueKind(value)) }
                input.jsonOutput = on
            case "jsonfile", "jsonstring":
                input.warnings.append("JSON key \"\(key)\" is ignored: JSON cannot name more JSON")
            case "key", "checksum":
                // swiftDialog checks the key before it reads JSON (ProcessCLOptions.swift, getJSON).
                input.warnings.append("JSON key \"\(key)\" is ignored: give --key or DIALOG_AUTH_KEY, which are checked before JSON is read")
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
        if !hasSelectItems, legacySelect.title != nil || legacySelect.values != nil || legacySelect.defaultValue != nil {
            selects = [try Self.legacySelect(legacySelect)]
        }
        return input
    }

    /// The one select list of `selecttitle` (a string, with `--selecttitle`'s
    /// modifiers), `selectvalues` (an array of strings: one list's values,
    /// not one list per string) and `selectdefault` (a string).
    private static func legacySelect(_ keys: (title: JSONValue?, values: JSONValue?, defaultValue: JSONValue?))
        throws(LiveDialogError) -> SelectList {
        var select = try SelectList(.text(keys.title.map { value throws(LiveDialogError) in try scalar(value, key: "selecttitle") } ?? ""))
        if let values = keys.values {
            guard case .array(let items) = values else {
                throw .wrongType("selectvalues", wants: "an array of strings, one for each value", got: JSONValueKind(values))
            }
            select.values = try items.enumerated().map { index, item throws(LiveDialogError) in
                try scalar(item, key: "selectvalues[\(index)]")
            }
        }
        select.defaultValue = try keys.defaultValue.map { value throws(LiveDialogError) in try scalar(value, key: "selectdefault") }
        return select
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
            // swiftDialog reads these keys with SwiftyJSON's `arrayValue`
            // (ProcessCLOptions.swift: `textfield`, `checkbox`, `listitem`),
            // which makes a string an empty array: `"textfield": "Name"`
            // shows no field there, silently. Here it is an error naming the
            // key, so that the script is mended, not shipped without its field.
            guard case .array(let items) = value else {
                throw .wrongType(key, wants: "an array (of strings or objects), as in \"\(key)\": [\"…\"]",
                                 got: JSONValueKind(value))
            }
            clear(option.name)
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

import BeckonCore
import BeckonJSON

extension FormField.Kind {
    /// The field's type in `--json`, named after its `--add-*` option:
    /// entry, multiline-entry, password, calendar, list or combo.
    var jsonName: String {
        switch self {
        case .entry: "entry"
        case .multilineEntry: "multiline-entry"
        case .password: "password"
        case .calendar: "calendar"
        case .list: "list"
        case .combo: "combo"
        }
    }
}

extension FormField {
    /// One element of a form's `--json` value: `{"label", "type", "value"}`.
    /// An array of these, not an object keyed by label, keeps every field:
    /// two fields may share a label, and the order is the form's.
    func json(_ value: JSONValue) -> JSONValue {
        .object([("label", .string(label)), ("type", .string(kind.jsonName)), ("value", value)])
    }
}

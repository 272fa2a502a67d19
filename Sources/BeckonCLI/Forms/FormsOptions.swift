import Beckon

/// Everything the command line says about a `--forms` dialog.
struct FormsOptions: Sendable, Equatable {
    /// One `--add-*` option and the beckon options that follow it.
    struct Field: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case entry, password, calendar, list, combo }
        var kind: Kind
        var label: String
        /// `--field-value`: what the field starts with, as given.
        var value: String?
        /// `--required`.
        var isRequired = false
        /// `--field-pattern`: a regular expression the whole text must match.
        var pattern: String?
        /// `--field-range`: "MIN..MAX", as given.
        var range: String?
    }

    var common = CommonOptions()
    /// `--text` as given: escapes and markup are still to be processed.
    var text: String?
    /// The fields in command-line order.
    var fields: [Field] = []
    /// Every `--list-values`, `--column-values` and `--combo-values`, in order.
    var listValues: [String] = []
    var columnValues: [String] = []
    var comboValues: [String] = []
    var showHeader = false
    /// `--separator`, taken literally (zenity does not expand its escapes here).
    var separator: String?
    /// `--forms-date-format`: a strftime pattern; nil for the locale's date format.
    var dateFormat: String?

    init() {}

    /// Throws for a beckon field option (`--required`, `--field-*`) that
    /// comes before any `--add-*`, or one that does not suit its field.
    init(_ given: GivenOptions) throws(CLIError) {
        common = CommonOptions(given)
        text = given.string("text")
        listValues = given.strings("list-values")
        columnValues = given.strings("column-values")
        comboValues = given.strings("combo-values")
        showHeader = given.flag("show-header")
        separator = given.string("separator")
        dateFormat = given.string("forms-date-format")
        let kinds: [String: Field.Kind] = ["add-entry": .entry, "add-password": .password, "add-calendar": .calendar,
                                           "add-list": .list, "add-combo": .combo]
        for entry in given.entries {
            if let kind = kinds[entry.name] {
                fields.append(Field(kind: kind, label: entry.value ?? ""))
                continue
            }
            guard Self.fieldOptions.contains(entry.name) else { continue }
            guard var field = fields.popLast() else {
                throw CLIError.badValue(entry.name, "it applies to the field added last with --add-*, and none is added before it")
            }
            defer { fields.append(field) }
            switch entry.name {
            case "field-value": field.value = entry.value
            case "required": field.isRequired = true
            case "field-pattern":
                guard [.entry, .password, .combo].contains(field.kind) else {
                    throw CLIError.badValue(entry.name, "only an entry, a password or a combo can have a pattern")
                }
                field.pattern = entry.value
            default:
                guard field.kind == .entry else {
                    throw CLIError.badValue(entry.name, "only an entry (--add-entry) can have a number range")
                }
                field.range = entry.value
            }
        }
    }

    /// beckon's options that apply to the field added last.
    static let fieldOptions: Set<String> = ["field-value", "required", "field-pattern", "field-range"]

    /// `--forms` as a command-line type: zenity's options in its help order,
    /// then beckon's.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "forms", flagHelp: "Display forms dialog",
            helpTitle: "Forms dialog options", helpSummary: "Show forms dialog options",
            options: [
            O("add-entry", .string, "Field name", "Add a new Entry in forms dialog"),
            O("add-password", .string, "Field name", "Add a new Password Entry in forms dialog"),
            O("add-calendar", .string, "Calendar field name", "Add a new Calendar in forms dialog"),
            O("add-list", .string, "List field and header name", "Add a new List in forms dialog"),
            O("list-values", .string, "List of values separated by |", "List of values for List"),
            O("column-values", .string, "List of values separated by |", "List of values for columns"),
            O("add-combo", .string, "Combo box field name", "Add a new combo box in forms dialog"),
            O("combo-values", .string, "List of values separated by |", "List of values for combo box"),
            O("show-header", .none, nil, "Show the columns header"),
            .text,
            O("separator", .string, "SEPARATOR", "Set output separator character"),
            O("forms-date-format", .string, "PATTERN", "Set the format for the returned date"),
            O("field-value", .string, "VALUE",
              "Start the last added field with VALUE (a date as YYYY-MM-DD, a list's row by its first cell)"),
            O("required", .none, nil, "Keep OK disabled until the last added field is filled in"),
            O("field-pattern", .string, "REGEX", "The last added field's text must wholly match REGEX"),
            O("field-range", .string, "MIN..MAX", "The last added entry must hold a number from MIN to MAX"),
            ],
            make: { given throws(CLIError) in try FormsOptions(given) })
    }()
}

import BeckonCore

/// Everything the command line says about a `--forms` dialog.
struct FormsOptions: KindOptions, Equatable {
    /// One `--add-*` option and the beckon options that follow it.
    struct Field: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case entry, multilineEntry, password, calendar, list, combo }
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

    var arguments: ZenityArguments
    /// The fields in command-line order.
    var fields: [Field] = []

    /// Throws for a beckon field option (`--required`, `--field-*`) that
    /// comes before any `--add-*`, or one that does not suit its field.
    init(arguments: ZenityArguments) throws(CLIError) {
        self.arguments = arguments
        let kinds: [String: Field.Kind] = [Key.addEntry.name: .entry, Key.addMultilineEntry.name: .multilineEntry,
                                           Key.addPassword.name: .password,
                                           Key.addCalendar.name: .calendar, Key.addList.name: .list,
                                           Key.addCombo.name: .combo]
        for entry in arguments.given.entries {
            if let kind = kinds[entry.name] {
                fields.append(Field(kind: kind, label: entry.value ?? ""))
                continue
            }
            guard Self.fieldOptions.contains(where: { $0.option.name == entry.name }) else { continue }
            guard var field = fields.popLast() else {
                throw CLIError.badValue(entry.name, "it applies to the field added last with --add-*, and none is added before it")
            }
            defer { fields.append(field) }
            switch entry.name {
            case Key.fieldValue.name: field.value = entry.value
            case Key.required.name: field.isRequired = true
            case Key.fieldPattern.name:
                guard [.entry, .multilineEntry, .password, .combo].contains(field.kind) else {
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

    /// Its options, each declared once: `text` (escapes and markup still to
    /// be processed), every `listValues`, `columnValues` and `comboValues`,
    /// `separator` (literal: zenity does not expand its escapes here) and
    /// `dateFormat` (nil for the locale's date format).
    enum Key: ZenityOptionTable.Text, ZenityOptionTable.Separator {
        static let addEntry = OptionKey.strings("add-entry", "Field name", "Add a new Entry in forms dialog")
        /// zenity 4.2's; listed with beckon's options, as zenity 3.44's help lacks it.
        static let addMultilineEntry = OptionKey.strings("add-multiline-entry", "Field name",
            "Add a new multi-line entry in forms dialog (zenity 4.2)")
        static let addPassword = OptionKey.strings("add-password", "Field name", "Add a new Password Entry in forms dialog")
        static let addCalendar = OptionKey.strings("add-calendar", "Calendar field name", "Add a new Calendar in forms dialog")
        static let addList = OptionKey.strings("add-list", "List field and header name", "Add a new List in forms dialog")
        static let listValues = OptionKey.strings("list-values", "List of values separated by |", "List of values for List")
        static let columnValues = OptionKey.strings("column-values", "List of values separated by |",
                                                    "List of values for columns")
        static let addCombo = OptionKey.strings("add-combo", "Combo box field name", "Add a new combo box in forms dialog")
        static let comboValues = OptionKey.strings("combo-values", "List of values separated by |",
                                                   "List of values for combo box")
        static let showHeader = OptionKey.flag("show-header", "Show the columns header")
        static let dateFormat = OptionKey.string("forms-date-format", "PATTERN", "Set the format for the returned date")
        // Beyond zenity: they apply to the field added last.
        static let fieldValue = OptionKey.string("field-value", "VALUE",
            "Start the last added field with VALUE (a date as YYYY-MM-DD, a list's row by its first cell)")
        static let required = OptionKey.flag("required", "Keep OK disabled until the last added field is filled in")
        static let fieldPattern = OptionKey.string("field-pattern", "REGEX", "The last added field's text must wholly match REGEX")
        static let fieldRange = OptionKey.string("field-range", "MIN..MAX", "The last added entry must hold a number from MIN to MAX")
    }

    /// beckon's options that apply to the field added last.
    static let fieldOptions: [any DeclaredOption] = [Key.fieldValue, Key.required, Key.fieldPattern, Key.fieldRange]

    /// `--forms` as a command-line type: zenity's options in its help order,
    /// then beckon's.
    static let type = ZenityDialogType(
        "forms", "Display forms dialog", help: "Forms dialog options",
        options: [Key.addEntry, Key.addPassword, Key.addCalendar, Key.addList, Key.listValues, Key.columnValues,
                  Key.addCombo, Key.comboValues, Key.showHeader, Key.text, Key.separator, Key.dateFormat]
            + fieldOptions,
        unlistedOptions: [Key.addMultilineEntry],
        make: FormsOptions.init(arguments:))
}

import BeckonCore

/// A `--forms` dialog worked out from its options, before any window exists:
/// the request to show, what each button means, and how the fields print.
struct FormsPlan: Sendable, Equatable {
    var request: FormsRequest
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons
    /// What goes between two fields' values, literally.
    var separator: String
    /// The strftime pattern the calendars' days print with.
    var dateFormat: String
    /// A line for stderr, such as why the markup was shown as plain text.
    var warning: String?

    /// zenity's default text, before translation (it sets no title).
    static let defaultText = "Forms dialog"

    /// Throws (exit code ZENITY_ERROR, 255 by default) for `--column-values`
    /// without `--list-values`, where zenity crashes, and for a beckon field
    /// option whose value does not fit its field.
    init(_ options: FormsOptions, environment: Environment, translations: Translations,
         localeFormat: () -> String = CalendarFormat.localeDefault) throws(CLIError) {
        func refuse(_ option: String, _ why: String) -> CLIError {
            var error = CLIError.badValue(option, why)
            error.exitCode = ZenityExitCode.error.value(in: environment)
            return error
        }
        if !options.columnValues.isEmpty && options.listValues.isEmpty {
            throw refuse("column-values", "a list's columns need its rows: give --list-values too "
                         + "(zenity 3.44 crashes here)")
        }
        // zenity reads the first --column-values, then takes the second list's
        // columns from the second --list-values, and so on (option.c walks the
        // wrong array); a list past the end takes the first list's columns.
        let columnSets: [String] = options.columnValues.isEmpty ? []
            : [options.columnValues[0]] + options.listValues.dropFirst()
        var lists = 0, combos = 0
        var fields: [FormField] = []
        for given in options.fields {
            var field: FormField
            switch given.kind {
            case .entry: field = FormField(given.label, .entry)
            case .multilineEntry: field = FormField(given.label, .multilineEntry)
            case .password: field = FormField(given.label, .password)
            case .calendar: field = FormField(given.label, .calendar)
            case .list:
                var columns = ["column"]
                if !columnSets.isEmpty {
                    columns = Self.split(columnSets[lists < columnSets.count ? lists : 0])
                    if columns.isEmpty { throw refuse("column-values", "a list needs at least one column") }
                }
                let values = lists < options.listValues.count ? Self.split(options.listValues[lists]) : []
                // Values fill a row's cells in turn; the last row may be short.
                let rows = stride(from: 0, to: values.count, by: columns.count).map {
                    Array(values[$0..<min($0 + columns.count, values.count)])
                }
                field = FormField(given.label, .list(columns: columns, rows: rows, showsHeader: options.showHeader))
                lists += 1
            case .combo:
                let choices = combos < options.comboValues.count ? Self.split(options.comboValues[combos]) : []
                field = FormField(given.label, .combo(choices))
                combos += 1
            }
            field.initial = try Self.initial(given.value, of: field, refuse)
            // zenity 4.2's combo starts on its first value; 3.44's starts empty.
            if field.initial == nil, options.common.dialect.isZenity4, case .combo(let choices) = field.kind,
               !choices.isEmpty {
                field.initial = .choice(0)
            }
            field.rule.isRequired = given.isRequired
            if let pattern = given.pattern {
                if let why = FormFieldRule.patternError(pattern) { throw refuse("field-pattern", why) }
                field.rule.pattern = pattern
            }
            if let range = given.range {
                guard let parsed = Self.range(range) else {
                    throw refuse("field-range", "'\(range)' is not MIN..MAX with MIN at most MAX, such as 1..10")
                }
                field.rule.range = parsed
            }
            fields.append(field)
        }

        let common = options.common
        let buttons = ZenityButtons.cancelOK(common, translations: translations, zenityWording: true)
        let (text, warning) = ZenityText.labelText(options.text, default: translations.zenity(Self.defaultText),
                                                   option: "--text")
        var request = FormsRequest(text: text, fields: fields)
        request.frame = common.frame(buttons, defaultTitle: "", defaultWindowIcon: nil, environment: environment)
        if common.title == nil { request.frame.title = nil }
        self.request = request
        self.buttons = buttons
        self.separator = options.separator ?? "|"
        self.dateFormat = options.dateFormat ?? localeFormat()
        self.warning = warning
    }

    /// zenity's `g_strsplit_set (values, "|", -1)`: "" has no values.
    static func split(_ values: String) -> [String] {
        values.isEmpty ? [] : values.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }

    /// "MIN..MAX" (yad's way of writing a range) as numbers, or nil.
    static func range(_ text: String) -> ClosedRange<Double>? {
        let parts = text.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let low = FormFieldRule.number(String(parts[0])),
              let high = FormFieldRule.number(String(parts[1])), low <= high else { return nil }
        return low...high
    }

    /// `--field-value` for `field`: text as it is, a day as YYYY-MM-DD, a row
    /// by its first cell, a combo's choice by its text.
    private static func initial(_ value: String?, of field: FormField,
                                _ refuse: (String, String) -> CLIError) throws(CLIError) -> FormFieldValue? {
        guard let value else { return nil }
        switch field.kind {
        case .entry, .multilineEntry, .password:
            return .text(value)
        case .calendar:
            let parts = value.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
                  CalendarDate(year: year, month: month, day: day).isValid else {
                throw refuse("field-value", "'\(value)' is not a day as YYYY-MM-DD, such as 2026-12-01")
            }
            return .date(CalendarDate(year: year, month: month, day: day))
        case .list(_, let rows, _):
            guard let row = rows.firstIndex(where: { $0.first == value }) else {
                throw refuse("field-value", "no row of the list '\(field.label)' starts with '\(value)'")
            }
            return .row(row)
        case .combo(let choices):
            guard let choice = choices.firstIndex(of: value) else {
                throw refuse("field-value", "the combo '\(field.label)' has no value '\(value)'")
            }
            return .choice(choice)
        }
    }
}

extension FormsPlan: ZenityPlan {
    var warnings: [String] { warning.map { [$0] } ?? [] }

    @GtkActor init(_ options: FormsOptions, context: ZenityContext) throws {
        try self.init(options, environment: context.environment, translations: context.translations)
    }
}

extension FormsOptions: ZenityKind, SingleTypeDialog { typealias Plan = FormsPlan }

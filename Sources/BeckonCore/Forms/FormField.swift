/// One field of a form: a label on the left and what the person fills in on
/// the right, as zenity's `--forms` lays them out.
public struct FormField: Sendable, Hashable {
    /// What the person fills in.
    public enum Kind: Sendable, Hashable {
        /// A line of text.
        case entry
        /// Text of any number of lines (value ``FormFieldValue/text(_:)``, the
        /// whole text), as zenity 4.2's `--add-multiline-entry`: Return starts
        /// a new line and Tab leaves the field. A terminal reads one line.
        case multilineEntry
        /// A line of text shown as bullets.
        case password
        /// A day on a calendar.
        case calendar
        /// Rows of text cells under `columns`, one of which may be chosen. A
        /// row may have fewer cells than there are columns (zenity's list
        /// fills its last row only as far as its values go).
        case list(columns: [String], rows: [[String]], showsHeader: Bool)
        /// A drop-down of `choices`, one of which may be chosen.
        case combo([String])
    }

    /// The text left of the field, shown literally.
    public var label: String
    public var kind: Kind
    /// What the field holds at first; nil for zenity's start (empty text,
    /// today, no row, no choice). It must fit the kind (``FormFieldValue``).
    public var initial: FormFieldValue?
    /// What the field must hold before OK can be pressed.
    public var rule: FormFieldRule

    public init(_ label: String, _ kind: Kind, initial: FormFieldValue? = nil, rule: FormFieldRule = FormFieldRule()) {
        self.label = label
        self.kind = kind
        self.initial = initial
        self.rule = rule
    }

    /// The value of an untouched field: ``initial``, or zenity's start.
    public var startValue: FormFieldValue {
        if let initial { return initial }
        switch kind {
        case .entry, .multilineEntry, .password: return .text("")
        case .calendar: return .date(.today)
        case .list: return .row(nil)
        case .combo: return .choice(nil)
        }
    }

    /// Whether `value` is of the kind this field holds, and in range (a row
    /// or choice it has, a day that exists).
    public func fits(_ value: FormFieldValue) -> Bool {
        switch (kind, value) {
        case (.entry, .text), (.multilineEntry, .text), (.password, .text): true
        case (.calendar, .date(let date)): date.isValid
        case (.list(_, let rows, _), .row(let row)): row.map { rows.indices.contains($0) } ?? true
        case (.combo(let choices), .choice(let choice)): choice.map { choices.indices.contains($0) } ?? true
        default: false
        }
    }
}

/// What a form's field holds: its text, its day, the index of its chosen row
/// or choice.
public enum FormFieldValue: Sendable, Hashable {
    /// An entry's or a password's text.
    case text(String)
    /// A calendar's day.
    case date(CalendarDate)
    /// A list's chosen row, by index; nil when none is.
    case row(Int?)
    /// A combo's chosen entry, by index; nil when none is.
    case choice(Int?)
}

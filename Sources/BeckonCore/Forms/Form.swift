/// A form built field by field in Swift, each field giving back a typed handle
/// to read its answer with.
///
/// ```swift
/// var form = Form(title: "New account", text: "Who are you?")
/// let name = form.entry("Name", rule: .init(isRequired: true))
/// let born = form.calendar("Born", initial: CalendarDate(year: 1990, month: 1, day: 1))
/// let plan = form.combo("Plan", ["Free", "Pro"], initial: "Free")
/// if let answers = try await Dialog.form(form) {
///     print(answers[name], answers[born], answers[plan] ?? "none")
/// }
/// ```
public struct Form: Sendable, Hashable {
    /// The request the form shows; its fields grow as fields are added.
    public var request: FormsRequest

    /// An empty form with Cancel and OK.
    public init(title: String? = nil, text: DialogText? = nil, timeout: Duration? = nil, parent: DialogParent? = nil) {
        request = FormsRequest(title: title, text: text, fields: [], timeout: timeout, parent: parent)
    }

    private mutating func add<Value>(_ field: FormField, _ read: @escaping @Sendable (FormField, FormFieldValue) -> Value)
        -> FormFieldHandle<Value> {
        request.fields.append(field)
        return FormFieldHandle(index: request.fields.count - 1, read: read)
    }

    /// A line of text; its answer is the text (possibly empty).
    public mutating func entry(_ label: String, initial: String = "", rule: FormFieldRule = FormFieldRule())
        -> FormFieldHandle<String> {
        add(FormField(label, .entry, initial: .text(initial), rule: rule)) { _, value in value.text }
    }

    /// A line of text shown as bullets; its answer is the text.
    public mutating func password(_ label: String, rule: FormFieldRule = FormFieldRule()) -> FormFieldHandle<String> {
        add(FormField(label, .password, rule: rule)) { _, value in value.text }
    }

    /// A calendar; its answer is the day selected (today when untouched and
    /// `initial` is nil).
    public mutating func calendar(_ label: String, initial: CalendarDate? = nil) -> FormFieldHandle<CalendarDate> {
        add(FormField(label, .calendar, initial: initial.map { .date($0) })) { _, value in
            if case .date(let date) = value { return date }
            return .today
        }
    }

    /// A list of rows under `columns`; its answer is the chosen row's cells,
    /// nil when no row is chosen. Without `initialRow`, the list chooses its
    /// first row when it first gets the focus, as GTK's lists do (a list that
    /// is the first field gets it as the window opens).
    public mutating func list(_ label: String, columns: [String], rows: [[String]], initialRow: Int? = nil,
                              showsHeader: Bool = true, rule: FormFieldRule = FormFieldRule())
        -> FormFieldHandle<[String]?> {
        add(FormField(label, .list(columns: columns, rows: rows, showsHeader: showsHeader),
                      initial: .row(initialRow), rule: rule)) { field, value in
            guard case .list(_, let rows, _) = field.kind, case .row(let row?) = value, rows.indices.contains(row)
            else { return nil }
            return rows[row]
        }
    }

    /// A drop-down of `choices`; its answer is the chosen string, nil when
    /// none is chosen. `initial` chooses the first equal choice.
    public mutating func combo(_ label: String, _ choices: [String], initial: String? = nil,
                               rule: FormFieldRule = FormFieldRule()) -> FormFieldHandle<String?> {
        add(FormField(label, .combo(choices), initial: .choice(initial.flatMap { choices.firstIndex(of: $0) }),
                      rule: rule)) { field, value in
            guard case .combo(let choices) = field.kind, case .choice(let index?) = value,
                  choices.indices.contains(index) else { return nil }
            return choices[index]
        }
    }
}

/// A field of a ``Form``, by which its answer is read from ``FormAnswers``.
public struct FormFieldHandle<Value>: Sendable {
    /// The field's position in the form.
    public let index: Int
    fileprivate let read: @Sendable (FormField, FormFieldValue) -> Value
}

/// What every field of an accepted ``Form`` holds, read through its handles.
public struct FormAnswers: Sendable {
    /// The form's fields.
    public let fields: [FormField]
    /// Every field's value, in field order.
    public let values: [FormFieldValue]

    /// The answer of the field `handle` stands for.
    public subscript<Value>(_ handle: FormFieldHandle<Value>) -> Value {
        handle.read(fields[handle.index], values[handle.index])
    }
}

extension FormFieldValue {
    /// The text of an entry or password; "" for other values.
    fileprivate var text: String {
        if case .text(let text) = self { return text }
        return ""
    }
}

/// The rules of a form on the screen, checked as its fields change: each
/// field's problem is kept, and a change checks only the field that changed.
///
/// Typing n characters into a field then costs n reads of that field, not n
/// reads of every field (n², as a form that rechecked everything on each key
/// did), and a field whose rule asks only that it be filled
/// (``FormFieldRule/asksOnlyPresence``) is never read at all: whether it is
/// empty says enough. A pattern or range rule still reads its field's whole
/// text on each change, as any validating form does.
///
/// GTK-free, so the reads are counted in unit tests; the window
/// (`FormsRequest+Gtk.swift`) gives it each field's reader and emptiness.
struct FormRuleChecks {
    let fields: [FormField]
    /// The problem of each field, or nil where it keeps its rule.
    private(set) var problems: [String?]

    /// Checks for `fields`, each read once to start with.
    init(fields: [FormField], read: (Int) -> FormFieldValue, isEmpty: (Int) -> Bool?) {
        self.fields = fields
        problems = Array(repeating: nil, count: fields.count)
        for index in fields.indices { changed(index, read: read, isEmpty: isEmpty) }
    }

    /// Field `index` changed: its problem again, reading no other field.
    /// `isEmpty` answers for a field that has a cheap emptiness test (a text
    /// entry's length), nil for one that has not.
    mutating func changed(_ index: Int, read: (Int) -> FormFieldValue, isEmpty: (Int) -> Bool?) {
        let field = fields[index]
        guard !field.rule.isEmpty else { return }
        if field.rule.asksOnlyPresence, let empty = isEmpty(index) {
            problems[index] = field.rule.problem(isEmpty: empty)
        } else {
            problems[index] = field.problem(read(index))
        }
    }
}

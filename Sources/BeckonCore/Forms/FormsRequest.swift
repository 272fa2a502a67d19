/// A form: labelled fields filled in at once, zenity's `--forms`.
///
/// Its value is what every field holds as the dialog ends, in field order,
/// whatever the ending: ``DialogReply/accepted(in:)`` keeps it only for the
/// default button. As in zenity, Return in a field does not press OK. Fields
/// with a ``FormFieldRule`` keep OK disabled, with a line saying what is
/// wrong, until every field keeps its rule.
public struct FormsRequest: DialogRequest, Hashable {
    public typealias Value = [FormFieldValue]

    /// Title, buttons, timeout and window.
    public var frame: DialogFrame
    /// The heading over the fields; nil shows none.
    public var text: DialogText?
    /// The fields, top to bottom.
    public var fields: [FormField]

    /// A form with Cancel and OK.
    public init(title: String? = nil, text: DialogText? = nil, fields: [FormField], timeout: Duration? = nil,
                parent: DialogParent? = nil) {
        frame = .okCancel(title: title, timeout: timeout)
        frame.parent = parent
        self.text = text
        self.fields = fields
    }

    /// Throws ``DialogError/invalidRequest(_:)`` for an initial value that
    /// does not fit its field, a pattern that is not a regular expression, or
    /// text with a NUL character (which GTK would cut short).
    public func validate() throws(DialogError) {
        for (index, field) in fields.enumerated() {
            let name = "field \(index + 1) (\(field.label.debugDescription))"
            if let initial = field.initial, !field.fits(initial) {
                throw .invalidRequest("the initial value of \(name) does not fit it")
            }
            if let pattern = field.rule.pattern, let why = FormFieldRule.patternError(pattern) {
                throw .invalidRequest("the pattern of \(name) is not a regular expression: \(why)")
            }
            if let range = field.rule.range, !range.lowerBound.isFinite || !range.upperBound.isFinite {
                throw .invalidRequest("the range of \(name) must have finite bounds")
            }
            var strings = [field.label]
            switch field.kind {
            case .list(let columns, let rows, _): strings += columns + rows.flatMap { $0 }
            case .combo(let choices): strings += choices
            default: break
            }
            if case .text(let text)? = field.initial { strings.append(text) }
            if strings.contains(where: { $0.contains("\0") }) {
                throw .invalidRequest("the text of \(name) cannot contain NUL characters")
            }
        }
    }

    /// Why `values` cannot be accepted, one line per field that breaks its
    /// rule ("Age: must be a number"), or nil when all keep theirs.
    public func problem(_ values: [FormFieldValue]) -> String? {
        problem(fieldProblems: zip(fields, values).map { field, value in field.problem(value) })
    }

    /// ``problem(_:)`` from each field's own problem (nil where it keeps its rule).
    func problem(fieldProblems: [String?]) -> String? {
        let lines = zip(fields, fieldProblems).compactMap { field, problem in
            problem.map { "\(field.label): \($0)" }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// Every field's start for nil; for scripted values, those
    /// values when each fits its field and the form can be accepted with them
    /// (OK is disabled otherwise); nil for anything else.
    public func value(scripted: [FormFieldValue]?) -> [FormFieldValue]? {
        guard let values = scripted else { return fields.map(\.startValue) }
        guard values.count == fields.count, zip(fields, values).allSatisfy({ $0.fits($1) }),
              problem(values) == nil else { return nil }
        return values
    }

    public var builders: DialogBuilders<[FormFieldValue]> { DialogBuilders(self) }
}

extension FormField {
    /// Why `value` breaks this field's rule, or nil.
    public func problem(_ value: FormFieldValue) -> String? {
        guard !rule.isEmpty else { return nil }
        switch (kind, value) {
        case (_, .text(let text)): return rule.problem(text: text)
        case (.combo(let choices), .choice(let index)):
            return rule.problem(text: index.flatMap { choices.indices.contains($0) ? choices[$0] : nil })
        case (_, .row(let row)): return rule.isRequired && row == nil ? "a row must be chosen" : nil
        case (_, .choice(let choice)): return rule.isRequired && choice == nil ? "must be chosen" : nil
        case (_, .date): return nil
        }
    }
}

import BeckonCore
import BeckonJSON

extension FormsPlan {
    /// How the fields print, on OK and on the timeout, as zenity joins them:
    /// the fields by the separator, then a newline. An entry gives its text, a
    /// calendar its day through the date format, a combo its choice (" " for
    /// none), and a list its chosen row's cells, each followed by ',' unless
    /// the list is the last field ("(null)" for a cell past a short row's end).
    /// `--json` gives `value` an array of `{label, type, value}`, one per
    /// field in order: a calendar's day in ISO 8601, a list's row as its cells.
    func answer(_ values: [FormFieldValue]) -> ZenityAnswer {
        var printed: [String] = []
        var members: [(FormField, JSONValue)] = []
        for (index, (field, value)) in zip(request.fields, values).enumerated() {
            let isLast = index == request.fields.count - 1
            switch (field.kind, value) {
            case (_, .text(let text)):
                printed.append(text)
                members.append((field, .string(text)))
            case (_, .date(let date)):
                printed.append(CalendarFormat.string(date, dateFormat))
                members.append((field, .string(date.iso8601)))
            case (.list(let columns, let rows, _), .row(let row)):
                guard let row, rows.indices.contains(row) else {
                    printed.append("")
                    members.append((field, .null))
                    continue
                }
                let cells = columns.indices.map { rows[row].indices.contains($0) ? rows[row][$0] : nil }
                printed.append(cells.map { ($0 ?? "(null)") + (isLast ? "" : ",") }.joined())
                members.append((field, .array(cells.map { $0.map(JSONValue.string) ?? .null })))
            case (.combo(let choices), .choice(let choice)):
                let text = choice.flatMap { choices.indices.contains($0) ? choices[$0] : nil }
                printed.append(text ?? " ")
                members.append((field, text.map(JSONValue.string) ?? .null))
            default:
                printed.append("")
                members.append((field, .null))
            }
        }
        return ZenityAnswer(printed: printed.joined(separator: separator) + "\n",
                            json: .array(members.map { $0.json($1) }), timeout: .printsAnswer)
    }
}

import BeckonCore
import BeckonJSON

extension FormsPlan {
    /// How the fields print, on OK and on the timeout, as zenity joins them:
    /// the fields by the separator, then a newline. An entry gives its text, a
    /// calendar its day through the date format, a combo its choice (" " for
    /// none), and a list its chosen row's cells, each followed by ',' unless
    /// the list is the last field ("(null)" for a cell past a short row's end).
    /// `--json` gives an object keyed by the fields' labels as `value`, and
    /// the same values in field order as `fields` (labels may repeat).
    func answer(_ values: [FormFieldValue]) -> ZenityAnswer {
        var printed: [String] = []
        var members: [(String, JSONValue)] = []
        for (index, (field, value)) in zip(request.fields, values).enumerated() {
            let isLast = index == request.fields.count - 1
            switch (field.kind, value) {
            case (_, .text(let text)):
                printed.append(text)
                members.append((field.label, .string(text)))
            case (_, .date(let date)):
                let text = CalendarFormat.string(date, dateFormat)
                printed.append(text)
                members.append((field.label, .string(text)))
            case (.list(let columns, let rows, _), .row(let row)):
                guard let row, rows.indices.contains(row) else {
                    printed.append("")
                    members.append((field.label, .null))
                    continue
                }
                let cells = columns.indices.map { rows[row].indices.contains($0) ? rows[row][$0] : nil }
                printed.append(cells.map { ($0 ?? "(null)") + (isLast ? "" : ",") }.joined())
                members.append((field.label, .array(cells.map { $0.map(JSONValue.string) ?? .null })))
            case (.combo(let choices), .choice(let choice)):
                let text = choice.flatMap { choices.indices.contains($0) ? choices[$0] : nil }
                printed.append(text ?? " ")
                members.append((field.label, text.map(JSONValue.string) ?? .null))
            default:
                printed.append("")
                members.append((field.label, .null))
            }
        }
        return ZenityAnswer(printed: printed.joined(separator: separator) + "\n", json: .object(members),
                            jsonDetails: [("fields", .array(members.map(\.1)))], timeout: .printsAnswer)
    }
}

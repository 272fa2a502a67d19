/// A form on a terminal, field by field: a line per field, Tab moves on.
/// Entries edit as `read -e` does (a password shows nothing), a calendar's
/// day moves with Left/Right (a day), Up/Down (a week) and PgUp/PgDn (a
/// month), a list's row and a combo's choice with Up and Down. As in the
/// window, Return does not press OK, a list chooses its first row as it
/// first gets the focus, and OK waits until every rule is kept. A multi-line
/// entry reads one line here (Return moves on, as from any entry).
extension FormsRequest: PromptedKind {
    typealias Prompt = FormsPrompt
}

@GtkActor
final class FormsPrompt: RequestPrompt {
    private let request: FormsRequest
    private var editors: [Int: TerminalLineEditor] = [:]
    private var values: [FormFieldValue]

    init(_ request: FormsRequest) {
        self.request = request
        values = request.fields.map(\.startValue)
        for (index, value) in values.enumerated() {
            if case .text(let text) = value { editors[index] = TerminalLineEditor(text) }
        }
    }

    var fieldCount: Int { request.fields.count }
    var value: [FormFieldValue] {
        values.enumerated().map { index, value in editors[index].map { .text($0.text) } ?? value }
    }

    private var okIndex: Int? { request.frame.defaultButtonIndex }
    func allows(button index: Int) -> Bool { index != okIndex || request.problem(value) == nil }
    var hint: String? { request.problem(value)?.replacingNewlines }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        // GTK's list chooses its first row when it first gets the focus (the
        // first field gets it as the window opens); the prompt does the same
        // as the focus is drawn there, so both end with the same row.
        if let focused = layout.focusedField, values.indices.contains(focused), case .row(nil) = values[focused],
           case .list(_, let rows, _) = request.fields[focused].kind, !rows.isEmpty {
            values[focused] = .row(0)
        }
        var lines = request.text.map { TerminalText.wrap(TerminalText.plain($0), width: layout.width) } ?? []
        var cursor: (Int, Int)?
        for (index, field) in request.fields.enumerated() {
            let label = TerminalText.printable(field.label, lineBreaks: false) + ": "
            let room = max(1, layout.width - TerminalText.width(label))
            var shown: String
            var column = 0
            switch (field.kind, values[index]) {
            case (.password, _):
                shown = ""
            case (_, .text):
                let editor = editors[index] ?? TerminalLineEditor("")
                (shown, column) = editor.shown(width: room)
            case (_, .date(let date)):
                shown = date.description
            case (.list(_, let rows, _), .row(let row)):
                shown = row.map { TerminalText.printable(rows[$0].joined(separator: " · "), lineBreaks: false) }
                    ?? "(none: Up/Down to choose)"
            case (.combo(let choices), .choice(let choice)):
                shown = choice.map { TerminalText.printable(choices[$0], lineBreaks: false) } ?? "(none: Up/Down to choose)"
            default:
                shown = ""
            }
            lines.append(label + shown)
            if layout.focusedField == index { cursor = (lines.count - 1, TerminalText.width(label) + column) }
        }
        return TerminalBody(lines, cursor: cursor)
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        guard let field, request.fields.indices.contains(field) else { return .ignored }
        if key == .enter { return .focusNext }
        switch (request.fields[field].kind, values[field]) {
        case (_, .text):
            // In place: a copy would copy the whole line at every key of a paste.
            guard editors[field]?.handle(key) == true else { return .ignored }
        case (_, .date(let date)):
            let moved: CalendarDate?
            switch key {
            case .left: moved = date.adding(days: -1)
            case .right: moved = date.adding(days: 1)
            case .up: moved = date.adding(days: -7)
            case .down: moved = date.adding(days: 7)
            case .pageUp: moved = date.adding(months: -1)
            case .pageDown: moved = date.adding(months: 1)
            default: return .ignored
            }
            guard let moved else { return .handled }
            values[field] = .date(moved)
        case (.list(_, let rows, _), .row(let row)):
            guard let next = Self.step(row, count: rows.count, key) else { return .ignored }
            values[field] = .row(next)
        case (.combo(let choices), .choice(let choice)):
            guard let next = Self.step(choice, count: choices.count, key) else { return .ignored }
            values[field] = .choice(next)
        default:
            return .ignored
        }
        return .handled
    }

    /// The index Up or Down moves `current` to among `count`; nil for other keys.
    private static func step(_ current: Int?, count: Int, _ key: TerminalKey) -> Int? {
        guard count > 0, key == .up || key == .down else { return nil }
        guard let current else { return key == .down ? 0 : count - 1 }
        return key == .down ? min(current + 1, count - 1) : max(current - 1, 0)
    }
}

extension CalendarDate {
    /// The day `days` away, or nil before year 1 or after the last year.
    func adding(days: Int) -> CalendarDate? {
        var date = self
        date.day += days
        while date.day < 1 {
            date.month -= 1
            if date.month < 1 { date.month = 12; date.year -= 1 }
            date.day += Self.days(inMonth: date.month, of: date.year)
        }
        while date.day > Self.days(inMonth: date.month, of: date.year) {
            date.day -= Self.days(inMonth: date.month, of: date.year)
            date.month += 1
            if date.month > 12 { date.month = 1; date.year += 1 }
        }
        return Self.years.contains(date.year) ? date : nil
    }

    /// The same day `months` away (the month's last day when it is shorter).
    func adding(months: Int) -> CalendarDate? {
        let index = year * 12 + month - 1 + months
        var date = CalendarDate(year: index / 12, month: index % 12 + 1, day: 1)
        date.day = min(day, Self.days(inMonth: date.month, of: date.year))
        return Self.years.contains(date.year) && index >= 0 ? date : nil
    }
}

extension String {
    fileprivate var replacingNewlines: String { split(separator: "\n").joined(separator: " · ") }
}

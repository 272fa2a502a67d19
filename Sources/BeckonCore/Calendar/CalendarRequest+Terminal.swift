/// A calendar on a terminal: the month as `cal` prints it, the day in
/// reverse; arrows move by a day and a week, Page keys by a month.
extension CalendarRequest: PromptedKind {
    typealias Prompt = CalendarPrompt
}

@GtkActor
final class CalendarPrompt: RequestPrompt {
    private let text: String?
    private let label: String?
    private(set) var value: CalendarDate

    init(_ request: CalendarRequest) {
        text = request.text.map(TerminalText.plain)
        label = request.calendarLabel.map { TerminalText.mnemonic($0).text }
        value = request.initial ?? .today
    }

    var fieldCount: Int { 1 }
    var takesTyping: Bool { false }
    var hint: String? { "Arrows: a day or a week · PgUp/PgDn: a month" }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"]

    func render(_ layout: TerminalLayout) -> TerminalBody {
        var lines = text.map { TerminalText.wrap($0, width: layout.width) } ?? []
        if let label { lines.append(label) }
        let heading = "\(Self.monthNames[value.month - 1]) \(value.year)"
        lines.append(String(repeating: " ", count: max(0, (20 - heading.count) / 2)) + heading)
        lines.append("Su Mo Tu We Th Fr Sa")
        let first = Self.weekday(year: value.year, month: value.month, day: 1)
        let days = CalendarDate.days(inMonth: value.month, of: value.year)
        var cells = Array(repeating: "  ", count: first)
        var cursor: (Int, Int)?
        for day in 1...days {
            let number = day < 10 ? " \(day)" : "\(day)"
            if day == value.day {
                cells.append(TerminalText.styled(number, TerminalText.reverse))
                cursor = (lines.count + cells.count / 7 - ((cells.count % 7 == 0) ? 1 : 0), ((cells.count - 1) % 7) * 3)
            } else {
                cells.append(number)
            }
        }
        while !cells.isEmpty {
            lines.append(cells.prefix(7).joined(separator: " "))
            cells.removeFirst(min(7, cells.count))
        }
        return TerminalBody(lines, cursor: layout.focusedField == 0 ? cursor : nil)
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        guard field == 0 else { return .ignored }
        switch key {
        case .left: move(days: -1)
        case .right: move(days: 1)
        case .up: move(days: -7)
        case .down: move(days: 7)
        case .pageUp: move(months: -1)
        case .pageDown: move(months: 1)
        case .enter: return .activate
        default: return .ignored
        }
        return .handled
    }

    private func move(days: Int) {
        var date = value
        date.day += days
        while date.day < 1 {
            date = Self.shifted(date, months: -1)
            date.day += CalendarDate.days(inMonth: date.month, of: date.year)
        }
        while date.day > CalendarDate.days(inMonth: date.month, of: date.year) {
            date.day -= CalendarDate.days(inMonth: date.month, of: date.year)
            date = Self.shifted(date, months: 1)
        }
        if date.year >= 1 { value = date }
    }

    private func move(months: Int) {
        var date = Self.shifted(value, months: months)
        date.day = min(value.day, CalendarDate.days(inMonth: date.month, of: date.year))
        if date.year >= 1 { value = date }
    }

    /// `date` in the month `months` away, its day unchanged (may not exist yet).
    private static func shifted(_ date: CalendarDate, months: Int) -> CalendarDate {
        let index = date.year * 12 + date.month - 1 + months
        return CalendarDate(year: index / 12, month: index % 12 + 1, day: date.day)
    }

    /// 0 for Sunday: the proleptic Gregorian calendar, as GtkCalendar's.
    static func weekday(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let m = month <= 2 ? month + 12 : month
        let k = y % 100, j = y / 100
        let h = (day + 13 * (m + 1) / 5 + k + k / 4 + j / 4 + 5 * j) % 7 // 0 = Saturday
        return (h + 6) % 7
    }
}

/// A day on the calendar, as a person picks it: no time, no time zone.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, such as 2026.
    public var year: Int
    /// The month, 1 (January) to 12.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO 8601: 2026-11-30.
    public var description: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(abs(n))
            return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

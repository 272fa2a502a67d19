import Glibc

extension CalendarDate {
    /// The years a date can have: GLib's, from which its format is printed.
    public static let years = 1...65535

    /// The number of days in `month` (1 to 12) of `year` in the Gregorian
    /// calendar, as GTK's calendar counts them; 0 for a month that does not exist.
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        default: 0
        }
    }

    /// Whether this day exists: a year in ``years``, a month from 1 to 12, and
    /// a day that month has (no 31 February).
    public var isValid: Bool {
        Self.years.contains(year) && (1...12).contains(month)
            && (1...Self.days(inMonth: month, of: year)).contains(day)
    }

    /// Today in the local time zone.
    public static var today: CalendarDate {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }
}

import BeckonCore

extension CalendarDate {
    /// The day as `--json` gives it, in ISO 8601: 2026-12-24 (a year past
    /// 9999 takes a fifth digit). Named here, not left to `description`, as
    /// scripts rely on this one (docs/json.md).
    var iso8601: String {
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}

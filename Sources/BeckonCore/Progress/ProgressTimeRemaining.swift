import Glibc

/// zenity's estimate of the time left: the time so far, scaled by what is
/// left; restarted at 0 and at 100, in whole seconds. The window and the
/// terminal show the same line.
struct ProgressTimeRemaining {
    private var startTime: time_t?

    /// The line for the bar at `fraction` now: "Time remaining: 0:01:05", or
    /// "" when there is no estimate (the clock restarts then).
    mutating func line(at fraction: Double) -> String {
        let percentage = fraction * 100
        let now = time(nil)
        guard let start = startTime, percentage > 0, percentage < 100 else {
            startTime = now
            return ""
        }
        let elapsed = Double(now - start)
        let remaining = max(0, Int(100 * elapsed / percentage) - Int(elapsed))
        func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "Time remaining: \(remaining / 3600):\(twoDigits(remaining / 60 % 60)):\(twoDigits(remaining % 60))"
    }
}

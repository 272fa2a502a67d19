/// The moment a dialog ends by itself, and the one place where time left
/// becomes the numbers GLib and people see: the milliseconds of a GLib
/// timeout and the seconds of a countdown. The session's timer, the
/// countdowns of the window and the terminal, a notification's wait and the
/// command's watchdog all read a deadline, so they agree on when it is.
///
/// Time left is always rounded **up**, to the millisecond for a timer and to
/// the second for a countdown. A timer that fires early finds its deadline not
/// yet passed, and a countdown rounded down would say 0 while there is still
/// time (and 1 at 1.5 s, where the window said 2). Rounded up, a timer never
/// fires before its deadline, and a countdown reaches 0 only as it passes.
/// Both are clamped to what GLib's timeouts take (UInt32 milliseconds: about
/// 49.7 days), so a huge `--timeout` waits that long instead of overflowing;
/// a deadline passed (or a zero or negative timeout) is 0: fire now.
package struct DialogDeadline: Sendable, Hashable, Comparable {
    /// The moment, on the clock that does not stop while the machine sleeps.
    package let instant: ContinuousClock.Instant

    package init(_ instant: ContinuousClock.Instant) {
        self.instant = instant
    }

    /// The longest a GLib timeout waits.
    package static let longest: Duration = .milliseconds(Int64(UInt32.max))

    /// The deadline `timeout` from now; a zero or negative timeout is now,
    /// and one longer than GLib waits is ``longest``, so what a countdown
    /// says is when the timer fires.
    package static func after(_ timeout: Duration) -> DialogDeadline {
        DialogDeadline(.now + min(max(timeout, .zero), longest))
    }

    /// What is left until the deadline at `now`: zero once it has passed.
    package func timeLeft(at now: ContinuousClock.Instant = .now) -> Duration {
        max(now.duration(to: instant), .zero)
    }

    /// What is left, in whole milliseconds for a GLib timeout: rounded up and clamped.
    package var millisecondsLeft: UInt32 { timeLeft().milliseconds }

    /// What is left at `now`, in whole seconds for a countdown: rounded up,
    /// so 1.5 s shows 2, and 0 only once the deadline has passed.
    package func secondsLeft(at now: ContinuousClock.Instant = .now) -> UInt32 {
        timeLeft(at: now).wholeSecondsRoundedUp
    }

    /// When ``secondsLeft(at:)`` next goes down from what it is at `now`; nil once it is 0.
    package func nextSecondChange(at now: ContinuousClock.Instant = .now) -> DialogDeadline? {
        let shown = secondsLeft(at: now)
        guard shown > 0 else { return nil }
        return DialogDeadline(instant - .seconds(Int64(shown - 1)))
    }

    package static func < (lhs: DialogDeadline, rhs: DialogDeadline) -> Bool {
        lhs.instant < rhs.instant
    }
}

extension Duration {
    /// Whole milliseconds, rounded up and clamped to UInt32 (see ``DialogDeadline``);
    /// zero or less is 0.
    package var milliseconds: UInt32 {
        let (seconds, attoseconds) = components
        guard self > .zero else { return 0 }
        guard seconds < Int64(UInt32.max / 1000) else { return .max }
        return UInt32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// Whole seconds, rounded up and clamped as ``milliseconds`` is; zero or less is 0.
    package var wholeSecondsRoundedUp: UInt32 {
        let (seconds, attoseconds) = components
        guard self > .zero else { return 0 }
        guard seconds < Int64(UInt32.max / 1000) else { return UInt32.max / 1000 }
        return UInt32(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}

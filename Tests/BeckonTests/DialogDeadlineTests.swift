import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// The one rounding of time left (DialogDeadline): up, to the millisecond for
/// GLib and to the second for a countdown, clamped to what GLib waits.
@Suite struct DialogDeadlineTests {
    @Test func millisecondsRoundUpAndClamp() {
        #expect(Duration.milliseconds(1500).milliseconds == 1500)
        #expect(Duration.microseconds(1500).milliseconds == 2)
        #expect(Duration.nanoseconds(1).milliseconds == 1)
        #expect(Duration.zero.milliseconds == 0)
        #expect(Duration.seconds(-3).milliseconds == 0)
        #expect(Duration.seconds(Int64(Int32.max)).milliseconds == .max)
        #expect(Duration.seconds(Int64.max).milliseconds == .max)
    }

    @Test func secondsRoundUp() {
        #expect(Duration.milliseconds(1500).wholeSecondsRoundedUp == 2)
        #expect(Duration.milliseconds(500).wholeSecondsRoundedUp == 1)
        #expect(Duration.seconds(1).wholeSecondsRoundedUp == 1)
        #expect(Duration.zero.wholeSecondsRoundedUp == 0)
        #expect(Duration.seconds(-1).wholeSecondsRoundedUp == 0)
    }

    /// At 1.5 s a countdown says 2, says 1 from 1 s left, and 0 only at the deadline.
    @Test func aCountdownAtOneAndAHalfSeconds() {
        let now = ContinuousClock.now
        let deadline = DialogDeadline(now + .milliseconds(1500))
        #expect(deadline.secondsLeft(at: now) == 2)
        #expect(deadline.nextSecondChange(at: now) == DialogDeadline(now + .milliseconds(500)))
        #expect(deadline.secondsLeft(at: now + .milliseconds(499)) == 2)
        #expect(deadline.secondsLeft(at: now + .milliseconds(500)) == 1)
        #expect(deadline.nextSecondChange(at: now + .milliseconds(500)) == deadline)
        #expect(deadline.secondsLeft(at: now + .milliseconds(1499)) == 1)
        #expect(deadline.secondsLeft(at: now + .milliseconds(1500)) == 0)
        #expect(deadline.nextSecondChange(at: now + .seconds(2)) == nil)
        #expect(deadline.timeLeft(at: now + .seconds(2)) == .zero)
    }

    @Test func aPassedDeadlineFiresNow() {
        #expect(DialogDeadline(.now - .seconds(1)).millisecondsLeft == 0)
        #expect(DialogDeadline.after(.seconds(-5)).millisecondsLeft == 0)
        #expect(DialogDeadline.after(.zero).secondsLeft() == 0)
    }

    /// A huge --timeout waits as long as GLib can, and the countdown says so.
    @Test func aHugeTimeoutIsTheLongestGLibWaits() {
        let now = ContinuousClock.now
        let deadline = DialogDeadline.after(.seconds(Int64(Int32.max)))
        #expect(deadline.instant <= now + DialogDeadline.longest + .seconds(1))
        #expect(deadline.millisecondsLeft > UInt32.max - 60_000)
        #expect(deadline.secondsLeft() == UInt32.max / 1000 + 1 || deadline.secondsLeft() == UInt32.max / 1000)
    }
}

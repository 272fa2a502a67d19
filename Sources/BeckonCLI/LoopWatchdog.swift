import BeckonCore
import BeckonIO
import CBeckonShim
import CGtk

/// `--timeout` held outside GTK's loop: the shim's watchdog thread ends the
/// process with the timeout's exit code when the loop is stuck (a huge
/// layout, a list of 10,000 columns being built) and cannot fire the
/// dialog's own timeout.
///
/// Armed before the dialog is built, for the timeout from then; moved later
/// when the dialog's own timeout starts (it counts from the window shown, as
/// zenity's does); lifted once the dialog has its answer. A healthy loop
/// always answers first: the backstop fires ``grace`` after the dialog's own
/// deadline.
enum LoopWatchdog {
    /// How long past its deadline a dialog has to end itself.
    static let grace: Duration = .seconds(1)

    /// Arms the backstop for `timeout` from now. `stdout` is what a script
    /// that asked for `--json` gets instead of the dialog's answer.
    static func hold(_ timeout: Duration, exitCode: Int32, program: String, stdout: String?) {
        let line = "\(program): --timeout passed and the window did not respond; "
            + "stopped without an answer (exit \(exitCode & 0xff))\n"
        beckon_watchdog_arm(milliseconds(until: .after(timeout)), exitCode, line, stdout)
        DialogTimeoutObserver.started.withLock {
            $0 = { deadline in beckon_watchdog_postpone(milliseconds(until: deadline)) }
        }
    }

    /// Lifts the backstop: the dialog has ended, by its timeout or otherwise.
    static func release() {
        DialogTimeoutObserver.started.withLock { $0 = nil }
        beckon_watchdog_disarm()
    }

    /// ``grace`` past `deadline`, in the dialog's own rounding and clamp
    /// (``DialogDeadline``: about 49.7 days), so a huge `--timeout` waits as
    /// long as the window does instead of overflowing.
    private static func milliseconds(until deadline: DialogDeadline) -> guint64 {
        guint64(DialogDeadline(deadline.instant + grace).millisecondsLeft)
    }
}

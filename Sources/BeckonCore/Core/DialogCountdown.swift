import BeckonIO
import CGtk

/// The seconds a dialog shows before its timeout closes it, read from the
/// session's one ``DialogDeadline``: the window's line and the terminal's
/// alike, so both show the same number at the same moment.
///
/// The number is ``DialogDeadline/secondsLeft(at:)`` (rounded up: 2 at 1.5 s) and
/// changes when it changes: one GLib timeout per second shown, set for the
/// moment the next number is due, never a free-running second that drifts
/// from the deadline. It stops at 1: the session's own timeout ends the
/// dialog as the deadline passes, which is when 0 would be due.
@GtkActor
final class DialogCountdown {
    private let deadline: DialogDeadline
    private let show: @GtkActor (UInt32) -> Void
    private var source: guint = 0

    /// Shows the seconds left now, then each new number as it is due.
    init(until deadline: DialogDeadline, show: @escaping @GtkActor (UInt32) -> Void) {
        self.deadline = deadline
        self.show = show
        tick()
    }

    private func tick() {
        let now = ContinuousClock.now
        let seconds = deadline.secondsLeft(at: now)
        show(seconds)
        guard seconds > 1, let next = deadline.nextSecondChange(at: now) else { return }
        source = GtkSource.timeout(until: next) { [weak self] in
            self?.source = 0 // the source removes itself
            self?.tick()
        }
    }

    /// Stops counting: the dialog has ended.
    func stop() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }
}

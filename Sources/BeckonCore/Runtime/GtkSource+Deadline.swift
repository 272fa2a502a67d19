import BeckonIO
import CGtk

extension GtkSource {
    /// Runs `body` once, when `deadline` has passed (at once if it has).
    @discardableResult
    package static func timeout(until deadline: DialogDeadline, _ body: @escaping @GtkActor () -> Void) -> guint {
        timeout(milliseconds: deadline.millisecondsLeft) {
            body()
            return false
        }
    }
}

import BeckonIO
import Synchronization

/// Tells a program each time a dialog's timeout starts, so that a backstop
/// outside GTK's loop can hold the same deadline when the loop is stuck and
/// cannot fire the timeout itself (the command's watchdog).
package enum DialogTimeoutObserver {
    /// Called, on GTK's thread, with the deadline of the timeout that just started counting.
    package static let started = Mutex<(@Sendable (DialogDeadline) -> Void)?>(nil)
}

import BeckonCore
import BeckonLiveDialog

/// Where a live dialog's updates go, on GTK's thread: the window or the
/// terminal prompt showing it. Updates are kept, not drawn at once: what shows
/// them takes the newest spec once per frame, so however fast they come, the
/// main loop draws at most one frame's worth.
@GtkActor
package final class LiveDialogSink {
    private let deliver: @GtkActor (LiveDialogUpdate) -> Void
    private var stops: [@GtkActor () -> Void] = []
    private var stopped = false

    init(_ deliver: @escaping @GtkActor (LiveDialogUpdate) -> Void) {
        self.deliver = deliver
    }

    /// Hands `update` on; after the dialog ended, nothing.
    package func receive(_ update: LiveDialogUpdate) {
        guard !stopped else { return }
        deliver(update)
    }

    /// Runs `body` once when the dialog ends (the feed stops reading).
    package func onStop(_ body: @escaping @GtkActor () -> Void) {
        if stopped { body() } else { stops.append(body) }
    }

    /// Whether the dialog has ended.
    package var isStopped: Bool { stopped }

    func stop() {
        guard !stopped else { return }
        stopped = true
        let bodies = stops
        stops = []
        for body in bodies { body() }
    }
}

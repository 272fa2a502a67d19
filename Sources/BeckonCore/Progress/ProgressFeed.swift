/// The one way updates reach a shown progress dialog: a source (an
/// `AsyncSequence`, a script's stdin) calls ``apply(_:)`` for each update and
/// ``finish()`` when it has no more, all on GTK's thread.
///
/// The dialog can end first (Cancel, Escape, the timeout): then the feed is
/// stopped, later calls do nothing, and the source's ``onStop(_:)`` handlers
/// run once, so it can stop reading or cancel the work behind it.
@GtkActor
package final class ProgressFeed {
    private var sink: ProgressSink?
    private var stopHandlers: [@GtkActor () -> Void] = []

    init(_ sink: ProgressSink) {
        self.sink = sink
    }

    /// Whether the dialog still takes updates.
    package var isActive: Bool { sink != nil }

    /// Shows `update`.
    package func apply(_ update: ProgressUpdate) {
        sink?.apply(update)
    }

    /// The source has no more updates: zenity's end of stdin.
    package func finish() {
        sink?.inputEnded()
    }

    /// Runs `body` once when the dialog ends, or at once if it already has.
    package func onStop(_ body: @escaping @GtkActor () -> Void) {
        if sink == nil { body() } else { stopHandlers.append(body) }
    }

    /// Called by the dialog as it ends.
    func stop() {
        guard sink != nil else { return }
        sink = nil
        let handlers = stopHandlers
        stopHandlers = []
        for handler in handlers { handler() }
    }
}

/// What the shown dialog does with a feed's updates.
@GtkActor
protocol ProgressSink: AnyObject {
    func apply(_ update: ProgressUpdate)
    func inputEnded()
    func abandon()
}

extension ProgressFeed {
    /// Ends the dialog as destroyed: the source failed and has nothing to show.
    package func abandon() {
        sink?.abandon()
    }
}

import CGtk

/// Dialogs are shown one at a time, in the order their requests reached GTK's
/// thread; the next appears when the current one ends.
@GtkActor
enum DialogQueue {
    private static var waiting: [DialogSession] = []
    private static var current: DialogSession?

    static func submit(_ session: DialogSession) {
        waiting.append(session)
        advance()
    }

    /// Called once by every session that ends, shown or still waiting.
    static func ended(_ session: DialogSession) {
        if current === session {
            current = nil
            advance()
        } else {
            waiting.removeAll { $0 === session }
        }
    }

    private static func advance() {
        while current == nil, !waiting.isEmpty {
            let next = waiting.removeFirst()
            current = next
            if !next.show() {
                // show() already ended the session, which cleared `current`.
                continue
            }
        }
    }

    /// The window of the dialog on screen now, if any; for tests and diagnostics.
    static var shownWindow: UnsafeMutablePointer<GtkWidget>? { current?.widget }

    /// How many dialogs are shown or waiting; for tests and diagnostics.
    static var count: Int { waiting.count + (current == nil ? 0 : 1) }
}

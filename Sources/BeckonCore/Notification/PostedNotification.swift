/// A notification on the server: update it, close it, or await how it ends.
///
/// Every ``ending(timeout:)`` resumes exactly once: with the server's first
/// ending (an action or a close), a timeout, or the cancellation of its task,
/// whichever comes first. Once ended, every later call returns that ending at once.
@GtkActor
public final class PostedNotification {
    /// The id the server gave it (a replacement keeps or changes it, as the server says).
    public private(set) var id: UInt32
    /// What it shows now.
    public private(set) var notification: DesktopNotification
    /// How it ended, once the server has said.
    public private(set) var ending: NotificationEnding?

    private let bus: NotificationBus
    private var waiters: [NotificationWaiter] = []

    init(bus: NotificationBus, id: UInt32, notification: DesktopNotification) {
        self.bus = bus
        self.id = id
        self.notification = notification
    }

    /// Shows `notification` in this one's place (Notify with its id).
    public func update(_ notification: DesktopNotification) async throws(NotificationError) {
        let old = id
        let new = try await bus.send(notification, replacing: old)
        self.notification = notification
        id = new
        bus.moved(self, from: old, to: new)
    }

    /// Asks the server to close it; the ending becomes `.closed(.closedByCall)`
    /// when the server says so.
    public func close() async throws(NotificationError) {
        try await bus.close(id: id)
    }

    /// How it ends: the person's action or the server's close. Throws
    /// ``DialogError/timedOut`` when `timeout` passes first and
    /// `CancellationError` when the task is cancelled; neither closes it.
    public func ending(timeout: Duration? = nil) async throws -> NotificationEnding {
        if let ending { return ending }
        let waiter = NotificationWaiter()
        waiters.append(waiter)
        defer { waiters.removeAll { $0 === waiter } }
        return try await waiter.wait(timeout: timeout)
    }

    /// The server's ending: the first one counts.
    func ended(_ ending: NotificationEnding) {
        guard self.ending == nil else { return }
        self.ending = ending
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.finish(.success(ending)) }
    }
}

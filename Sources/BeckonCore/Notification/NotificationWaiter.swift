import CGtk

/// One awaiting of a notification's ending: resumed exactly once (through a
/// ``OnceContinuation``), by the ending, its timeout or its task's
/// cancellation, whichever comes first.
@GtkActor
final class NotificationWaiter {
    private let result = OnceContinuation<NotificationEnding, any Error>()
    private var timer: UInt32 = 0

    func wait(timeout: Duration?) async throws -> NotificationEnding {
        if let timeout, !result.isFinished {
            timer = GtkSource.timeout(until: .after(timeout)) { [weak self] in
                self?.timer = 0 // the source removes itself
                self?.finish(.failure(DialogError.timedOut))
            }
        }
        defer {
            if timer != 0 { g_source_remove(timer) }
            timer = 0
        }
        return try await result.value(cancelled: { .failure(CancellationError()) })
    }

    /// Resumes the awaiting task with `result`, unless something already did.
    func finish(_ result: Result<NotificationEnding, any Error>) {
        self.result.finish(result)
    }
}

import CGtk

/// One awaiting of a notification's ending: resumed exactly once, by the
/// ending, its timeout or its task's cancellation, whichever comes first.
@GtkActor
final class NotificationWaiter {
    private var continuation: CheckedContinuation<NotificationEnding, any Error>?
    private var finished: Result<NotificationEnding, any Error>?
    private var timer: UInt32 = 0

    func wait(timeout: Duration?) async throws -> NotificationEnding {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if let finished {
                    continuation.resume(with: finished)
                    return
                }
                self.continuation = continuation
                if let timeout {
                    let (seconds, attoseconds) = timeout.components
                    let milliseconds = UInt32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
                    timer = GtkSource.timeout(milliseconds: milliseconds) { [weak self] in
                        self?.timer = 0
                        self?.finish(.failure(DialogError.timedOut))
                        return false
                    }
                }
            }
        } onCancel: {
            Task { @GtkActor in self.finish(.failure(CancellationError())) }
        }
    }

    /// Resumes the awaiting task with `result`, unless something already did.
    func finish(_ result: Result<NotificationEnding, any Error>) {
        guard finished == nil else { return }
        finished = result
        if timer != 0 {
            g_source_remove(timer)
            timer = 0
        }
        continuation?.resume(with: result)
        continuation = nil
    }
}

/// A result handed once to the task that awaits it: the first ``finish(_:)``
/// wins and later ones are ignored; a finish before the await is kept for
/// it. The one place where Beckon resumes a continuation, so "exactly once"
/// is written once: a dialog's session, a notification's wait and the
/// command's `--listen` all end through one of these.
///
/// All of it is `@GtkActor` state, so a finish from a GTK callback, a timer
/// and a cancellation never race.
@GtkActor
package final class OnceContinuation<Value: Sendable, Failure: Error> {
    private var result: Result<Value, Failure>?
    private var continuation: CheckedContinuation<Result<Value, Failure>, Never>?

    package init() {}

    /// Whether a result has been given.
    package var isFinished: Bool { result != nil }

    /// Gives the awaiting task `result`, unless one was given before; true
    /// when this call was the first.
    @discardableResult
    package func finish(_ result: Result<Value, Failure>) -> Bool {
        guard self.result == nil else { return false }
        self.result = result
        continuation?.resume(returning: result)
        continuation = nil
        return true
    }

    /// The first result given, waiting for it if need be. Await it once.
    package func value() async throws(Failure) -> Value {
        try await awaited().get()
    }

    /// ``value()``, finished with `cancelled` when the awaiting task is
    /// cancelled first.
    package func value(cancelled: @escaping @Sendable () -> Result<Value, Failure>) async throws(Failure) -> Value {
        let result = await withTaskCancellationHandler {
            await awaited()
        } onCancel: {
            Task { @GtkActor in self.finish(cancelled()) }
        }
        return try result.get()
    }

    private func awaited() async -> Result<Value, Failure> {
        if let result { return result }
        return await withCheckedContinuation { continuation = $0 }
    }
}

extension OnceContinuation where Failure == Never {
    /// ``finish(_:)-(Result<Value,Failure>)`` with a value.
    @discardableResult
    package func finish(_ value: Value) -> Bool {
        finish(.success(value))
    }
}

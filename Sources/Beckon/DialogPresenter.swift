/// Something that shows a dialog request and reports how it ended.
///
/// ``GtkPresenter`` shows real GTK windows; ``ScriptedPresenter`` answers from a
/// script so a workflow can be unit-tested without a display.
public protocol DialogPresenter: Sendable {
    /// Shows `request` and returns how it ended; exactly one return or throw for
    /// every call. Throws `CancellationError` when the awaiting task is cancelled.
    func present(_ request: DialogRequest) async throws -> DialogOutcome
}

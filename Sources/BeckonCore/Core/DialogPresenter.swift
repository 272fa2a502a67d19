/// Something that shows dialog requests and reports how they ended.
///
/// ``GtkPresenter`` shows real GTK windows; ``ScriptedPresenter`` answers from a
/// script so a workflow can be unit-tested without a display.
public protocol DialogPresenter: Sendable {
    /// Shows `request` and returns how it ended with what its window held;
    /// exactly one return or throw for every call. Throws `CancellationError`
    /// when the awaiting task is cancelled.
    func present<Request: DialogRequest>(_ request: Request) async throws -> DialogReply<Request.Value>
}

/// Asks a person something and waits for the answer.
///
/// Each kind of dialog has a typed call, in its own folder: `choice` (a
/// button per enum case), `text`, `password`, `number`, `date`, `color`, and
/// ``Terms``. A `Dialog` value with another presenter, such as
/// ``ScriptedPresenter``, runs the same code without a display.
///
/// Every call resumes exactly once on every ending: a button, Return, Escape,
/// a window-manager close, a destroy, the timeout, or cancellation of the
/// awaiting task. A dismissal (Cancel, Escape, a close, a destroy) means one
/// thing everywhere: the typed calls return nil (`choice` returns the enum's
/// `dismissal`), the timeout throws ``DialogError/timedOut``, and cancellation
/// throws `CancellationError` after closing the window.
public struct Dialog: Sendable {
    /// What shows the dialogs.
    public var presenter: any DialogPresenter

    /// A dialog that shows through `presenter`.
    public init(presenter: any DialogPresenter = GtkPresenter()) {
        self.presenter = presenter
    }

    /// Shows `request` and returns how it ended with what its window held.
    public func present<Request: DialogRequest>(_ request: Request) async throws -> DialogReply<Request.Value> {
        try await presenter.present(request)
    }

    /// Shows a message dialog and returns how it ended.
    public func present(_ request: MessageRequest) async throws -> DialogOutcome {
        try await presenter.present(request).outcome
    }

    /// Shows `request` and returns its value when accepted, nil when dismissed;
    /// the shared meaning of every typed call.
    func accepted<Request: DialogRequest>(_ request: Request) async throws -> Request.Value? {
        try await present(request).accepted(in: request.frame)
    }
}

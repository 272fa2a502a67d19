/// Shows dialog requests as GTK 3 dialogs.
///
/// Needs GTK's main loop running in the process (``GtkRuntime``); without it
/// `present` throws ``DialogError/runtimeNotRunning`` rather than wait forever.
public struct GtkPresenter: DialogPresenter {
    public init() {}

    public func present<Request: DialogRequest>(_ request: Request) async throws -> DialogReply<Request.Value> {
        guard GtkRuntime.isRunning else { throw DialogError.runtimeNotRunning }
        guard let kind = request as? any GtkDialogKind<Request.Value> else {
            throw DialogError.invalidRequest("\(Request.self) is not a kind of dialog Beckon can show")
        }
        let frame = request.frame
        let (ending, value) = try await DialogSession.run(timeout: { frame.timeoutFromNow }) { control in
            try kind.makeWindow(control)
        }
        return DialogReply(outcome: DialogOutcome(ending, buttonCount: frame.buttons.count), value: value)
    }
}

/// A request GtkPresenter can show: each kind's GTK builder.
protocol GtkDialogKind<Value>: DialogRequest {
    associatedtype Value
    /// Builds the window (not yet shown) and says how to read its answer.
    @GtkActor func makeWindow(_ control: DialogControl) throws -> DialogWindow<Value>
}

/// Shows dialog requests as GTK 3 dialogs.
///
/// Needs GTK's main loop running in the process (``GtkRuntime``); without it
/// `present` throws ``DialogError/runtimeNotRunning`` rather than wait forever.
public struct GtkPresenter: DialogPresenter {
    public init() {}

    public func present<Request: DialogRequest>(_ request: Request) async throws -> DialogReply<Request.Value> {
        guard GtkRuntime.isRunning else { throw DialogError.runtimeNotRunning }
        let builders = request.builders
        return try await DialogReply.session(request.frame) { control in try builders.makeWindow(control) }
    }
}

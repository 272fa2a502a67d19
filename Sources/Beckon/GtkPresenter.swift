import CBeckonShim
import CGtk

/// Shows dialog requests as GTK 3 message dialogs.
///
/// Needs GTK's main loop running in the process (``GtkRuntime``); without it
/// `present` throws ``DialogError/runtimeNotRunning`` rather than wait forever.
public struct GtkPresenter: DialogPresenter {
    public init() {}

    public func present(_ request: DialogRequest) async throws -> DialogOutcome {
        guard GtkRuntime.isRunning else { throw DialogError.runtimeNotRunning }
        let ending = try await DialogSession.run(timeout: request.timeout) {
            MessageDialogBuilder.build(request)
        }
        switch ending {
        case .response(let id) where id >= 0 && Int(id) < request.buttons.count: return .button(Int(id))
        case .response, .destroyed: return .destroyed
        case .escape: return .escape
        case .close: return .close
        case .timedOut: return .timedOut
        }
    }
}

/// Shows dialog requests as prompts on the controlling terminal, for a
/// program that has no display to open: a server, an SSH session, a container.
///
/// Each kind becomes a prompt drawn on `/dev/tty` (never on stdout), with the
/// same buttons, value, timeout and endings as its window, so a
/// ``DialogReply`` means the same thing from either presenter. Passwords are
/// not echoed; Escape, Ctrl-C and Ctrl-D end a prompt as Escape ends a window.
/// Needs GLib's main loop running (``GtkRuntime/runWithoutDisplay(_:)``, or
/// ``GtkRuntime/run(_:)``); throws ``TerminalError/unavailable(errno:)`` when
/// the process has no controlling terminal.
///
/// ```swift
/// do {
///     try GtkRuntime.run { @GtkActor in try await ask(Dialog()) }
/// } catch GtkRuntimeError.noDisplay where TerminalPresenter.isAvailable {
///     try GtkRuntime.runWithoutDisplay { @GtkActor in try await ask(Dialog(presenter: TerminalPresenter())) }
/// }
/// ```
public struct TerminalPresenter: DialogPresenter {
    public init() {}

    /// Whether this process has a controlling terminal to ask on.
    public static var isAvailable: Bool { TerminalDevice.isAvailable }

    public func present<Request: DialogRequest>(_ request: Request) async throws -> DialogReply<Request.Value> {
        guard GtkRuntime.isLoopRunning else { throw DialogError.runtimeNotRunning }
        let builders = request.builders, frame = request.frame
        return try await DialogReply.session(frame) { control in
            try TerminalDialog(builders.makePrompt(), frame: frame, control: control).start()
        }
    }
}

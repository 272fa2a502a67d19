import BeckonCore
import Glibc

/// Where a dialog is asked when no display can be opened: `--tty` asks on the
/// terminal at once, `--no-tty` never does, and by default the terminal is
/// used only when there is no display and the process has a controlling
/// terminal. zenity and beckon's own `terms` share it.
enum TerminalFallback: Sendable, Equatable {
    case whenNoDisplay
    case always
    case never

    /// From the `--tty` and `--no-tty` flags; `--no-tty` wins over `--tty`.
    init(tty: Bool, noTTY: Bool) {
        self = noTTY ? .never : tty ? .always : .whenNoDisplay
    }

    /// Runs `body` with a `Dialog` that shows windows in GTK's loop, or one
    /// that asks on the terminal in GLib's loop without GTK, as this choice
    /// says. `body` learns which from its second argument. Without a display
    /// and without the terminal, GTK's ``GtkRuntimeError/noDisplay`` is thrown,
    /// as before there was a fallback.
    func run<T: Sendable>(_ body: @escaping @GtkActor (Dialog, _ onTerminal: Bool) async throws -> T) throws -> T {
        try FileDescriptorRoom.ensure()
        if self == .always { return try Self.runOnTerminal(body) }
        do {
            return try GtkRuntime.run { @GtkActor in try await body(Dialog(), false) }
        } catch GtkRuntimeError.noDisplay where self == .whenNoDisplay && TerminalPresenter.isAvailable {
            return try Self.runOnTerminal(body)
        }
    }

    /// Runs `body` in GLib's loop without GTK, display or terminal, for a
    /// kind that shows no window: `--tty` and `--no-tty` change nothing there.
    static func runWithoutWindow<T: Sendable>(
        _ body: @escaping @GtkActor (Dialog, _ onTerminal: Bool) async throws -> T
    ) throws -> T {
        try FileDescriptorRoom.ensure()
        setlocale(LC_ALL, "")
        return try GtkRuntime.runWithoutDisplay { @GtkActor in try await body(Dialog(), false) }
    }

    private static func runOnTerminal<T: Sendable>(
        _ body: @escaping @GtkActor (Dialog, _ onTerminal: Bool) async throws -> T
    ) throws -> T {
        // What gtk_init would have done: the locale decides text widths and labels.
        setlocale(LC_ALL, "")
        return try GtkRuntime.runWithoutDisplay { @GtkActor in
            try await body(Dialog(presenter: TerminalPresenter()), true)
        }
    }
}

/// Why GTK could not be started.
public enum GtkRuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No display could be opened: neither `DISPLAY` nor `WAYLAND_DISPLAY` names one
    /// that answers.
    case noDisplay(display: String?, waylandDisplay: String?)
    /// GTK is already running on another thread of this process.
    case alreadyRunning

    public var description: String {
        switch self {
        case let .noDisplay(display, wayland):
            switch (display, wayland) {
            case (nil, nil):
                return "cannot open a display: neither DISPLAY nor WAYLAND_DISPLAY is set"
            default:
                let named = [display.map { "DISPLAY=\($0)" }, wayland.map { "WAYLAND_DISPLAY=\($0)" }]
                    .compactMap { $0 }.joined(separator: ", ")
                return "cannot open a display (\(named)): is a graphical session running?"
            }
        case .alreadyRunning:
            return "GTK is already running in this process"
        }
    }
}

/// Why GTK could not be started.
public enum GtkRuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No display could be opened: of those GDK tried, neither `DISPLAY` nor
    /// `WAYLAND_DISPLAY` names one that answers. A display GDK did not try
    /// (`GDK_BACKEND` leaves its backend out) is nil; `backend` is
    /// `GDK_BACKEND` when set.
    case noDisplay(display: String?, waylandDisplay: String?, backend: String? = nil)
    /// GTK is already running on another thread of this process.
    case alreadyRunning

    public var description: String {
        switch self {
        case let .noDisplay(display, wayland, backend):
            let named = [display.map { "DISPLAY=\($0)" }, wayland.map { "WAYLAND_DISPLAY=\($0)" },
                         backend.map { "GDK_BACKEND=\($0)" }].compactMap { $0 }.joined(separator: ", ")
            switch (display, wayland) {
            case (nil, nil) where backend == nil:
                return "cannot open a display: neither DISPLAY nor WAYLAND_DISPLAY is set"
            case (nil, nil):
                return "cannot open a display (\(named)): the backends it allows have no display set"
            case (nil, _?) where backend != nil:
                return "cannot open a display (\(named)): is a Wayland compositor running?"
            default:
                return "cannot open a display (\(named)): is a graphical session running?"
            }
        case .alreadyRunning:
            return "GTK is already running in this process"
        }
    }
}

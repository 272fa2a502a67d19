import CBeckonShim

/// Why a notification could not be posted, updated or closed.
public enum NotificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No session bus to connect to (DBUS_SESSION_BUS_ADDRESS unset or stale); GDBus's words.
    case noBus(String)
    /// The session bus has no notification server (org.freedesktop.Notifications).
    case noServer(String)
    /// The server answered with an error.
    case failed(String)
    /// GLib's main loop is not running in this process (start it with ``GtkRuntime``).
    case runtimeNotRunning

    public var description: String {
        switch self {
        case .noBus(let why): "cannot connect to the session bus to send a notification: \(why)"
        case .noServer(let why): "no notification server answers on the session bus "
            + "(org.freedesktop.Notifications): \(why)"
        case .failed(let why): "the notification server refused the notification: \(why)"
        case .runtimeNotRunning: "GLib's main loop is not running: start it with GtkRuntime.run"
        }
    }

    /// The error of a failed call: `failure` is a BeckonNotificationsFailure.
    init(failure: Int32, message: String) {
        switch UInt32(bitPattern: failure) {
        case BECKON_NOTIFICATIONS_NO_BUS.rawValue: self = .noBus(message)
        case BECKON_NOTIFICATIONS_NO_SERVER.rawValue: self = .noServer(message)
        default: self = .failed(message)
        }
    }
}

import CGLib

/// One way of ending a session: a desktop's session manager, logind, or the
/// administrator's command.
public enum SessionEndingRoute: Sendable, Hashable, CustomStringConvertible {
    /// GNOME: `org.gnome.SessionManager.Logout(1)`, mode 1 being "no confirmation".
    case gnome
    /// KDE Plasma 5.25 and later: `org.kde.Shutdown` `/Shutdown` `logout()`.
    case plasma
    /// Older KDE Plasma: `org.kde.ksmserver` `/KSMServer`
    /// `org.kde.KSMServerInterface.logout(0, 0, 2)`: no confirmation, a logout, now.
    case ksmserver
    /// XFCE: `org.xfce.SessionManager` `/org/xfce/SessionManager`
    /// `org.xfce.Session.Manager.Logout(false, false)`: no dialog, no session saved.
    case xfce
    /// logind on the system bus: `org.freedesktop.login1.Manager.TerminateSession(id)`.
    case logind(sessionID: String)
    /// The administrator's command line (`--end-session-command`).
    case command(String)

    /// The session managers asked on the session bus, in this order; the
    /// first whose bus name has an owner is asked.
    public static let desktopRoutes: [SessionEndingRoute] = [.gnome, .plasma, .ksmserver, .xfce]

    public var description: String {
        switch self {
        case .gnome: "GNOME's org.gnome.SessionManager Logout"
        case .plasma: "KDE Plasma's org.kde.Shutdown logout"
        case .ksmserver: "KDE's org.kde.ksmserver logout"
        case .xfce: "XFCE's org.xfce.SessionManager Logout"
        case .logind(let id): "logind's TerminateSession for session \(id.debugDescription)"
        case .command(let line): "the command \(line.debugDescription)"
        }
    }

    /// The D-Bus method call this route makes; nil for a command.
    var request: SessionEndingBus.Request? {
        switch self {
        case .gnome:
            .init(name: "org.gnome.SessionManager", path: "/org/gnome/SessionManager",
                  interface: "org.gnome.SessionManager", method: "Logout", arguments: { [g_variant_new_uint32(1)] })
        case .plasma:
            .init(name: "org.kde.Shutdown", path: "/Shutdown", interface: "org.kde.Shutdown", method: "logout",
                  arguments: { [] })
        case .ksmserver:
            .init(name: "org.kde.ksmserver", path: "/KSMServer", interface: "org.kde.KSMServerInterface",
                  method: "logout", arguments: { [g_variant_new_int32(0), g_variant_new_int32(0), g_variant_new_int32(2)] })
        case .xfce:
            .init(name: "org.xfce.SessionManager", path: "/org/xfce/SessionManager",
                  interface: "org.xfce.Session.Manager", method: "Logout",
                  arguments: { [g_variant_new_boolean(0), g_variant_new_boolean(0)] })
        case .logind(let id):
            .init(name: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                  interface: "org.freedesktop.login1.Manager", method: "TerminateSession",
                  arguments: { [g_variant_new_string(id)] })
        case .command:
            nil
        }
    }
}

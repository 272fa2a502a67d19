import Glibc

/// A logind session as the enforcer sees it: enough to tell whether it is
/// gated, and to end it.
public struct LogindSession: Sendable, Hashable {
    public var id: String
    public var uid: uid_t
    public var user: String
    /// The seat ("seat0"); empty for none.
    public var seat: String
    /// x11, wayland, mir, tty, unspecified.
    public var type: String
    /// user, greeter, lock-screen, background, manager…
    public var sessionClass: String
    /// online, active, closing.
    public var state: String
    /// When the session began, microseconds since the epoch (logind's `Timestamp`).
    public var startMicroseconds: UInt64

    public init(id: String, uid: uid_t, user: String, seat: String = "", type: String, sessionClass: String = "user",
                state: String = "active", startMicroseconds: UInt64 = 0) {
        self.id = id
        self.uid = uid
        self.user = user
        self.seat = seat
        self.type = type
        self.sessionClass = sessionClass
        self.state = state
        self.startMicroseconds = startMicroseconds
    }

    /// Whether the enforcer gates it under `configuration`: a person's
    /// session (class user, a uid from MinimumUID, never root) that is
    /// graphical (x11, wayland, mir, or a seat with no type given); text
    /// consoles only with TextConsoles=true, so an administrator can always
    /// log in on one; a closing session no longer.
    public func isGated(by configuration: EnforcerConfiguration) -> Bool {
        guard sessionClass == "user", uid != 0, uid >= configuration.minimumUID, state != "closing" else { return false }
        switch type {
        case "x11", "wayland", "mir": return true
        case "tty": return configuration.textConsoles
        default: return !seat.isEmpty
        }
    }
}

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
    /// logind's `Display`: the X display the session was registered with
    /// (`:0`; a display manager's, VNC's or xrdp's), empty for none.
    public var display = ""
    /// The cgroup scope of its processes (logind's `Scope`, `session-3.scope`).
    public var scope = ""
    /// When the enforcer found a display in it (``SessionDisplays``): an X
    /// or Wayland server, an ssh X11 forwarding, a DISPLAY in a process's
    /// environment. nil while none was found.
    public var foundGraphicalMicroseconds: UInt64?
    /// The X display number of an X server found running in the session
    /// (startx), where logind names none.
    public var serverDisplay: Int?

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
    /// session (``isCandidate``) that is graphical by its type (x11,
    /// wayland, mir, or a seat with no type given) or by what it shows
    /// (``isOtherGraphical``); text consoles only with TextConsoles=true, so
    /// an administrator can always log in on one.
    public func isGated(by configuration: EnforcerConfiguration) -> Bool {
        guard isCandidate(under: configuration) else { return false }
        return isGraphicalByType || isOtherGraphical || (type == "tty" && configuration.textConsoles)
    }

    /// A person's session, open: class user, a uid from MinimumUID, never
    /// root, not closing. The enforcer looks for a display in those it does
    /// not gate yet.
    public func isCandidate(under configuration: EnforcerConfiguration) -> Bool {
        sessionClass == "user" && uid != 0 && uid >= configuration.minimumUID && state != "closing"
    }

    /// A desktop login by logind's type: x11, wayland, mir, or a seat and no type.
    public var isGraphicalByType: Bool {
        switch type {
        case "x11", "wayland", "mir": return true
        case "tty": return false
        default: return !seat.isEmpty
        }
    }

    /// Graphical by another route (docs/administrators.md, "Every graphical
    /// route"): not by its type, but logind names a display for it (a
    /// seatless VNC or xrdp login), or the enforcer found one in it (startx
    /// from a console, ssh -X).
    public var isOtherGraphical: Bool {
        !isGraphicalByType && (!display.isEmpty || foundGraphicalMicroseconds != nil)
    }

    /// When it became graphical, for its grace: when it began, or when a
    /// display was found in it later.
    public var graphicalSinceMicroseconds: UInt64 {
        guard !isGraphicalByType, display.isEmpty, let found = foundGraphicalMicroseconds else { return startMicroseconds }
        return max(startMicroseconds, found)
    }

    /// The X display the session's own screen is on, where it can be known:
    /// logind's `Display` when it is a local one (`:0`, `:0.0`, `unix:0`),
    /// else the X server found running in the session. nil: unknown (a
    /// Wayland session, whose compositor logind does not name).
    public var ownXDisplay: Int? {
        if !display.isEmpty { return SessionDisplays.localXDisplay(display) }
        return serverDisplay
    }
}

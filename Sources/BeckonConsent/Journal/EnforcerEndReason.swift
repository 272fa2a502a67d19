/// Why `beckon-enforcer` ended a session (`BECKON_REASON` of its
/// `session-ended` and `session-would-end` events): declared here, beside the
/// journal that writes and reads it, so the enforcer's decisions and the
/// entry's sentence use the one list.
public enum EnforcerEndReason: String, Sendable, CaseIterable {
    /// The gate's window said Decline.
    case declined
    /// No gate's window was shown, or none was accepted, within the grace.
    case graceExpired = "grace-expired"
    /// The followed gate process ended without a recorded acceptance.
    case gateExited = "gate-exited"
    /// A gate's key file cannot be read, and errors end sessions.
    case configurationError = "configuration-error"
    /// The gate reported its windows hidden (unmapped, reparented away, not
    /// on top, its keyboard grab lost) for longer than it allows.
    case gateHidden = "gate-hidden"
    /// The gate was shown but not answered within `MaxReadingSeconds=`.
    case readingExpired = "reading-expired"
    /// The gate's window is on a display that is not the session's own.
    case gateElsewhere = "gate-elsewhere"
    /// A graphical session of a kind the administrator does not gate but
    /// ends (`OtherGraphicalSessions=end`).
    case routeRefused = "route-refused"
}

import BeckonConsent

extension EnforcerConfiguration {
    /// Every key of `[Enforcer]` in `/etc/beckon/enforcer.conf`, in the order
    /// the man page lists them; the reader refuses any other.
    public static let keys: [KeyFileKey] = [
        KeyFileKey("Mode", value: "enforce or pilot", default: Mode.enforce.rawValue,
                   help: "pilot: end nothing; write a session-would-end event for each session that would have "
                       + "been ended, with the reason."),
        KeyFileKey("GraceSeconds", value: "1 to \(ManagedTerms.maximumGraceSeconds)", default: "\(defaultGraceSeconds)",
                   help: "How long a gated session may go without an acceptance, for gates without a GraceSeconds= "
                       + "of their own."),
        KeyFileKey("MaxReadingSeconds", value: "1 to \(ManagedTerms.maximumGraceSeconds)",
                   default: "\(defaultMaxReadingSeconds)",
                   help: "How long a gate shown and not answered holds its session; then the session ends "
                       + "(reading-expired)."),
        KeyFileKey("ConfigurationErrors", value: "end-session or report", default: ErrorPolicy.endSession.rawValue,
                   help: "What a gate file that cannot be used does: end every gated session at its grace (a gate "
                       + "no one can accept), or only write a configuration-error event."),
        KeyFileKey("Executables", value: "absolute paths, separated by ;", default: "/usr/bin/beckon",
                   help: "The gate programs whose acceptances count, matched by device and inode."),
        KeyFileKey("MinimumUID", value: "a uid of 1 or more", default: "1000",
                   help: "Users below it are not gated; root never is."),
        KeyFileKey("TextConsoles", value: "true or false", default: "false",
                   help: "true gates every text-console and SSH session (logind's type tty) too; one that shows a display "
                       + "(startx, ssh -X) is gated whatever this says."),
        KeyFileKey("OtherGraphicalSessions", value: "gate or end", default: OtherGraphicalPolicy.gate.rawValue,
                   help: "What a graphical session of another kind gets (an X server started from a text console, "
                       + "ssh -X, a seatless session with a display, as VNC and xrdp make): gate owes the gates "
                       + "like any desktop, with the grace counted from when it was found graphical; end ends it "
                       + "at once (route-refused) while any gate is configured."),
    ]
}

extension SessionEndingRoute {
    /// The route's one-word name in the journal's `BECKON_SESSION_ENDED_BY`:
    /// gnome, plasma, ksmserver, xfce, logind or command.
    public var journalName: String {
        switch self {
        case .gnome: "gnome"
        case .plasma: "plasma"
        case .ksmserver: "ksmserver"
        case .xfce: "xfce"
        case .logind: "logind"
        case .command: "command"
        }
    }
}

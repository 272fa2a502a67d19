/// What an audit asks of an outcome.
extension ConsentJournal.Event {
    /// The outcome a MESSAGE_ID stands for.
    public init?(messageID: String) {
        guard let outcome = Self.allCases.first(where: { $0.messageID == messageID }) else { return nil }
        self = outcome
    }

    /// Whether the user had the terms in front of them: a shown window or
    /// pager, and every ending of one (an interruption too). A revoke, a
    /// gate's session end and the enforcer's own events are not (its
    /// acceptance repeats the window's).
    public var wasAsked: Bool {
        switch self {
        case .shown, .accepted, .declined, .dismissed, .timeout, .interrupted: true
        case .revoked, .sessionEnded, .verifiedAccepted, .verifiedRevoked, .sessionSpared, .sessionWouldEnd, .refused,
             .configurationError: false
        }
    }

    /// The outcomes' names, for a message that lists them.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

import BeckonConsent
import BeckonCore
import BeckonJSON

/// How a terms request ended.
public enum TermsOutcome: Sendable, Hashable {
    /// The person accepted; the record written, when a consent id was given.
    case accepted(ConsentRecord?)
    /// A record already covered these terms, so no window was shown.
    case alreadyAccepted(ConsentRecord)
    /// The person pressed Decline.
    case declined
    /// The window was closed without an answer: Escape, the window manager,
    /// or destroyed by code.
    case dismissed
    /// The timeout passed.
    case timedOut

    /// Whether the terms are accepted, now or before.
    public var isAccepted: Bool {
        switch self {
        case .accepted, .alreadyAccepted: true
        case .declined, .dismissed, .timedOut: false
        }
    }

    /// The record behind an acceptance, if one was kept.
    public var record: ConsentRecord? {
        switch self {
        case .accepted(let record): record
        case .alreadyAccepted(let record): record
        default: nil
        }
    }

    /// A one-word name for scripts: accepted, already-accepted, declined,
    /// dismissed or timeout.
    public var name: String {
        switch self {
        case .accepted: "accepted"
        case .alreadyAccepted: "already-accepted"
        case .declined: "declined"
        case .dismissed: "dismissed"
        case .timedOut: "timeout"
        }
    }

    /// `{"outcome": name, "record": {...}}`, the record only when there is one.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("outcome", .string(name))]
        if let record { members.append(("record", record.json)) }
        return .object(members)
    }
}

/// Whether the current user must be asked to accept managed terms, and why.
public struct TermsAskDecision: Sendable, Hashable {
    /// Why the terms must be asked, or why not.
    public enum Reason: String, Sendable, Hashable {
        /// Accepted, and the acceptance still holds under the policy.
        case accepted
        /// Never accepted (or the acceptance was revoked).
        case neverAccepted = "never-accepted"
        /// Another version was accepted.
        case otherVersion = "another-version"
        /// The same version, but the text shown now differs (another file, or a changed one).
        case changedText = "changed-text"
        /// ``TermsPolicy/everyNDays(_:)``: the acceptance is that old.
        case daysPassed = "days-passed"
        /// ``TermsPolicy/everyLogin``: accepted in another login.
        case newLogin = "new-login"
        /// A gate, and the journal holds no acceptance by this user's beckon.
        case noJournalEntry = "no-journal-entry"
        /// A gate, and the journal cannot be read: asked, failing closed.
        case journalUnavailable = "journal-unavailable"
    }

    /// Whether the person must be asked.
    public var mustAsk: Bool { reason != .accepted }
    public var reason: Reason
    /// The acceptance found (from the record file, or under a gate the
    /// journal), also when it no longer holds.
    public var record: ConsentRecord?
    /// The reason in a sentence.
    public var explanation: String

    public init(reason: Reason, record: ConsentRecord?, explanation: String) {
        self.reason = reason
        self.record = record
        self.explanation = explanation
    }

    /// `{"must_ask", "reason", "explanation", "record"}`, the record null when none was found.
    public var json: JSONValue {
        .object([
            ("must_ask", .bool(mustAsk)),
            ("reason", .string(reason.rawValue)),
            ("explanation", .string(explanation)),
            ("record", record?.json ?? .null),
        ])
    }
}

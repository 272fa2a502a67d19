import BeckonJSON

/// Whether the current user must be asked to accept managed terms, and why.
public struct TermsAskDecision: Sendable, Hashable {
    /// Why the terms must be asked, or why not.
    public enum Reason: Sendable, Hashable, CaseIterable {
        /// Accepted, and the acceptance still holds under the policy.
        case accepted
        /// Never accepted (or the acceptance was revoked).
        case neverAccepted
        /// Another version was accepted.
        case anotherVersion
        /// The same version, but the text shown now differs (another file, or a changed one).
        case changedText
        /// ``TermsPolicy/everyNDays(_:)``: the acceptance is that old.
        case daysPassed
        /// ``TermsPolicy/everyLogin``: accepted in another login.
        case newLogin
        /// A gate, and the journal holds no acceptance by this user's beckon.
        case noJournalEntry
        /// A gate, and the journal cannot be read: asked, failing closed.
        case journalUnavailable

        /// The name scripts read: the case in kebab case, `never-accepted`.
        public var name: String {
            String(String(describing: self).flatMap { $0.isUppercase ? ["-", Character($0.lowercased())] : [$0] })
        }
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
            ("reason", .string(reason.name)),
            ("explanation", .string(explanation)),
            ("record", record?.json ?? .null),
        ])
    }
}

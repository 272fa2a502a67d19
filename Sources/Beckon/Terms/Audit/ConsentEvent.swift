/// One outcome of `beckon terms` as the journal holds it (docs/terms.md,
/// "The consent record in the system journal"), read back for an audit:
/// beckon's fields, and those journald adds itself (host, boot, time).
/// A field the entry lacks is nil, never an invented empty value.
public struct ConsentEvent: Sendable, Hashable {
    /// What happened, `BECKON_OUTCOME` (`BECKON_EVENT` on entries older than
    /// the field; else read from the MESSAGE_ID).
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        case shown, accepted, declined, dismissed, timeout, revoked
        case sessionEnded = "session-ended"

        /// The entry's MESSAGE_ID, one per outcome, as systemd's catalogue keys them.
        public var messageID: String {
            switch self {
            case .shown: "e180d2f4ac7142f4a188837efc7f1f94"
            case .accepted: ConsentJournal.acceptedMessageID
            case .declined: "61bc49dd8bcf4714be7dc85fdec44a9e"
            case .dismissed: "827665d2bf3f41fda1018388cdca9b69"
            case .timeout: "97b38904c6d44d628c6d98efb85eaf05"
            case .revoked: ConsentJournal.revokedMessageID
            case .sessionEnded: "e69ab3e0b3864ec89a5363bc3113ef73"
            }
        }

        /// The outcome a MESSAGE_ID stands for.
        public init?(messageID: String) {
            guard let outcome = Self.allCases.first(where: { $0.messageID == messageID }) else { return nil }
            self = outcome
        }

        /// Whether the user had the terms in front of them: a shown window or
        /// pager, and every answer to one. A revoke or a gate's session end is not.
        public var wasAsked: Bool {
            switch self {
            case .shown, .accepted, .declined, .dismissed, .timeout: true
            case .revoked, .sessionEnded: false
            }
        }

        /// The outcomes' names, for a message that lists them.
        public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
    }

    /// When journald received it (`__REALTIME_TIMESTAMP`), microseconds since the epoch.
    public var time: UInt64
    /// `_HOSTNAME`: the host that sent it.
    public var host: String?
    /// `_BOOT_ID`.
    public var boot: String?
    /// `_MACHINE_ID`.
    public var machineID: String?
    public var outcome: Outcome
    /// `BECKON_TERMS_ID`.
    public var termsID: String?
    /// `BECKON_TERMS_VERSION`; nil for terms without a version (an empty field).
    public var version: String?
    /// `BECKON_TERMS_SHA256` of the text shown.
    public var sha256: String?
    public var language: String?
    public var file: String?
    public var policy: String?
    /// `BECKON_GATE`: true, false, or nil when the entry does not say.
    public var gate: Bool?
    /// `BECKON_USER`, the login name.
    public var user: String?
    /// `BECKON_UID`.
    public var uid: String?
    public var sessionID: String?
    /// `BECKON_SESSION_TYPE`: x11, wayland or tty.
    public var sessionType: String?
    /// `BECKON_ACCEPTED_AT` (accepted and revoked).
    public var acceptedAt: String?
    /// `BECKON_SESSION_ENDED_BY` (session-ended): the route that ended it.
    public var sessionEndedBy: String?
    /// journald's `_UID` and `_EXE`: who wrote the entry, which no writer can forge.
    public var senderUID: String?
    public var executable: String?

    /// An event with its outcome and time; every other field unknown.
    public init(time: UInt64, outcome: Outcome) {
        self.time = time
        self.outcome = outcome
    }

    /// The event an entry records; nil for an entry of beckon's that is not
    /// one (no outcome it knows).
    public init?(_ entry: ConsentJournal.Entry) {
        let fields = entry.fields
        guard let outcome = fields["BECKON_OUTCOME"].flatMap(Outcome.init(rawValue:))
            ?? fields[ConsentJournal.Field.event].flatMap(Outcome.init(rawValue:))
            ?? fields["MESSAGE_ID"].flatMap(Outcome.init(messageID:))
        else { return nil }
        self.init(time: entry.realtimeMicroseconds, outcome: outcome)
        func value(_ name: String) -> String? { fields[name].flatMap { $0.isEmpty ? nil : $0 } }
        host = value("_HOSTNAME")
        boot = value("_BOOT_ID")
        machineID = value("_MACHINE_ID")
        termsID = value(ConsentJournal.Field.termsID)
        version = value(ConsentJournal.Field.version)
        sha256 = value(ConsentJournal.Field.sha256)
        language = value(ConsentJournal.Field.language)
        file = value(ConsentJournal.Field.file)
        policy = value(ConsentJournal.Field.policy)
        gate = value(ConsentJournal.Field.gate).flatMap { ["true": true, "false": false][$0] }
        user = value(ConsentJournal.Field.user)
        uid = value("BECKON_UID")
        sessionID = value(ConsentJournal.Field.sessionID)
        sessionType = value("BECKON_SESSION_TYPE")
        acceptedAt = value(ConsentJournal.Field.acceptedAt)
        sessionEndedBy = value("BECKON_SESSION_ENDED_BY")
        senderUID = value("_UID")
        executable = value("_EXE")
    }
}

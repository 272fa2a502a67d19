import CBeckonShim

/// Each accept and revoke of terms as a structured entry in the system
/// journal, so that fleets that already ship their logs centrally can audit
/// consent across machines. Skipped silently where there is no journal.
///
/// The fields are documented in docs/terms.md ("The consent record in the
/// system journal"); `journalctl MESSAGE_ID=<id> --output=json` lists them.
/// Under a gate the entries are read back (`ConsentJournal+Reading.swift`):
/// journald's own `_UID` and `_EXE` on them are what "already accepted" rests on.
public enum ConsentJournal {
    /// What happened to the consent.
    public enum Event: String, Sendable {
        case accepted, revoked
    }

    /// The journal's MESSAGE_ID for an acceptance (a fixed 128-bit id, as
    /// systemd's catalogue uses them).
    public static let acceptedMessageID = "2f785ec9ad14419d8cfe503169eac6ed"
    /// The journal's MESSAGE_ID for a revocation.
    public static let revokedMessageID = "7e0acd1d718b4e948549f13aadd662c2"

    /// The entry's fields, "NAME=value", for `record` and `event`.
    public static func fields(for record: ConsentRecord, event: Event) -> [String] {
        let version = record.version.map { " version \($0)" } ?? ""
        let verb = event == .accepted ? "accepted" : "revoked the acceptance of"
        return [
            "MESSAGE_ID=" + (event == .accepted ? acceptedMessageID : revokedMessageID),
            "MESSAGE=\(record.user) \(verb) the terms \(record.id)\(version) (sha256 \(record.sha256))",
            "PRIORITY=6", // informational
            "SYSLOG_IDENTIFIER=beckon",
            "BECKON_EVENT=\(event.rawValue)",
            "BECKON_TERMS_ID=\(record.id)",
            "BECKON_TERMS_VERSION=\(record.version ?? "")",
            "BECKON_TERMS_SHA256=\(record.sha256)",
            "BECKON_ACCEPTED_AT=\(record.acceptedAt)",
            "BECKON_USER=\(record.user)",
        ] + managedFields(for: record).compactMap { name, value in value.map { "\(name)=\($0)" } }
    }

    /// The fields of managed terms (``ConsentRecord``'s managed members), each
    /// only when set, so that other terms' entries stay as they were. A new
    /// field is one more line here and in docs/terms.md.
    static func managedFields(for record: ConsentRecord) -> [(String, String?)] {
        [
            (Field.language, record.language),
            (Field.file, record.file),
            (Field.gate, record.gate ? "true" : nil),
            (Field.policy, record.policy),
            (Field.sessionID, record.sessionID),
        ]
    }

    /// The names of beckon's own fields, for writing and for reading back.
    public enum Field {
        public static let event = "BECKON_EVENT"
        public static let termsID = "BECKON_TERMS_ID"
        public static let version = "BECKON_TERMS_VERSION"
        public static let sha256 = "BECKON_TERMS_SHA256"
        public static let acceptedAt = "BECKON_ACCEPTED_AT"
        public static let user = "BECKON_USER"
        public static let language = "BECKON_LANGUAGE"
        public static let file = "BECKON_FILE"
        public static let gate = "BECKON_GATE"
        public static let policy = "BECKON_POLICY"
        public static let sessionID = "BECKON_SESSION_ID"
    }

    /// Writes the entry; false when there is no journal (or no libsystemd),
    /// which is not an error: the record file is the source of truth.
    @discardableResult
    public static func write(_ record: ConsentRecord, event: Event) -> Bool {
        let fields = fields(for: record, event: event)
        var pointers = fields.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { rebound in
                beckon_journal_send(rebound.baseAddress, Int32(rebound.count)) == 0
            }
        }
    }
}

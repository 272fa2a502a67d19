import CBeckonGLib
import Glibc

/// Every outcome of terms with a consent id as a structured entry in the
/// system journal: shown, accepted, declined, dismissed, timed out,
/// interrupted by a signal, revoked, and a gate's session ended. Fleets that ship their journals centrally can
/// audit consent across machines; `journalctl -x` explains each entry with
/// the catalogue beckon installs (`/usr/lib/systemd/catalog/beckon.catalog`).
///
/// Writing never blocks or fails the dialog: an entry is sent from a thread
/// of its own and waited for at most ``sendTimeout``; where no journal runs
/// (or no libsystemd) nothing is written and nothing is said, and the record
/// file holds the answer. The fields are documented in docs/audit.md ("The
/// consent record in the system journal"). Under a gate the accept and
/// revoke entries are read back (`ConsentJournal+Lookup.swift`): journald's
/// own `_UID` and `_EXE` on them are what "already accepted" rests on.
public enum ConsentJournal {
    /// What happened: the entry's `BECKON_OUTCOME` (and `BECKON_EVENT`), each
    /// with its own `MESSAGE_ID`.
    public enum Event: String, Sendable, CaseIterable {
        /// The window or the terminal pager is put up.
        case shown
        /// Accept was pressed and the record written.
        case accepted
        /// Decline was pressed.
        case declined
        /// The window was closed without an answer: Escape, the window manager.
        case dismissed
        /// `--timeout` passed without an answer (the window's own timeout,
        /// or the loop watchdog's when the window did not respond).
        case timeout
        /// A termination signal (SIGTERM, SIGINT, SIGHUP) ended the window's
        /// process before an answer; ``Field/signal`` says which.
        case interrupted
        /// `--revoke` removed the record.
        case revoked
        /// A gate's session was ended (by the warden, by the window's process,
        /// or by the enforcer, which says why in ``Field/reason``).
        case sessionEnded = "session-ended"
        /// The enforcer checked the accepting process and recorded its
        /// acceptance: written as root, the only acceptance the enforcer takes.
        case verifiedAccepted = "enforcer-accepted"
        /// The enforcer recorded a revocation the same way.
        case verifiedRevoked = "enforcer-revoked"
        /// The enforcer let a gated session go on: nothing is owed, or it was accepted.
        case sessionSpared = "session-spared"
        /// In pilot mode, the enforcer would have ended a session (``Field/reason`` says why).
        case sessionWouldEnd = "session-would-end"
        /// A process that claimed to be a gate failed the enforcer's checks.
        case refused = "enforcer-refused"
        /// A key file of the gates, or the enforcer's own, cannot be used.
        case configurationError = "configuration-error"

        /// The entry's MESSAGE_ID: a fixed 128-bit id, as systemd's catalogue uses them.
        public var messageID: String {
            switch self {
            case .shown: "e180d2f4ac7142f4a188837efc7f1f94"
            case .accepted: ConsentJournal.acceptedMessageID
            case .declined: "61bc49dd8bcf4714be7dc85fdec44a9e"
            case .dismissed: "827665d2bf3f41fda1018388cdca9b69"
            case .timeout: "97b38904c6d44d628c6d98efb85eaf05"
            case .interrupted: "d09ea017580f4dacb14271cadd0aecde"
            case .revoked: ConsentJournal.revokedMessageID
            case .sessionEnded: "e69ab3e0b3864ec89a5363bc3113ef73"
            case .verifiedAccepted: ConsentJournal.verifiedAcceptedMessageID
            case .verifiedRevoked: ConsentJournal.verifiedRevokedMessageID
            case .sessionSpared: "5a6b0f1de0d44e0c9b7c2f6a3d1e8b47"
            case .sessionWouldEnd: "c3f1a9e27b6d4e58a0d2b4f6e8c1a3d5"
            case .refused: "9d4e2b7a1c3f4a6e8b0d2f4a6c8e0b13"
            case .configurationError: "41be7c9d2a5f4e3b8c6d0a1f2e3b4c5d"
            }
        }

        /// syslog's priority: 4 (warning) for a refused gate process or a
        /// configuration error, 5 (notice) for a refusal or a session ended (or
        /// one that would be), 6 (informational) otherwise.
        public var priority: Int {
            switch self {
            case .declined, .sessionEnded, .sessionWouldEnd: 5
            case .refused, .configurationError: 4
            default: 6
            }
        }
    }

    /// The journal's MESSAGE_ID for an acceptance.
    public static let acceptedMessageID = "2f785ec9ad14419d8cfe503169eac6ed"
    /// The journal's MESSAGE_ID for a revocation.
    public static let revokedMessageID = "7e0acd1d718b4e948549f13aadd662c2"
    /// The MESSAGE_IDs of the enforcer's acceptance and revocation.
    public static let verifiedAcceptedMessageID = "b8a3c5e7d9f14b2a8c6e0d2f4a6b8c01"
    public static let verifiedRevokedMessageID = "d2e4f6a8b0c24d6e8f0a2b4c6d8e0f25"

    /// The names of beckon's own fields, for writing and for reading back.
    public enum Field {
        /// The outcome (``Event``'s raw value).
        public static let outcome = "BECKON_OUTCOME"
        /// The same value as ``outcome``: the name older entries have.
        public static let event = "BECKON_EVENT"
        public static let termsID = "BECKON_TERMS_ID"
        public static let version = "BECKON_TERMS_VERSION"
        /// The SHA-256 of the text shown, lowercase hex.
        public static let sha256 = "BECKON_TERMS_SHA256"
        /// When the acceptance was recorded (accepted, revoked), ISO 8601 UTC.
        public static let acceptedAt = "BECKON_ACCEPTED_AT"
        /// The login name.
        public static let user = "BECKON_USER"
        public static let uid = "BECKON_UID"
        public static let language = "BECKON_LANGUAGE"
        public static let file = "BECKON_FILE"
        /// `true` or `false`.
        public static let gate = "BECKON_GATE"
        public static let policy = "BECKON_POLICY"
        /// logind's session id.
        public static let sessionID = "BECKON_SESSION_ID"
        /// `x11`, `wayland` or `tty`: logind's type of the session, else `XDG_SESSION_TYPE`.
        public static let sessionType = "BECKON_SESSION_TYPE"
        /// How a gate's session was ended: gnome, plasma, ksmserver, xfce, logind, command.
        public static let sessionEndedBy = "BECKON_SESSION_ENDED_BY"
        /// Why the enforcer decided as it did: declined, grace-expired,
        /// gate-exited, configuration-error, accepted, already-accepted, or
        /// what a refused process failed.
        public static let reason = "BECKON_REASON"
        /// The gate's process the enforcer checked, and its executable.
        public static let pid = "BECKON_PID"
        public static let gateExecutable = "BECKON_GATE_EXE"
        /// A configuration error's key file, line and key.
        public static let configFile = "BECKON_CONFIG_FILE"
        public static let configLine = "BECKON_CONFIG_LINE"
        public static let configKey = "BECKON_CONFIG_KEY"
        /// The signal that ended the window's process, without `SIG`: `TERM`,
        /// `INT`, `HUP` (interrupted), `KILL` or any other (session-ended).
        public static let signal = "BECKON_SIGNAL"

        // journald's own fields: the first four beckon writes with every
        // entry; the underscored ones journald adds itself, which no writer
        // can forge, and the audit reads.
        public static let messageID = "MESSAGE_ID"
        public static let message = "MESSAGE"
        public static let priority = "PRIORITY"
        public static let syslogIdentifier = "SYSLOG_IDENTIFIER"
        public static let hostname = "_HOSTNAME"
        public static let bootID = "_BOOT_ID"
        public static let machineID = "_MACHINE_ID"
        /// The uid of the process that wrote the entry.
        public static let senderUID = "_UID"
        /// The executable that wrote the entry.
        public static let executable = "_EXE"

        /// Each member of a record's JSON (`--status --json`, the record file)
        /// with the journal field that holds the same value. `gate` absent
        /// from a record is `false` in the journal; `boot_id` is journald's own
        /// `_BOOT_ID`.
        public static let byRecordMember: [(member: String, field: String)] = [
            ("id", termsID), ("version", version), ("sha256", sha256), ("accepted_at", acceptedAt), ("user", user),
            ("language", language), ("file", file), ("policy", policy), ("gate", gate), ("session_id", sessionID),
            ("boot_id", bootID),
        ]
    }

    /// What an entry says about the terms and the person: every field but
    /// the outcome. Nil members are left out of the entry, never written empty.
    public struct Context: Sendable, Hashable {
        public var termsID: String
        public var version: String?
        public var sha256: String?
        public var language: String?
        public var file: String?
        public var policy: String?
        public var gate = false
        public var user: String?
        public var uid: uid_t?
        public var sessionID: String?
        public var sessionType: String?
        /// For accepted and revoked.
        public var acceptedAt: String?
        /// For session-ended: the route (``SessionEndingRoute/journalName``).
        public var sessionEndedBy: String?
        /// For session-ended and the enforcer's entries: why (the warden's
        /// ``SessionEndReason``, or the enforcer's reason).
        public var reason: String?
        /// For interrupted, and session-ended when the window's process died
        /// of a signal: its name without `SIG` (``signalName(_:)``).
        public var signal: String?
        /// The enforcer's entries: the process checked, the file at fault.
        public var pid: pid_t?
        public var gateExecutable: String?
        public var configFile: String?
        public var configLine: Int?
        public var configKey: String?

        /// A context that says nothing of the process writing it: the enforcer's,
        /// whose entries are about another user's session.
        public init(termsID: String, uid: uid_t?, user: String?) {
            self.termsID = termsID
            self.uid = uid
            self.user = user
        }

        /// A context for `termsID` and this process: its user, uid and login
        /// session (``LoginSession/current(environment:)``, ``LoginSession/currentType(sessionID:environment:)``).
        public init(termsID: String, environment: [String: String] = ManagedTerms.processEnvironment()) {
            self.termsID = termsID
            user = ConsentRecord.currentUser().nilIfEmpty
            uid = getuid()
            sessionID = LoginSession.current(environment: environment).sessionID
            sessionType = LoginSession.currentType(sessionID: sessionID, environment: environment)
        }

        /// The context of `document` shown as `consent` says (its version,
        /// the login gate and managed details), in this process.
        public init(termsID: String, document: TermsDocument?, consent: ConsentSettings) {
            self.init(termsID: termsID)
            version = consent.version
            sha256 = document?.sha256
            gate = consent.loginGate
            if let details = consent.details {
                language = details.language
                file = details.file
                policy = details.policy?.name
                if let session = details.login?.sessionID { sessionID = session }
            }
        }

        /// The context of `record` (an acceptance written or revoked), in this process.
        public init(record: ConsentRecord) {
            self.init(termsID: record.id)
            version = record.version
            sha256 = record.sha256
            language = record.language
            file = record.file
            policy = record.policy
            gate = record.gate
            user = record.user
            if let session = record.sessionID { sessionID = session }
            acceptedAt = record.acceptedAt
        }

        /// The journal's fields of this context, in the entry's order, those known only.
        public var fields: [(String, String)] {
            let values: [(String, String?)] = [
                (Field.termsID, termsID), (Field.version, version), (Field.sha256, sha256),
                (Field.language, language), (Field.file, file), (Field.policy, policy),
                (Field.gate, gate ? "true" : "false"), (Field.user, user), (Field.uid, uid.map { "\($0)" }),
                (Field.sessionID, sessionID), (Field.sessionType, sessionType), (Field.acceptedAt, acceptedAt),
                (Field.sessionEndedBy, sessionEndedBy), (Field.reason, reason), (Field.signal, signal), (Field.pid, pid.map { "\($0)" }),
                (Field.gateExecutable, gateExecutable), (Field.configFile, configFile),
                (Field.configLine, configLine.map { "\($0)" }), (Field.configKey, configKey),
            ]
            return values.compactMap { name, value in value.map { (name, $0) } }
        }

        /// A context from the fields of an entry (``fields``), as the gate's
        /// warden receives it; nil without ``Field/termsID``.
        public init?(fields: [String: String]) {
            guard let id = fields[Field.termsID], !id.isEmpty else { return nil }
            termsID = id
            version = fields[Field.version]
            sha256 = fields[Field.sha256]
            language = fields[Field.language]
            file = fields[Field.file]
            policy = fields[Field.policy]
            gate = fields[Field.gate] == "true"
            user = fields[Field.user]
            uid = fields[Field.uid].flatMap { uid_t($0) }
            sessionID = fields[Field.sessionID]
            sessionType = fields[Field.sessionType]
            acceptedAt = fields[Field.acceptedAt]
            sessionEndedBy = fields[Field.sessionEndedBy]
            reason = fields[Field.reason]
            signal = fields[Field.signal]
        }
    }

    /// The entry's fields, "NAME=value", for `event` in `context`.
    public static func fields(for event: Event, _ context: Context) -> [String] {
        var fields = [
            "\(Field.messageID)=\(event.messageID)",
            "\(Field.message)=\(message(for: event, context))",
            "\(Field.priority)=\(event.priority)",
            "\(Field.syslogIdentifier)=beckon",
            "\(Field.outcome)=\(event.rawValue)",
            "\(Field.event)=\(event.rawValue)",
        ]
        for (name, value) in context.fields {
            // Accepted at means an acceptance: not on a refusal's entry.
            if name == Field.acceptedAt, ![.accepted, .revoked, .verifiedAccepted, .verifiedRevoked].contains(event) { continue }
            if name == Field.sessionEndedBy, event != .sessionEnded { continue }
            if name == Field.reason, ![.sessionEnded, .sessionSpared, .sessionWouldEnd, .refused, .configurationError].contains(event) {
                continue
            }
            if name == Field.signal, event != .sessionEnded, event != .interrupted { continue }
            fields.append("\(name)=\(value)")
        }
        return fields
    }

    /// The entry's fields for `record` and `event` (accepted or revoked), in this process.
    public static func fields(for record: ConsentRecord, event: Event) -> [String] {
        fields(for: event, Context(record: record))
    }

    /// The English sentence of the entry's MESSAGE, for people reading the journal.
    static func message(for event: Event, _ context: Context) -> String {
        let who = context.user ?? context.uid.map { "uid \($0)" } ?? "someone"
        let terms = "the terms \(context.termsID)" + (context.version.map { " version \($0)" } ?? "")
        let sha = context.sha256.map { " (sha256 \($0))" } ?? ""
        switch event {
        case .shown: return "\(who) was shown \(terms)\(sha)"
        case .accepted: return "\(who) accepted \(terms)\(sha)"
        case .declined: return "\(who) declined \(terms)\(sha)"
        case .dismissed: return "\(who) closed \(terms) without an answer\(sha)"
        case .timeout: return "\(terms) shown to \(who) timed out without an answer\(sha)"
        case .interrupted:
            let signal = context.signal.map { " SIG\($0)" } ?? " a signal"
            return "\(terms) shown to \(who) were interrupted by\(signal) without an answer\(sha)"
        case .revoked: return "\(who) revoked the acceptance of \(terms)\(sha)"
        case .sessionEnded:
            let route = context.sessionEndedBy.map { " through \($0)" } ?? ""
            // The warden's reasons as words, the enforcer's as they are; one
            // this version does not know stays a field, not words.
            let reason = SessionEndReason(rawValue: context.reason ?? "").map { $0.sentence(signal: context.signal) }
                ?? EnforcerEndReason(rawValue: context.reason ?? "")?.rawValue
            let why = reason.map { " (\($0))" } ?? ""
            return "the session of \(who) was ended\(route): \(terms) were not accepted under a gate\(why)"
        case .verifiedAccepted:
            return "the enforcer recorded that \(who) accepted \(terms)\(sha) in its checked process"
                + (context.pid.map { " \($0)" } ?? "")
        case .verifiedRevoked: return "the enforcer recorded that \(who) revoked the acceptance of \(terms)"
        case .sessionSpared:
            return "the enforcer let the session of \(who) go on: \(terms)" + (context.reason.map { " (\($0))" } ?? "")
        case .sessionWouldEnd:
            return "pilot mode: the enforcer would have ended the session of \(who) for \(terms)"
                + (context.reason.map { " (\($0))" } ?? "")
        case .refused:
            return "the enforcer refused process \(context.pid.map { "\($0)" } ?? "?") of \(who) as a gate: "
                + (context.reason ?? "failed its checks")
        case .configurationError:
            let place = (context.configFile ?? "the configuration") + (context.configLine.map { ":\($0)" } ?? "")
            return "\(place): " + (context.configKey.map { "key “\($0)”: " } ?? "") + (context.reason ?? "cannot be used")
        }
    }

    /// How long a write waits for journald: 250 ms. A journald that is
    /// stopped or overloaded costs the dialog no more than that; the entry
    /// still goes out if journald reads it while the process runs.
    public static let sendTimeout: Int32 = 250

    /// Writes `event` in `context`; false when there is no journal (or no
    /// libsystemd, or journald did not read it within ``sendTimeout``), which
    /// is not an error: the record file is the source of truth.
    @discardableResult
    public static func write(_ event: Event, _ context: Context) -> Bool {
        let fields = fields(for: event, context)
        var pointers = fields.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { rebound in
                beckon_journal_send(rebound.baseAddress, Int32(rebound.count), sendTimeout) == 0
            }
        }
    }

    /// Writes `event` (accepted or revoked) for `record`.
    @discardableResult
    public static func write(_ record: ConsentRecord, event: Event) -> Bool {
        write(event, Context(record: record))
    }
}

extension String {
    /// Nil for the empty string.
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

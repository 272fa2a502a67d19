import Glibc

/// One outcome of `beckon terms` as the journal holds it (docs/audit.md,
/// "The consent record in the system journal"), read back for an audit:
/// beckon's fields, and those journald adds itself (host, boot, time).
/// A field the entry lacks is nil, never an invented empty value.
public struct ConsentEvent: Sendable, Hashable {
    /// When journald received it (`__REALTIME_TIMESTAMP`), microseconds since the epoch.
    public var time: UInt64
    /// `_HOSTNAME`: the host that sent it.
    public var host: String?
    /// `_BOOT_ID`.
    public var boot: String?
    /// `_MACHINE_ID`.
    public var machineID: String?
    /// What happened: the event the writer writes and the audit reads
    /// (`BECKON_OUTCOME`; `BECKON_EVENT` on entries older than the field;
    /// else read from the MESSAGE_ID).
    public var outcome: ConsentJournal.Event
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
    /// `BECKON_REASON` (session-ended and the enforcer's entries): why.
    public var reason: String?
    /// `BECKON_SIGNAL` (interrupted, session-ended): the signal that ended the window's process.
    public var signal: String?
    /// journald's `_UID` and `_EXE`: who wrote the entry, which no writer can forge.
    public var senderUID: String?
    public var executable: String?
    /// `_UID`'s login name in the user database of the machine reading the
    /// journal; nil when it has none.
    public var senderUser: String?
    /// How far the entry can be trusted as what it says, from its sender
    /// (``ConsentJournal/Sender/trust(outcome:claimedUser:claimedUID:beckonExecutable:userName:)``).
    /// An event made from values alone is trusted.
    public var trust: ConsentJournal.Sender.Trust = .trusted

    /// An event with its outcome and time; every other field unknown.
    public init(time: UInt64, outcome: ConsentJournal.Event) {
        self.time = time
        self.outcome = outcome
    }

    /// The event an entry records, judged by its sender: `beckonExecutable`
    /// is the `_EXE` of a user's own answer, `userName` names a `_UID`. Nil
    /// for an entry of beckon's that is not one (no outcome it knows).
    public init?(_ entry: ConsentJournal.Entry, beckonExecutable: String?, userName: (uid_t) -> String?) {
        self.init(entry)
        let sender = ConsentJournal.Sender(uidField: senderUID, executableField: executable)
        let name = sender.uid.flatMap(userName)
        senderUser = name
        trust = sender.trust(outcome: outcome, claimedUser: user, claimedUID: uid, beckonExecutable: beckonExecutable,
                             userName: { _ in name })
    }

    /// The event an entry records, its sender not judged (``trust`` is
    /// ``ConsentJournal/Sender/Trust/trusted``); nil for an entry of
    /// beckon's that is not one (no outcome it knows).
    public init?(_ entry: ConsentJournal.Entry) {
        let fields = entry.fields
        guard let outcome = fields[ConsentJournal.Field.outcome].flatMap(ConsentJournal.Event.init(rawValue:))
            ?? fields[ConsentJournal.Field.event].flatMap(ConsentJournal.Event.init(rawValue:))
            ?? fields[ConsentJournal.Field.messageID].flatMap(ConsentJournal.Event.init(messageID:))
        else { return nil }
        self.init(time: entry.realtimeMicroseconds, outcome: outcome)
        func value(_ name: String) -> String? { fields[name].flatMap { $0.isEmpty ? nil : $0 } }
        for (property, name) in Self.textFields { self[keyPath: property] = value(name) }
        gate = value(ConsentJournal.Field.gate).flatMap { ["true": true, "false": false][$0] }
    }

    /// The journal fields an event is made of: what the audit reads of an entry.
    public static let fieldNames: Set<String> = Set(textFields.map(\.1)
        + [ConsentJournal.Field.outcome, ConsentJournal.Field.event, ConsentJournal.Field.messageID, ConsentJournal.Field.gate])

    /// Each text property and the journal field it is read from: an empty
    /// value is nil, as a missing one is.
    private static let textFields: [(WritableKeyPath<ConsentEvent, String?> & Sendable, String)] = {
        typealias Field = ConsentJournal.Field
        return [
            (\.host, Field.hostname), (\.boot, Field.bootID), (\.machineID, Field.machineID),
            (\.termsID, Field.termsID), (\.version, Field.version), (\.sha256, Field.sha256),
            (\.language, Field.language), (\.file, Field.file), (\.policy, Field.policy),
            (\.user, Field.user), (\.uid, Field.uid), (\.sessionID, Field.sessionID),
            (\.sessionType, Field.sessionType), (\.acceptedAt, Field.acceptedAt),
            (\.sessionEndedBy, Field.sessionEndedBy), (\.reason, Field.reason), (\.signal, Field.signal),
            (\.senderUID, Field.senderUID),
            (\.executable, Field.executable),
        ]
    }()
}

/// What `beckon terms --audit` asks the journal: where to read, and which
/// events to keep. Every filter left nil keeps all.
public struct ConsentAuditQuery: Sendable, Hashable {
    public var source: ConsentJournal.Source = .local
    /// Only these terms (`BECKON_TERMS_ID`).
    public var termsID: String?
    /// Only this version (`BECKON_TERMS_VERSION`).
    public var version: String?
    /// Only this login name (`BECKON_USER`).
    public var user: String?
    /// Only events at or after this time, microseconds since the epoch.
    public var since: UInt64?
    /// Only events at or before this time, microseconds since the epoch.
    public var until: UInt64?
    public var outcome: ConsentJournal.Event?
    /// Whether events not trusted as what they say are listed too, marked
    /// (``ConsentEvent/trust``): the attempted forgeries. Never counted.
    public var includeUntrusted = false

    public init(source: ConsentJournal.Source = .local) {
        self.source = source
    }

    /// Whether `event` passes every filter.
    public func matches(_ event: ConsentEvent) -> Bool {
        inTimeRange(event)
            && (termsID == nil || event.termsID == termsID)
            && (version == nil || event.version == version)
            && (user == nil || event.user == user)
            && (outcome == nil || event.outcome == outcome)
    }

    /// Whether `event` is listed: it passes every filter and is trusted, or
    /// untrusted ones are asked for (``includeUntrusted``).
    public func lists(_ event: ConsentEvent) -> Bool {
        matches(event) && (includeUntrusted || event.trust.counts)
    }

    /// Whether `event` lies between ``since`` and ``until``: the only filters
    /// a summary keeps for the users it counts as seen on a host.
    public func inTimeRange(_ event: ConsentEvent) -> Bool {
        (since.map { event.time >= $0 } ?? true) && (until.map { event.time <= $0 } ?? true)
    }

    /// The journal match every beckon event passes: beckon's identifier.
    /// The outcome is told from the entry itself (``ConsentEvent``): one
    /// match is one lookup in each file's hash table, where one per
    /// MESSAGE_ID cost fifteen, each a page of every file mapped.
    public static var journalMatches: [String] {
        ["\(ConsentJournal.Field.syslogIdentifier)=beckon"]
    }
}

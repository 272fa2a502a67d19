/// `--summary`: per terms id and version, per host that sent events, how
/// many distinct users accepted, declined, and were never asked. Only
/// events that count (``ConsentJournal/Sender/Trust/counts``) are counted:
/// an entry another program wrote, or one naming another user than its
/// sender, is no answer and makes no user seen.
///
/// - A user is *seen* on a host when any counted beckon event from that host
///   within the time range names them (any terms, any outcome).
/// - *Accepted* / *declined*: users with at least one such event for the id
///   and version on the host (one who declined, then accepted, is in both).
/// - *Verified*: users whose acceptance the enforcer recorded
///   (`enforcer-accepted`, written as root).
/// - *Never asked*: users seen on the host with no shown, accepted, declined,
///   dismissed, timeout or interrupted event for the id and version there.
/// Hosts are those that sent any event, so a host where the terms never
/// came up still shows its users as never asked.
///
/// Built as events are read (``add(_:)``): it keeps sets of users per
/// terms version and host, never the events, so its memory grows with the
/// users, not with the trail.
public struct ConsentAuditSummary: Sendable, Hashable {
    /// One terms version on one host.
    public struct Row: Sendable, Hashable {
        public var termsID: String
        public var version: String?
        public var host: String?
        public var accepted: Set<String> = []
        public var declined: Set<String> = []
        public var verified: Set<String> = []
        public var neverAsked: Set<String> = []
        /// Every user seen on the host.
        public var seen: Set<String> = []
    }

    private let query: ConsentAuditQuery
    private var seen: [String?: Set<String>] = [:]
    private var terms: Set<TermsKey> = []
    private var asked: [TermsKey: [String?: Set<String>]] = [:]
    private var accepted: [TermsKey: [String?: Set<String>]] = [:]
    private var declined: [TermsKey: [String?: Set<String>]] = [:]
    private var verified: [TermsKey: [String?: Set<String>]] = [:]

    /// An empty summary under `query`'s id, version and user filters and
    /// time range; its outcome filter does not apply.
    public init(query: ConsentAuditQuery) {
        self.query = query
    }

    /// The summary of `events` (as ``ConsentAuditQuery/scan(_:)`` reads them).
    public init(events: [ConsentEvent], query: ConsentAuditQuery) {
        self.init(query: query)
        for event in events { add(event) }
    }

    /// Counts `event`, if it counts and lies in the query's time range.
    public mutating func add(_ event: ConsentEvent) {
        guard event.trust.counts, query.inTimeRange(event) else { return }
        if seen[event.host] == nil { seen[event.host] = [] }
        guard let user = event.user, query.user == nil || user == query.user else { return }
        seen[event.host]?.insert(user)
        guard let id = event.termsID, query.termsID == nil || id == query.termsID,
              query.version == nil || event.version == query.version
        else { return }
        let key = TermsKey(id: id, version: event.version)
        terms.insert(key)
        if event.outcome.wasAsked { asked[key, default: [:]][event.host, default: []].insert(user) }
        if event.outcome == .accepted { accepted[key, default: [:]][event.host, default: []].insert(user) }
        if event.outcome == .declined { declined[key, default: [:]][event.host, default: []].insert(user) }
        if event.outcome == .verifiedAccepted, event.trust == .enforcer {
            verified[key, default: [:]][event.host, default: []].insert(user)
        }
    }

    /// One row per terms version (sorted) and host (sorted).
    public var rows: [Row] {
        terms.sorted().flatMap { key in
            seen.keys.sorted { ($0 ?? "") < ($1 ?? "") }.map { host in
                let users = seen[host] ?? []
                return Row(termsID: key.id, version: key.version, host: host,
                           accepted: accepted[key]?[host] ?? [], declined: declined[key]?[host] ?? [],
                           verified: verified[key]?[host] ?? [],
                           neverAsked: users.subtracting(asked[key]?[host] ?? []), seen: users)
            }
        }
    }

    private struct TermsKey: Hashable, Comparable {
        var id: String
        var version: String?
        static func < (a: Self, b: Self) -> Bool { (a.id, a.version ?? "") < (b.id, b.version ?? "") }
    }
}

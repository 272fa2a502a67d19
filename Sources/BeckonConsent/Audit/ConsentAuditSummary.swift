/// `--summary`: per terms id and version, per host that sent events, how
/// many distinct users accepted, declined, and were never asked.
///
/// - A user is *seen* on a host when any beckon event from that host within
///   the time range names them (any terms, any outcome).
/// - *Accepted* / *declined*: users with at least one such event for the id
///   and version on the host (one who declined, then accepted, is in both).
/// - *Never asked*: users seen on the host with no shown, accepted, declined,
///   dismissed, timeout or interrupted event for the id and version there.
/// Hosts are those that sent any event, so a host where the terms never
/// came up still shows its users as never asked.
public struct ConsentAuditSummary: Sendable, Hashable {
    /// One terms version on one host.
    public struct Row: Sendable, Hashable {
        public var termsID: String
        public var version: String?
        public var host: String?
        public var accepted: Set<String> = []
        public var declined: Set<String> = []
        public var neverAsked: Set<String> = []
        /// Every user seen on the host.
        public var seen: Set<String> = []
    }

    public var rows: [Row]

    /// The summary of `events` (every beckon event in the query's time
    /// range: ``ConsentAuditQuery/eventsInTimeRange()``) under `query`'s
    /// id, version and user filters; its outcome filter does not apply.
    public init(events: [ConsentEvent], query: ConsentAuditQuery) {
        var seen: [String?: Set<String>] = [:]
        var terms: Set<TermsKey> = []
        var asked: [TermsKey: [String?: Set<String>]] = [:]
        var accepted = asked, declined = asked
        for event in events where query.inTimeRange(event) {
            if seen[event.host] == nil { seen[event.host] = [] }
            guard let user = event.user, query.user == nil || user == query.user else { continue }
            seen[event.host]?.insert(user)
            guard let id = event.termsID, query.termsID == nil || id == query.termsID,
                  query.version == nil || event.version == query.version
            else { continue }
            let key = TermsKey(id: id, version: event.version)
            terms.insert(key)
            if event.outcome.wasAsked { asked[key, default: [:]][event.host, default: []].insert(user) }
            if event.outcome == .accepted { accepted[key, default: [:]][event.host, default: []].insert(user) }
            if event.outcome == .declined { declined[key, default: [:]][event.host, default: []].insert(user) }
        }
        rows = terms.sorted().flatMap { key in
            seen.keys.sorted { ($0 ?? "") < ($1 ?? "") }.map { host in
                let users = seen[host] ?? []
                return Row(termsID: key.id, version: key.version, host: host,
                           accepted: accepted[key]?[host] ?? [], declined: declined[key]?[host] ?? [],
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

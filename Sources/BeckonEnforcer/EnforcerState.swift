import BeckonConsent
import Glibc

/// The enforcer's decisions, apart from every effect: which gated sessions
/// owe an answer, until when, which gate processes are followed, and what to
/// do (``Action``) when sessions change, a gate reports, a process exits or a
/// deadline passes. ``Enforcer`` carries the actions out; the unit tests
/// drive this alone.
public struct EnforcerState {
    /// Why a session is ended (`BECKON_REASON`): one list with the journal's.
    public typealias EndReason = EnforcerEndReason

    /// Why a session goes on.
    public enum SpareReason: String, Sendable {
        /// Every gate's acceptance held when the session was first seen.
        case alreadyAccepted = "already-accepted"
        /// The last owed gate was accepted in a checked process.
        case accepted
    }

    /// What the enforcer does next.
    public enum Action: Hashable, Sendable {
        /// End (or, in pilot mode, report) the session, for `gate` (nil: the configuration).
        case end(LogindSession, gate: String?, EndReason)
        /// Let the session go on.
        case spare(LogindSession, gate: String?, SpareReason)
    }

    /// What the enforcer knows of one gated session.
    struct Tracked {
        var session: LogindSession
        /// Each gate still owed, with when its grace ends (µs since the epoch).
        var owed: [String: UInt64]
        /// A broken gate file's deadline: the session can never answer it.
        var brokenDeadline: UInt64?
        /// Ended, spared or reported: nothing more is done for it.
        var finished = false
        /// Ended (or reported as such in pilot mode).
        var ended = false
        /// Since when each owed gate has been shown to it by a followed
        /// process: the reading's clock (``EnforcerConfiguration/maxReadingSeconds``),
        /// which a second gate process taking over does not restart.
        var readingSince: [String: UInt64] = [:]
    }

    public private(set) var configuration: EnforcerConfiguration
    public private(set) var gates: EnforcerGateSet
    /// When the enforcer started: a session older than its grace, seen first
    /// at a restart, still has ``restartAllowance`` for its gate to connect
    /// again. A gate that was shown is followed again at once from the state
    /// file (``EnforcerStateFile``) and reconnects within a few seconds; the
    /// allowance is for a gate that was starting, not yet shown, when the
    /// enforcer stopped: its process retries its connection for 5 s.
    let startMicroseconds: UInt64
    static let restartAllowance: UInt64 = 10_000_000

    /// The newest recorded acceptance or revocation of a gate for a user
    /// (for a login, under every-login), with journald's time of it: the
    /// enforcer's own journal entries, and those it just wrote.
    public typealias Lookup = (_ uid: uid_t, _ gate: EnforcerGate, _ sessionID: String?) -> Found?

    /// A recorded acceptance or revocation, and when journald received it.
    public struct Found: Sendable {
        public var record: ConsentRecord
        public var revoked: Bool
        public var atMicroseconds: UInt64
        public init(record: ConsentRecord, revoked: Bool, atMicroseconds: UInt64) {
            self.record = record
            self.revoked = revoked
            self.atMicroseconds = atMicroseconds
        }
    }
    let lookup: Lookup
    let bootID: String?

    var tracked: [String: Tracked] = [:]
    /// Followed gate processes (by pid): whose, and the gates they show.
    var followers: [pid_t: Follower] = [:]

    /// A gate process shown and followed.
    struct Follower {
        var uid: uid_t
        var gates: Set<String> = []
        /// The logind session the process runs in; nil outside every
        /// session (the packaged user unit runs in the user's manager).
        var session: String?
        /// Stopped (SIGSTOP, a job-control stop) or traced: it holds nothing
        /// while it is, so a gate parked somewhere cannot hold a session.
        var isStopped = false
        /// When it first said `shown` (µs since the epoch).
        var shownAt: UInt64 = 0
        /// The X display its window is on, as the enforcer found it (nil:
        /// none it could vouch for, SessionDisplays+Gate.swift).
        var display: Int?

        /// Whether it holds `session` of its user: a process in a session
        /// holds that session alone; one outside every session holds all of
        /// its user's, as the packaged user unit must; and where the
        /// session's own X display is known (`ownDisplay`), only a window on
        /// that display holds it: a gate on a private Xvfb nobody sees does not.
        func holds(_ uid: uid_t, _ gate: String, session: String, ownDisplay: Int? = nil) -> Bool {
            shows(uid, gate, session: session) && (ownDisplay == nil || display == ownDisplay)
        }

        /// Whether it shows `gate` for `session`, on whatever display.
        func shows(_ uid: uid_t, _ gate: String, session: String) -> Bool {
            self.uid == uid && gates.contains(gate) && !isStopped && (self.session == nil || self.session == session)
        }
    }

    public init(configuration: EnforcerConfiguration, gates: EnforcerGateSet, startMicroseconds: UInt64,
                bootID: String? = LoginSession.currentBootID(), lookup: @escaping Lookup) {
        self.configuration = configuration
        self.gates = gates
        self.startMicroseconds = startMicroseconds
        self.bootID = bootID
        self.lookup = lookup
    }

    /// Whether `uid` must answer `gate` in `session` at `now`.
    public func owes(_ uid: uid_t, _ gate: EnforcerGate, sessionID: String?, now: UInt64) -> Bool {
        guard let found = lookup(uid, gate, gate.terms.policy == .everyLogin ? sessionID : nil), !found.revoked else {
            return true
        }
        let login = LoginSession(sessionID: sessionID, bootID: bootID)
        let acceptedAt = found.atMicroseconds == 0 ? nil : Int64(found.atMicroseconds / 1_000_000)
        return !gate.digests.contains { digest in
            !gate.terms.decide(found.record, acceptedAt: acceptedAt, sha256: digest, login: login,
                               now: Int64(now / 1_000_000)).mustAsk
        }
    }

    private var breaksSessions: Bool {
        configuration.configurationErrors == .endSession && !gates.brokenGates.isEmpty
    }

    /// logind's sessions now: new gated ones are evaluated, gone ones forgotten.
    public mutating func sessionsChanged(_ sessions: [LogindSession], now: UInt64) -> [Action] {
        var actions: [Action] = []
        let gated = sessions.filter { $0.isGated(by: configuration) }
        let present = Set(gated.map(\.id))
        tracked = tracked.filter { present.contains($0.key) }
        // A display found in a session after it was first seen (startx):
        // its own display, for the gate's check, is the one found.
        for session in gated where tracked[session.id]?.session.ownXDisplay == nil && session.ownXDisplay != nil {
            tracked[session.id]?.session.serverDisplay = session.ownXDisplay
        }
        for session in gated where tracked[session.id] == nil {
            actions += evaluate(session, now: now)
        }
        return actions
    }

    /// The gates (and the configuration) changed: every session is evaluated
    /// again, as if just seen, with a fresh grace counted from `now`.
    public mutating func configurationChanged(_ configuration: EnforcerConfiguration, gates: EnforcerGateSet,
                                              sessions: [LogindSession], now: UInt64) -> [Action] {
        self.configuration = configuration
        self.gates = gates
        let previous = tracked
        tracked = [:]
        var actions: [Action] = []
        for session in sessions where session.isGated(by: configuration) {
            if previous[session.id]?.ended == true {
                tracked[session.id] = previous[session.id]
                continue
            }
            let again = evaluate(session, now: now, graceFrom: now)
            // Spared before and still owing nothing: no second session-spared
            // event for every edit of the directory.
            if let before = previous[session.id], before.finished, tracked[session.id]?.finished == true { continue }
            actions += again
        }
        return actions
    }

    private mutating func evaluate(_ session: LogindSession, now: UInt64, graceFrom: UInt64? = nil) -> [Action] {
        // A session graphical by another route, where the administrator
        // ends those: at once, while there is any gate to hold.
        if session.isOtherGraphical, configuration.otherGraphicalSessions == .end,
           !gates.gates.isEmpty || !gates.brokenGates.isEmpty {
            tracked[session.id] = Tracked(session: session, owed: [:], finished: true, ended: true)
            return [.end(session, gate: nil, .routeRefused)]
        }
        // The grace counts from when the session became graphical: a
        // console login that starts X an hour later has its grace then.
        let start = graceFrom ?? session.graphicalSinceMicroseconds
        // A session older than this run (the enforcer restarted) gets a
        // moment for its gate process to connect again.
        let floor = graceFrom == nil && session.graphicalSinceMicroseconds < startMicroseconds
            ? startMicroseconds + Self.restartAllowance : 0
        func deadline(_ seconds: Int) -> UInt64 { max(start + UInt64(seconds) * 1_000_000, floor) }
        var entry = Tracked(session: session, owed: [:])
        for gate in gates.gates where owes(session.uid, gate, sessionID: session.id, now: now) {
            entry.owed[gate.id] = deadline(gate.graceSeconds)
        }
        if breaksSessions { entry.brokenDeadline = deadline(configuration.graceSeconds) }
        tracked[session.id] = entry
        if entry.owed.isEmpty, entry.brokenDeadline == nil {
            tracked[session.id]?.finished = true
            return gates.gates.isEmpty ? [] : [.spare(session, gate: nil, .alreadyAccepted)]
        }
        return []
    }

    /// A checked gate process of `uid` shows `gate`: its sessions that owe it
    /// are held by that process from now on, not by the clock, for at most
    /// MaxReadingSeconds= counted from the first time any process showed it.
    /// `session`: the logind session the process runs in, nil for none.
    /// `display`: the X display its window is on, as the enforcer found it
    /// (nil keeps what was found before: the same process's next gate).
    public mutating func shown(uid: uid_t, gate: String, pid: pid_t, session: String? = nil, display: Int? = nil, now: UInt64) {
        followers[pid, default: Follower(uid: uid, session: session, shownAt: now)].gates.insert(gate)
        if let display { followers[pid]?.display = display }
    }

    /// Follows again a process followed before a restart (the state file),
    /// once the enforcer has checked that it is the same process and still
    /// passes: its reading's clock runs on from `shownAt`.
    mutating func restore(pid: pid_t, uid: uid_t, gates: Set<String>, session: String?, shownAt: UInt64) {
        followers[pid] = Follower(uid: uid, gates: gates, session: session, shownAt: shownAt)
    }

    /// The followed processes whose window's X display is not known yet,
    /// while a session they could hold has one of its own: the enforcer
    /// looks again (a gate reports `shown` before GTK opens its display).
    public var pidsToLocate: [pid_t] {
        followers.filter { _, follower in
            follower.display == nil && tracked.values.contains { entry in
                !entry.finished && entry.session.ownXDisplay != nil
                    && entry.owed.keys.contains { follower.shows(entry.session.uid, $0, session: entry.session.id) }
            }
        }.map(\.key)
    }

    /// The X display a followed process's window was found on.
    public mutating func setDisplay(pid: pid_t, _ display: Int?) {
        followers[pid]?.display = display
    }

    /// Marks a followed process stopped (or running again): the enforcer
    /// reads its state from /proc at each turn of its loop.
    public mutating func setStopped(pid: pid_t, _ stopped: Bool) {
        followers[pid]?.isStopped = stopped
    }

    /// The followed processes, for the enforcer to look at.
    public var followedPIDs: [pid_t] { Array(followers.keys) }

    private func isFollowed(_ entry: Tracked, _ gate: String) -> Bool {
        followers.values.contains {
            $0.holds(entry.session.uid, gate, session: entry.session.id, ownDisplay: entry.session.ownXDisplay)
        }
    }

    /// Whether a process shows `gate` for the session, but on a display
    /// that is not the session's own: why its grace ran out.
    private func isShownElsewhere(_ entry: Tracked, _ gate: String) -> Bool {
        followers.values.contains { $0.shows(entry.session.uid, gate, session: entry.session.id) }
    }

    /// A checked process of `uid` accepted `gate`, and the acceptance was
    /// recorded: sessions with nothing left owed go on.
    public mutating func accepted(uid: uid_t, gate: String, pid: pid_t) -> [Action] {
        followers[pid]?.gates.remove(gate)
        var actions: [Action] = []
        for (id, entry) in tracked where entry.session.uid == uid && !entry.finished && entry.owed[gate] != nil {
            tracked[id]?.owed[gate] = nil
            if tracked[id]!.owed.isEmpty, entry.brokenDeadline == nil {
                tracked[id]?.finished = true
                actions.append(.spare(entry.session, gate: gate, .accepted))
            }
        }
        return actions
    }

    /// A checked process of `uid` declined `gate`: every session of the user
    /// that owes it ends now.
    public mutating func declined(uid: uid_t, gate: String, pid: pid_t) -> [Action] {
        followers[pid]?.gates.remove(gate)
        return endAll(gate: gate, .declined) { $0.session.uid == uid && $0.owed[gate] != nil }
    }

    /// A checked process of `uid` reports its windows of `gate` hidden
    /// (unmapped, reparented away, the keyboard lost) though it put them
    /// back: the sessions it holds for `gate` end now (``EndReason/gateHidden``).
    /// Those are its own session's when it runs in one, else every one of
    /// the user's that owes the gate, as for a Decline.
    public mutating func hidden(uid: uid_t, gate: String, pid: pid_t) -> [Action] {
        let session = followers[pid].flatMap { $0.uid == uid ? $0.session : nil }
        followers[pid]?.gates.remove(gate)
        return endAll(gate: gate, .gateHidden) { entry in
            entry.session.uid == uid && entry.owed[gate] != nil && (session == nil || session == entry.session.id)
        }
    }

    /// A followed process ended: the gates it showed and no other process
    /// still shows are owed with nothing left to answer them.
    public mutating func processExited(pid: pid_t) -> [Action] {
        guard let follower = followers.removeValue(forKey: pid) else { return [] }
        var actions: [Action] = []
        for gate in follower.gates {
            let unheld = Set(tracked.filter { _, entry in
                entry.session.uid == follower.uid && entry.owed[gate] != nil
                    && (follower.session == nil || follower.session == entry.session.id) && !isFollowed(entry, gate)
            }.keys)
            actions += endAll(gate: gate, .gateExited) { unheld.contains($0.session.id) }
        }
        return actions
    }

    /// Deadlines passed by `now`: a grace with no process following the
    /// gate, or a reading longer than MaxReadingSeconds= with one.
    public mutating func tick(now: UInt64) -> [Action] {
        var actions: [Action] = []
        for (id, entry) in tracked where !entry.finished {
            if let broken = entry.brokenDeadline, broken <= now {
                actions += finish(id, gate: nil, .configurationError)
                continue
            }
            for (gate, deadline) in entry.owed.sorted(by: { $0.key < $1.key }) {
                if let since = readingStart(id, gate) {
                    guard since + UInt64(configuration.maxReadingSeconds) * 1_000_000 <= now else { continue }
                    actions += finish(id, gate: gate, .readingExpired)
                    break
                }
                guard deadline <= now else { continue }
                // Shown, but not where the session is: say so.
                actions += finish(id, gate: gate, isShownElsewhere(entry, gate) ? .gateElsewhere : .graceExpired)
                break
            }
        }
        return actions
    }

    /// Since when `gate` has been shown to session `id` by a process that
    /// follows it now; nil when none does. Noted on the session the first
    /// time, so that the clock survives one gate process replacing another.
    private mutating func readingStart(_ id: String, _ gate: String) -> UInt64? {
        guard let entry = tracked[id] else { return nil }
        let holders = followers.values.filter {
            $0.holds(entry.session.uid, gate, session: entry.session.id, ownDisplay: entry.session.ownXDisplay)
        }
        guard let earliest = holders.map(\.shownAt).min() else { return nil }
        let since = min(entry.readingSince[gate] ?? earliest, earliest)
        tracked[id]?.readingSince[gate] = since
        return since
    }

    /// The earliest deadline still running, for the loop's sleep.
    public var nextDeadline: UInt64? {
        tracked.values.filter { !$0.finished }.flatMap { entry in
            entry.owed.map { gate, deadline in
                let holders = followers.values.filter {
                    $0.holds(entry.session.uid, gate, session: entry.session.id, ownDisplay: entry.session.ownXDisplay)
                }
                guard let earliest = holders.map(\.shownAt).min() else { return deadline }
                return min(entry.readingSince[gate] ?? earliest, earliest) + UInt64(configuration.maxReadingSeconds) * 1_000_000
            } + (entry.brokenDeadline.map { [$0] } ?? [])
        }.min()
    }

    /// Whether `uid` owes the gate `id` now, the answer to a gate process's
    /// `status`: for a gate, what the user's tracked sessions still owe (the
    /// journal's acceptance when none is tracked yet); for an id that is no
    /// gate, owed while any gate is broken, since it may be the one no one
    /// can accept.
    public func statusOwed(uid: uid_t, id: String, now: UInt64) -> Bool {
        guard let gate = gates.gates.first(where: { $0.id == id }) else { return !gates.brokenGates.isEmpty }
        guard tracked.values.contains(where: { $0.session.uid == uid }) else {
            return owes(uid, gate, sessionID: nil, now: now)
        }
        return owedGates(uid: uid).contains(id)
    }

    /// The sessions not finished, and what each still owes: for a status answer.
    public func owedGates(uid: uid_t) -> Set<String> {
        Set(tracked.values.filter { $0.session.uid == uid && !$0.finished }.flatMap(\.owed.keys))
    }

    private mutating func endAll(gate: String, _ reason: EndReason, _ matching: (Tracked) -> Bool) -> [Action] {
        var actions: [Action] = []
        for (id, entry) in tracked where !entry.finished && matching(entry) {
            actions += finish(id, gate: gate, reason)
        }
        return actions
    }

    private mutating func finish(_ id: String, gate: String?, _ reason: EndReason) -> [Action] {
        guard let entry = tracked[id], !entry.finished else { return [] }
        tracked[id]?.finished = true
        tracked[id]?.ended = true
        return [.end(entry.session, gate: gate, reason)]
    }
}

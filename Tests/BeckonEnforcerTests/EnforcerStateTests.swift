@testable import BeckonEnforcer
import BeckonConsent
import Glibc
import Testing

/// Every decision of the enforcer, without logind, a socket or a journal:
/// ``EnforcerState`` driven with sessions, reports and the clock, the
/// journal's acceptances answered by a fake `lookup`. Pilot mode is not here:
/// the state decides the same, and ``Enforcer`` reports instead of acting.
@Suite struct EnforcerStateTests {
    static let second: UInt64 = 1_000_000
    /// When the enforcer started; sessions start after it unless a test says otherwise.
    static let start: UInt64 = 1_800_000_000 * second

    /// The journal's acceptances, by uid and gate, that the fake lookup answers.
    final class Journal: @unchecked Sendable {
        var found: [String: EnforcerState.Found] = [:]

        func accept(_ uid: uid_t, _ gate: EnforcerGate, version: String? = nil, at time: UInt64 = start) {
            let record = ConsentRecord(id: gate.id, version: version ?? gate.terms.version, sha256: gate.digests.first!,
                                       acceptedAt: "2027-01-15T08:00:00Z", user: "u\(uid)")
            found["\(uid)/\(gate.id)"] = EnforcerState.Found(record: record, revoked: false, atMicroseconds: time)
        }

        func lookup(_ uid: uid_t, _ gate: EnforcerGate, _ session: String?) -> EnforcerState.Found? {
            found["\(uid)/\(gate.id)"]
        }
    }

    static func gate(_ id: String = "org.example.aup", grace: Int = 60, version: String = "1") -> EnforcerGate {
        var terms = ManagedTerms(id: id, configPath: "/etc/xdg/beckon/terms.d/\(id).conf", version: version,
                                 file: "/etc/xdg/beckon/terms.d/\(id).md")
        terms.gate = true
        return EnforcerGate(terms: terms, digests: ["digest-of-\(id)-\(version)"], graceSeconds: grace)
    }

    static func session(_ id: String, uid: uid_t = 1000, type: String = "x11", startedAt: UInt64 = start + second)
        -> LogindSession {
        LogindSession(id: id, uid: uid, user: "u\(uid)", seat: "seat0", type: type, startMicroseconds: startedAt)
    }

    /// The defaults, but a reading limit of a day: the tests of following a
    /// gate tick hours on, and are not about that limit (its own tests set it).
    static var longReading: EnforcerConfiguration {
        var configuration = EnforcerConfiguration()
        configuration.maxReadingSeconds = 86_400
        return configuration
    }

    static func state(_ gates: EnforcerGateSet, _ journal: Journal,
                      configuration: EnforcerConfiguration = longReading) -> EnforcerState {
        EnforcerState(configuration: configuration, gates: gates, startMicroseconds: start, bootID: "boot",
                      lookup: { journal.lookup($0, $1, $2) })
    }

    // MARK: the grace

    @Test func aSessionThatOwesEndsAtItsDeadlineAndNotBefore() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let session = Self.session("2")
        #expect(state.sessionsChanged([session], now: session.startMicroseconds + Self.second).isEmpty)
        let deadline = session.startMicroseconds + 60 * Self.second
        #expect(state.nextDeadline == deadline)
        #expect(state.owedGates(uid: 1000) == [gate.id])
        #expect(state.tick(now: deadline - 1).isEmpty)
        #expect(state.tick(now: deadline) == [.end(session, gate: gate.id, .graceExpired)])
        // Ended once: never again, and no deadline left to sleep for.
        #expect(state.tick(now: deadline + 60 * Self.second).isEmpty)
        #expect(state.nextDeadline == nil)
    }

    @Test func theShortestGraceOfTheGatesOwedDecides() {
        let short = Self.gate("org.example.a", grace: 30), long = Self.gate("org.example.b", grace: 300)
        var state = Self.state(EnforcerGateSet(gates: [long, short]), Journal())
        let session = Self.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        #expect(state.nextDeadline == session.startMicroseconds + 30 * Self.second)
        #expect(state.tick(now: session.startMicroseconds + 30 * Self.second) == [.end(session, gate: short.id, .graceExpired)])
    }

    @Test func anAcceptanceAlreadyInTheJournalSparesTheSessionAtOnce() {
        let gate = Self.gate()
        let journal = Journal()
        journal.accept(1000, gate)
        var state = Self.state(EnforcerGateSet(gates: [gate]), journal)
        let session = Self.session("2")
        #expect(state.sessionsChanged([session], now: session.startMicroseconds) == [.spare(session, gate: nil, .alreadyAccepted)])
        #expect(state.tick(now: session.startMicroseconds + 3600 * Self.second).isEmpty)
    }

    @Test func anAcceptanceOfAnotherVersionIsOwedAgain() {
        let journal = Journal()
        journal.accept(1000, Self.gate(version: "1"))
        var state = Self.state(EnforcerGateSet(gates: [Self.gate(version: "2")]), journal)
        #expect(state.sessionsChanged([Self.session("2")], now: Self.start + Self.second).isEmpty)
        #expect(state.owedGates(uid: 1000) == ["org.example.aup"])
    }

    @Test func aSessionThatIsNoLongerThereIsForgotten() {
        var state = Self.state(EnforcerGateSet(gates: [Self.gate()]), Journal())
        _ = state.sessionsChanged([Self.session("2")], now: Self.start + Self.second)
        #expect(state.sessionsChanged([], now: Self.start + 2 * Self.second).isEmpty)
        #expect(state.tick(now: Self.start + 3600 * Self.second).isEmpty)
        #expect(state.nextDeadline == nil)
    }

    // MARK: the gate process's reports

    @Test func anAcceptanceSparesTheSession() {
        let gate = Self.gate()
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let session = Self.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        state.shown(uid: 1000, gate: gate.id, pid: 42, now: Self.start)
        #expect(state.accepted(uid: 1000, gate: gate.id, pid: 42) == [.spare(session, gate: gate.id, .accepted)])
        #expect(state.tick(now: session.startMicroseconds + 3600 * Self.second).isEmpty)
        // The process that accepted may exit: nothing is owed any more.
        #expect(state.processExited(pid: 42).isEmpty)
    }

    @Test func anAcceptanceOfOneGateLeavesTheOtherOwed() {
        let a = Self.gate("org.example.a"), b = Self.gate("org.example.b")
        var state = Self.state(EnforcerGateSet(gates: [a, b]), Journal())
        let session = Self.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        #expect(state.accepted(uid: 1000, gate: a.id, pid: 42).isEmpty)
        #expect(state.owedGates(uid: 1000) == [b.id])
        #expect(state.accepted(uid: 1000, gate: b.id, pid: 42) == [.spare(session, gate: b.id, .accepted)])
    }

    @Test func anotherUsersAcceptanceSparesNothing() {
        let gate = Self.gate()
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        _ = state.sessionsChanged([Self.session("2")], now: Self.start + Self.second)
        #expect(state.accepted(uid: 1001, gate: gate.id, pid: 42).isEmpty)
        #expect(state.owedGates(uid: 1000) == [gate.id])
    }

    @Test func aDeclineEndsEverySessionOfTheUserThatOwesTheGate() {
        let gate = Self.gate()
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let first = Self.session("2"), second = Self.session("3", type: "wayland"), other = Self.session("4", uid: 1001)
        _ = state.sessionsChanged([first, second, other], now: Self.start + Self.second)
        state.shown(uid: 1000, gate: gate.id, pid: 42, now: Self.start)
        let ended = state.declined(uid: 1000, gate: gate.id, pid: 42)
        #expect(Set(ended.map { "\($0)" }) == Set([first, second].map { "\(EnforcerState.Action.end($0, gate: gate.id, .declined))" }))
        #expect(state.owedGates(uid: 1001) == [gate.id])
        // The decline came long before the grace: the other user keeps theirs.
        #expect(state.tick(now: Self.start + 2 * Self.second).isEmpty)
    }

    @Test func aHiddenGateEndsTheSessionsItsProcessHoldsAtOnce() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let first = Self.session("2"), second = Self.session("3"), other = Self.session("4", uid: 1001)
        _ = state.sessionsChanged([first, second, other], now: Self.start + Self.second)
        // A process outside every session (the packaged user unit) holds all of its user's.
        state.shown(uid: 1000, gate: gate.id, pid: 42, now: Self.start + Self.second)
        let ended = state.hidden(uid: 1000, gate: gate.id, pid: 42)
        #expect(Set(ended.map { "\($0)" }) == Set([first, second].map { "\(EnforcerState.Action.end($0, gate: gate.id, .gateHidden))" }))
        // Long before the grace; the other user keeps theirs, and nothing is ended twice.
        #expect(state.owedGates(uid: 1001) == [gate.id])
        #expect(state.tick(now: Self.start + 2 * Self.second).isEmpty)
        #expect(state.processExited(pid: 42).isEmpty)
    }

    @Test func aHiddenGateInASessionEndsThatSessionAlone() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let first = Self.session("2"), second = Self.session("3")
        _ = state.sessionsChanged([first, second], now: Self.start + Self.second)
        state.shown(uid: 1000, gate: gate.id, pid: 42, session: "2", now: Self.start + Self.second)
        state.shown(uid: 1000, gate: gate.id, pid: 43, session: "3", now: Self.start + Self.second)
        #expect(state.hidden(uid: 1000, gate: gate.id, pid: 42) == [.end(first, gate: gate.id, .gateHidden)])
        // The other session's gate still holds it, past its grace (and within MaxReadingSeconds=).
        #expect(state.tick(now: Self.start + 600 * Self.second).isEmpty)
    }

    @Test func aFollowedProcessHoldsTheSessionPastItsDeadlineAndItsExitEndsIt() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let session = Self.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        state.shown(uid: 1000, gate: gate.id, pid: 42, now: Self.start)
        // A slow reader is not logged out: the process, not the grace, holds
        // it, up to MaxReadingSeconds= (EnforcerRestartStateTests).
        #expect(state.nextDeadline == Self.start + 86_400 * Self.second)
        #expect(state.tick(now: session.startMicroseconds + 3600 * Self.second).isEmpty)
        #expect(state.processExited(pid: 42) == [.end(session, gate: gate.id, .gateExited)])
    }

    @Test func aSecondFollowerKeepsTheSessionWhenTheFirstExits() {
        let gate = Self.gate()
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let session = Self.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        state.shown(uid: 1000, gate: gate.id, pid: 42, now: Self.start)
        state.shown(uid: 1000, gate: gate.id, pid: 43, now: Self.start)
        #expect(state.processExited(pid: 42).isEmpty)
        #expect(state.processExited(pid: 43) == [.end(session, gate: gate.id, .gateExited)])
    }

    /// A gate parked somewhere (a stopped pager, a window SIGSTOPped) must not
    /// hold the session: a stopped follower holds nothing, and the deadline
    /// already passed ends it at the next turn.
    @Test func aStoppedFollowerHoldsNothing() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let session = Self.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        state.shown(uid: 1000, gate: gate.id, pid: 42, now: Self.start)
        let later = session.startMicroseconds + 600 * Self.second
        #expect(state.tick(now: later).isEmpty)
        state.setStopped(pid: 42, true)
        #expect(state.tick(now: later) == [.end(session, gate: gate.id, .graceExpired)])
    }

    /// A gate process in one login session holds that session alone: one
    /// kept alive in another (an ungated text console) cannot hold the desktop.
    @Test func aFollowerInAnotherSessionHoldsNothingHere() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let desktop = Self.session("2")
        _ = state.sessionsChanged([desktop], now: desktop.startMicroseconds)
        state.shown(uid: 1000, gate: gate.id, pid: 42, session: "7", now: Self.start)
        state.shown(uid: 1000, gate: gate.id, pid: 43, session: "2", now: Self.start)
        let later = desktop.startMicroseconds + 600 * Self.second
        #expect(state.tick(now: later).isEmpty)
        #expect(state.processExited(pid: 43) == [.end(desktop, gate: gate.id, .gateExited)])
    }

    /// One outside every session (the packaged user unit, in the user's
    /// manager) holds each of the user's sessions.
    @Test func aFollowerOutsideEverySessionHoldsTheUsersSessions() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let first = Self.session("2"), second = Self.session("3")
        _ = state.sessionsChanged([first, second], now: first.startMicroseconds)
        state.shown(uid: 1000, gate: gate.id, pid: 42, session: nil, now: Self.start)
        #expect(state.tick(now: first.startMicroseconds + 600 * Self.second).isEmpty)
        #expect(Set(state.processExited(pid: 42)) == [.end(first, gate: gate.id, .gateExited), .end(second, gate: gate.id, .gateExited)])
    }

    @Test func anotherUsersFollowerHoldsNothing() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let session = Self.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        state.shown(uid: 1001, gate: gate.id, pid: 42, now: Self.start)
        #expect(state.tick(now: session.startMicroseconds + 60 * Self.second) == [.end(session, gate: gate.id, .graceExpired)])
    }

    @Test func anUnfollowedProcessExitingIsNothing() {
        var state = Self.state(EnforcerGateSet(gates: [Self.gate()]), Journal())
        _ = state.sessionsChanged([Self.session("2")], now: Self.start + Self.second)
        #expect(state.processExited(pid: 99).isEmpty)
    }

    // MARK: a restart, a new configuration

    @Test func aSessionOlderThanTheEnforcerGetsTheRestartAllowance() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        // Opened an hour before the enforcer (re)started: its grace is long gone.
        let session = Self.session("2", startedAt: Self.start - 3600 * Self.second)
        #expect(state.sessionsChanged([session], now: Self.start + Self.second).isEmpty)
        let deadline = Self.start + EnforcerState.restartAllowance
        #expect(deadline == Self.start + 10 * Self.second)
        #expect(state.nextDeadline == deadline)
        #expect(state.tick(now: deadline - 1).isEmpty)
        #expect(state.tick(now: deadline) == [.end(session, gate: gate.id, .graceExpired)])
    }

    @Test func aSessionJustBeforeTheRestartKeepsItsOwnLongerGrace() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let session = Self.session("2", startedAt: Self.start - 5 * Self.second)
        _ = state.sessionsChanged([session], now: Self.start)
        #expect(state.nextDeadline == session.startMicroseconds + 60 * Self.second)
    }

    @Test func aNewConfigurationEvaluatesSparedSessionsAgainWithAFreshGrace() {
        let journal = Journal()
        let old = Self.gate(grace: 60, version: "1")
        journal.accept(1000, old)
        var state = Self.state(EnforcerGateSet(gates: [old]), journal)
        let session = Self.session("2")
        #expect(state.sessionsChanged([session], now: session.startMicroseconds) == [.spare(session, gate: nil, .alreadyAccepted)])
        // Version 2 is deployed an hour later: the session owes it from now.
        let reload = session.startMicroseconds + 3600 * Self.second
        let new = Self.gate(grace: 60, version: "2")
        #expect(state.configurationChanged(EnforcerConfiguration(), gates: EnforcerGateSet(gates: [new]),
                                           sessions: [session], now: reload).isEmpty)
        #expect(state.tick(now: reload + 60 * Self.second - 1).isEmpty)
        #expect(state.tick(now: reload + 60 * Self.second) == [.end(session, gate: new.id, .graceExpired)])
    }

    @Test func aNewConfigurationDoesNotSpareASessionTwice() {
        let journal = Journal()
        let gate = Self.gate()
        journal.accept(1000, gate)
        var state = Self.state(EnforcerGateSet(gates: [gate]), journal)
        let session = Self.session("2")
        #expect(state.sessionsChanged([session], now: session.startMicroseconds).count == 1)
        // An unrelated edit of the directory: the session was spared and still owes nothing.
        #expect(state.configurationChanged(EnforcerConfiguration(), gates: EnforcerGateSet(gates: [gate]),
                                           sessions: [session], now: session.startMicroseconds + Self.second).isEmpty)
    }

    @Test func aNewConfigurationLeavesAnEndedSessionEnded() {
        let gate = Self.gate(grace: 60)
        var state = Self.state(EnforcerGateSet(gates: [gate]), Journal())
        let session = Self.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        #expect(state.tick(now: session.startMicroseconds + 60 * Self.second).count == 1)
        // logind takes a moment to close it; meanwhile the configuration changes.
        let reload = session.startMicroseconds + 61 * Self.second
        #expect(state.configurationChanged(EnforcerConfiguration(), gates: EnforcerGateSet(gates: [gate]),
                                           sessions: [session], now: reload).isEmpty)
        #expect(state.tick(now: reload + 3600 * Self.second).isEmpty)
    }

    // MARK: broken gates fail closed

    static let broken = EnforcerGateSet.Problem(
        error: .invalid(path: "/etc/xdg/beckon/terms.d/org.example.aup (copy).conf", line: nil, key: nil, message: "unsafe id"),
        isGate: true)

    @Test func aBrokenGateEndsTheSessionAtTheDefaultGrace() {
        var configuration = EnforcerConfiguration()
        configuration.graceSeconds = 30
        let gate = Self.gate(grace: 300)
        let journal = Journal()
        journal.accept(1000, gate)
        var state = Self.state(EnforcerGateSet(gates: [gate], problems: [Self.broken]), journal, configuration: configuration)
        let session = Self.session("2")
        // Every valid gate accepted, but a gate no one can accept is owed.
        #expect(state.sessionsChanged([session], now: session.startMicroseconds).isEmpty)
        #expect(state.nextDeadline == session.startMicroseconds + 30 * Self.second)
        #expect(state.tick(now: session.startMicroseconds + 30 * Self.second - 1).isEmpty)
        #expect(state.tick(now: session.startMicroseconds + 30 * Self.second) == [.end(session, gate: nil, .configurationError)])
    }

    @Test func aBrokenGateIsNotOpenedByAcceptingTheOthers() {
        let gate = Self.gate()
        var state = Self.state(EnforcerGateSet(gates: [gate], problems: [Self.broken]), Journal())
        let session = Self.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        state.shown(uid: 1000, gate: gate.id, pid: 42, now: Self.start)
        #expect(state.accepted(uid: 1000, gate: gate.id, pid: 42).isEmpty)
        // Followed or not, a broken gate's deadline holds.
        #expect(state.tick(now: session.startMicroseconds + 120 * Self.second) == [.end(session, gate: nil, .configurationError)])
    }

    @Test func aBrokenGateUnderReportSparesTheSession() {
        var configuration = EnforcerConfiguration()
        configuration.configurationErrors = .report
        let gate = Self.gate()
        let journal = Journal()
        journal.accept(1000, gate)
        var state = Self.state(EnforcerGateSet(gates: [gate], problems: [Self.broken]), journal, configuration: configuration)
        let session = Self.session("2")
        #expect(state.sessionsChanged([session], now: session.startMicroseconds) == [.spare(session, gate: nil, .alreadyAccepted)])
        #expect(state.tick(now: session.startMicroseconds + 3600 * Self.second).isEmpty)
    }

    @Test func aBrokenPlainTermsFileEndsNothing() {
        let plain = EnforcerGateSet.Problem(error: .invalid(path: "/x.conf", line: 3, key: "Titel", message: "unknown"), isGate: false)
        var state = Self.state(EnforcerGateSet(gates: [], problems: [plain]), Journal())
        let session = Self.session("2")
        #expect(state.sessionsChanged([session], now: session.startMicroseconds).isEmpty)
        #expect(state.tick(now: session.startMicroseconds + 3600 * Self.second).isEmpty)
    }

    @Test func noGatesAtAllIsNoEvent() {
        var state = Self.state(EnforcerGateSet(), Journal())
        #expect(state.sessionsChanged([Self.session("2")], now: Self.start + Self.second).isEmpty)
        #expect(state.nextDeadline == nil)
    }

    // MARK: a gate process's status question

    @Test func theStatusOfAGateIsWhatTheSessionsOwe() {
        let gate = Self.gate()
        let journal = Journal()
        var state = Self.state(EnforcerGateSet(gates: [gate]), journal)
        // No session tracked yet: the journal answers.
        #expect(state.statusOwed(uid: 1000, id: gate.id, now: Self.start))
        journal.accept(1000, gate)
        #expect(!state.statusOwed(uid: 1000, id: gate.id, now: Self.start))
        journal.found = [:]
        let session = Self.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        #expect(state.statusOwed(uid: 1000, id: gate.id, now: session.startMicroseconds))
        _ = state.accepted(uid: 1000, gate: gate.id, pid: 42)
        #expect(!state.statusOwed(uid: 1000, id: gate.id, now: session.startMicroseconds))
    }

    @Test func theStatusOfAnUnknownIdIsOwedOnlyWhileAGateIsBroken() {
        #expect(!Self.state(EnforcerGateSet(gates: [Self.gate()]), Journal()).statusOwed(uid: 1000, id: "org.other", now: Self.start))
        #expect(Self.state(EnforcerGateSet(gates: [], problems: [Self.broken]), Journal())
            .statusOwed(uid: 1000, id: "org.other", now: Self.start))
    }

    // MARK: which sessions are gated

    @Test(arguments: [
        // (uid, type, class, seat, state, text consoles, gated)
        (0, "x11", "user", "seat0", "active", false, false),        // root: recovery stays open
        (999, "x11", "user", "seat0", "active", false, false),      // below MinimumUID
        (1000, "x11", "user", "seat0", "active", false, true),
        (1000, "wayland", "user", "", "online", false, true),
        (1000, "x11", "greeter", "seat0", "active", false, false),
        (1000, "x11", "lock-screen", "seat0", "active", false, false),
        (1000, "tty", "user", "seat0", "active", false, false),    // a text console, by default
        (1000, "tty", "user", "seat0", "active", true, true),      // TextConsoles=true
        (1000, "unspecified", "user", "seat0", "active", false, true),
        (1000, "unspecified", "user", "", "active", false, false), // ssh, a cron job
        (1000, "x11", "user", "seat0", "closing", false, false),
    ] as [(Int, String, String, String, String, Bool, Bool)])
    func whichSessionsAreGated(_ row: (Int, String, String, String, String, Bool, Bool)) {
        let (uid, type, sessionClass, seat, state, textConsoles, gated) = row
        var configuration = EnforcerConfiguration()
        configuration.textConsoles = textConsoles
        let session = LogindSession(id: "2", uid: uid_t(uid), user: "u", seat: seat, type: type,
                                    sessionClass: sessionClass, state: state)
        #expect(session.isGated(by: configuration) == gated, "\(row)")
    }

    @Test func rootIsNeverGatedWhateverMinimumUIDSays() {
        var configuration = EnforcerConfiguration()
        configuration.minimumUID = 0
        #expect(!LogindSession(id: "1", uid: 0, user: "root", seat: "seat0", type: "x11").isGated(by: configuration))
        configuration.minimumUID = 500
        #expect(LogindSession(id: "1", uid: 500, user: "ada", seat: "seat0", type: "x11").isGated(by: configuration))
    }

    @Test func aSessionNotGatedIsNeitherTrackedNorEnded() {
        var state = Self.state(EnforcerGateSet(gates: [Self.gate()]), Journal())
        let console = Self.session("2", type: "tty")
        #expect(state.sessionsChanged([console], now: Self.start + Self.second).isEmpty)
        #expect(state.tick(now: Self.start + 3600 * Self.second).isEmpty)
    }
}

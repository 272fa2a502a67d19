@testable import BeckonEnforcer
import BeckonConsent
import Foundation
import Glibc
import Testing

/// The enforcer's state across its own restarts and its limits on a reading
/// (``EnforcerState``'s MaxReadingSeconds=, followers restored), the state
/// file read strictly (``EnforcerStateFile``), and refusals counted per uid
/// (``RefusalCounter``): logic alone, no socket, no logind.
@Suite struct EnforcerRestartStateTests {
    typealias Base = EnforcerStateTests
    static let second = Base.second
    static let start = Base.start

    static func reading(_ seconds: Int) -> EnforcerConfiguration {
        var configuration = EnforcerConfiguration()
        configuration.maxReadingSeconds = seconds
        return configuration
    }

    // MARK: MaxReadingSeconds=

    @Test func aShownGateNobodyAnswersEndsTheSessionAtMaxReadingSeconds() {
        let gate = Base.gate(grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gate]), Base.Journal(), configuration: Self.reading(900))
        let session = Base.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        let shown = session.startMicroseconds + 5 * Self.second
        state.shown(uid: 1000, gate: gate.id, pid: 42, now: shown)
        // Past the grace, the followed gate holds the session…
        #expect(state.tick(now: shown + 600 * Self.second).isEmpty)
        #expect(state.nextDeadline == shown + 900 * Self.second)
        #expect(state.tick(now: shown + 900 * Self.second - 1).isEmpty)
        // …for MaxReadingSeconds=, no longer.
        #expect(state.tick(now: shown + 900 * Self.second) == [.end(session, gate: gate.id, .readingExpired)])
    }

    @Test func aSecondGateProcessDoesNotRestartTheReading() {
        let gate = Base.gate(grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gate]), Base.Journal(), configuration: Self.reading(100))
        let session = Base.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        let shown = session.startMicroseconds + Self.second
        state.shown(uid: 1000, gate: gate.id, pid: 42, now: shown)
        #expect(state.tick(now: shown + 50 * Self.second).isEmpty)
        // Another process takes over, and the first exits: the clock runs on.
        state.shown(uid: 1000, gate: gate.id, pid: 43, now: shown + 60 * Self.second)
        #expect(state.processExited(pid: 42).isEmpty)
        #expect(state.tick(now: shown + 100 * Self.second) == [.end(session, gate: gate.id, .readingExpired)])
    }

    @Test func anAcceptanceWithinTheReadingSparesTheSession() {
        let gate = Base.gate(grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gate]), Base.Journal(), configuration: Self.reading(30))
        let session = Base.session("2")
        _ = state.sessionsChanged([session], now: session.startMicroseconds)
        state.shown(uid: 1000, gate: gate.id, pid: 42, now: session.startMicroseconds)
        #expect(state.accepted(uid: 1000, gate: gate.id, pid: 42) == [.spare(session, gate: gate.id, .accepted)])
        #expect(state.tick(now: session.startMicroseconds + 3600 * Self.second).isEmpty)
    }

    // MARK: a restart

    @Test func aFollowerRestoredAfterARestartHoldsTheSessionPastTheAllowance() {
        let gate = Base.gate(grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gate]), Base.Journal(), configuration: Self.reading(900))
        // Opened long before this run; its gate was shown before the restart.
        let session = Base.session("2", startedAt: Self.start - 300 * Self.second)
        let shown = Self.start - 200 * Self.second
        state.restore(pid: 42, uid: 1000, gates: [gate.id], session: nil, shownAt: shown)
        #expect(state.sessionsChanged([session], now: Self.start + Self.second).isEmpty)
        #expect(state.tick(now: Self.start + EnforcerState.restartAllowance + 60 * Self.second).isEmpty)
        // Its reading's clock ran on from before the restart.
        #expect(state.tick(now: shown + 900 * Self.second) == [.end(session, gate: gate.id, .readingExpired)])
    }

    @Test func withoutARestoredFollowerTheAllowanceEnds() {
        let gate = Base.gate(grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gate]), Base.Journal())
        let session = Base.session("2", startedAt: Self.start - 300 * Self.second)
        _ = state.sessionsChanged([session], now: Self.start + Self.second)
        #expect(state.tick(now: Self.start + EnforcerState.restartAllowance) == [.end(session, gate: gate.id, .graceExpired)])
    }

    // MARK: the state file

    static let sample = EnforcerStateFile(
        bootID: "0123abcd",
        acceptances: [
            .init(uid: 1000, gate: "org.example.aup", session: "3", revoked: false, at: 1_800_000_000_000_000, version: "1 (2027)",
                  sha256: String(repeating: "a", count: 64), acceptedAt: "2027-01-15T08:00:00Z", user: "ann", bootID: "0123abcd"),
            .init(uid: 1001, gate: "org.example.aup", session: nil, revoked: true, at: 1_800_000_001_000_000, version: nil,
                  sha256: "", acceptedAt: "", user: "bo b=%\n", bootID: nil),
        ],
        followed: [.init(pid: 4242, startTime: 123_456, uid: 1000, session: nil, shownAt: 1_800_000_002_000_000,
                         gates: ["org.example.aup", "org.ex,comma"])])

    @Test func theStateFileReadsBackWhatWasWritten() throws {
        let text = Self.sample.text
        #expect(!text.contains("bo b"), "values are encoded: \(text)")
        #expect(try EnforcerStateFile(parsing: text) == Self.sample)
        #expect(try EnforcerStateFile(parsing: EnforcerStateFile().text) == EnforcerStateFile())
    }

    @Test(arguments: [
        "",
        "beckon-enforcer-state 1",
        "beckon-enforcer-state 2\n",
        "beckon-enforcer-state 1\nboot id=a\nboot id=b\n",
        "beckon-enforcer-state 1\nunknown x=1\n",
        "beckon-enforcer-state 1\nfollowed pid=1 start=1 uid=1000 session=- shown=1 gates=g\n",
        "beckon-enforcer-state 1\nfollowed pid=42 start=1 uid=1000 session=- shown=1\n",
        "beckon-enforcer-state 1\nfollowed pid=42 start=-1 uid=1000 session=- shown=1 gates=g\n",
        "beckon-enforcer-state 1\nfollowed pid=42 start=1 uid=99999999999 session=- shown=1 gates=g\n",
        "beckon-enforcer-state 1\nfollowed pid=42 start=1 uid=1000 uid=1000 session=- shown=1 gates=g\n",
        "beckon-enforcer-state 1\nfollowed pid=42 start=1 uid=1000 session=- shown=1 gates=g,\n",
        "beckon-enforcer-state 1\nacceptance uid=1 gate=%zz session=- revoked=0 at=1 version=- sha256=- accepted_at=- user=- boot=-\n",
        "beckon-enforcer-state 1\nacceptance uid=1 gate=g session=- revoked=2 at=1 version=- sha256=- accepted_at=- user=- boot=-\n",
        "beckon-enforcer-state 1\nacceptance uid=1 gate=a b session=- revoked=0 at=1 version=- sha256=- accepted_at=- user=- boot=-\n",
        "beckon-enforcer-state 1\nacceptance uid=1 gate=%FF session=- revoked=0 at=1 version=- sha256=- accepted_at=- user=- boot=-\n",
        "beckon-enforcer-state 1\nacceptance uid=1 gate=- session=- revoked=0 at=1 version=- sha256=- accepted_at=- user=- boot=-\n",
        "beckon-enforcer-state 1\r\nboot id=a\n",
    ])
    func aHostileStateFileIsRefusedWhole(_ text: String) {
        #expect(throws: EnforcerStateFile.Problem.self) { try EnforcerStateFile(parsing: text) }
    }

    @Test func aStateFileThatIsNotRootsAloneOrTooLargeIsRefused() throws {
        let directory = try EnforcerTestDirectory()
        let path = directory.root + "/enforcer.state"
        #expect(try EnforcerStateFile.read(path: path) == nil)
        try Self.sample.write(path: path)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try EnforcerStateFile.read(path: path) == Self.sample)
        chmod(path, 0o644)
        #expect(throws: EnforcerStateFile.Problem.self) { try EnforcerStateFile.read(path: path) }
        chmod(path, 0o600)
        directory.chown(path)
        #expect(throws: EnforcerStateFile.Problem.self) { try EnforcerStateFile.read(path: path) }
        try directory.write(path, EnforcerStateFile.header + "\n" + String(repeating: "boot id=x\n", count: 200_000), mode: 0o600)
        #expect(throws: EnforcerStateFile.Problem.self) { try EnforcerStateFile.read(path: path) }
        unlink(path)
        #expect(symlink("/etc/passwd", path) == 0)
        #expect(throws: EnforcerStateFile.Problem.self) { try EnforcerStateFile.read(path: path) }
    }

    @Test func aStateTooLargeToWriteKeepsTheNewestAcceptances() throws {
        let directory = try EnforcerTestDirectory()
        let path = directory.root + "/enforcer.state"
        var state = EnforcerStateFile(bootID: "b")
        for uid in 0..<12_000 {
            state.acceptances.append(.init(uid: uid_t(10_000 + uid), gate: "org.example.aup", session: nil, revoked: false,
                                           at: UInt64(uid), version: "1", sha256: String(repeating: "a", count: 64),
                                           acceptedAt: "2027-01-15T08:00:00Z", user: "user\(uid)", bootID: "b"))
        }
        #expect(state.text.utf8.count > EnforcerStateFile.maximumSize)
        try state.write(path: path)
        let read = try #require(try EnforcerStateFile.read(path: path))
        #expect(!read.acceptances.isEmpty && read.acceptances.count < state.acceptances.count)
        #expect(read.acceptances.contains { $0.uid == 10_000 + 11_999 }, "the newest is kept")
    }

    @Test func aBrokenStateFileLeavesNoAcceptances() throws {
        let directory = try EnforcerTestDirectory()
        let path = try directory.write(directory.root + "/enforcer.state", EnforcerStateFile.header + "\nnonsense\n", mode: 0o600)
        let recorded = RecordedAcceptances()
        #expect(Enforcer.loadState(path, into: recorded) == nil)
        #expect(recorded.entries.isEmpty)
        try Self.sample.write(path: path)
        #expect(Enforcer.loadState(path, into: recorded) == Self.sample)
        let found = try #require(recorded.entries[RecordedAcceptances.key(1000, "org.example.aup", "3")])
        #expect(!found.revoked && found.record.bootID == "0123abcd" && found.record.version == "1 (2027)")
        #expect(recorded.entries[RecordedAcceptances.key(1001, "org.example.aup", nil)]?.revoked == true)
    }

    // MARK: refusals

    @Test func refusalsAreWrittenOnceThenSummedPerUser() {
        var counter = RefusalCounter()
        let t = Self.start
        let first = counter.count(uid: 1000, pid: 1, reason: "a", now: t)
        let other = counter.count(uid: 1001, pid: 2, reason: "b", now: t)
        #expect(first && other, "each user's first is written at once")
        var written = 0
        for index in 0..<100_000 where counter.count(uid: 1000, pid: pid_t(3 + index % 7), reason: "garbage \(index)", now: t + UInt64(index)) {
            written += 1
        }
        #expect(written == 0)
        let early = counter.due(now: t + RefusalCounter.interval - 1)
        #expect(early.isEmpty)
        #expect(counter.nextDeadline == t + RefusalCounter.interval)
        let summaries = counter.due(now: t + RefusalCounter.interval)
        #expect(summaries == [.init(uid: 1000, count: 100_000, lastReason: "garbage 99999", lastPID: 3 + 99_999 % 7)])
        // uid 1001 had nothing more: its window closed, its next is written at once.
        let again = counter.count(uid: 1001, pid: 2, reason: "c", now: t + RefusalCounter.interval + 1)
        #expect(again)
        // uid 1000's window opened again at the summary: the next is counted.
        let counted = counter.count(uid: 1000, pid: 1, reason: "d", now: t + RefusalCounter.interval + 1)
        #expect(!counted)
    }
}

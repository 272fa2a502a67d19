@testable import BeckonEnforcer
import BeckonConsent
import Glibc
import Testing

/// Every graphical route, as the enforcer's state decides it: sessions
/// graphical by logind's Display or by a display found in them, their grace
/// from when they were found, `OtherGraphicalSessions=end`, and a gate's
/// window that holds a session only on the session's own X display.
@Suite struct EnforcerRoutesStateTests {
    typealias Base = EnforcerStateTests
    static let second = Base.second
    let second = Base.second

    static func console(_ id: String = "2", type: String = "tty", seat: String = "seat0", display: String = "",
                        found: UInt64? = nil, server: Int? = nil) -> LogindSession {
        var session = LogindSession(id: id, uid: 1000, user: "u1000", seat: seat, type: type,
                                    startMicroseconds: Base.start + second)
        session.display = display
        session.foundGraphicalMicroseconds = found
        session.serverDisplay = server
        return session
    }

    @Test(arguments: [
        // (type, seat, logind's Display, found, gated, other route)
        ("tty", "seat0", "", false, false, false),          // a console login: not gated
        ("tty", "seat0", "", true, true, true),             // startx from it
        ("tty", "", "", true, true, true),                  // ssh -X
        ("", "", ":7", false, true, true),                  // VNC or xrdp: seatless, no type, a display
        ("unspecified", "", ":7", false, true, true),
        ("unspecified", "", "", false, false, false),       // a cron job
        ("x11", "seat0", ":0", false, true, false),         // a desktop login: graphical by its type
        ("wayland", "seat0", "", true, true, false),
    ] as [(String, String, String, Bool, Bool, Bool)])
    func aSessionIsGraphicalByItsTypeOrByWhatItShows(_ row: (String, String, String, Bool, Bool, Bool)) {
        let (type, seat, display, found, gated, other) = row
        let session = Self.console(type: type, seat: seat, display: display, found: found ? Base.start + 9 * second : nil)
        #expect(session.isGated(by: EnforcerConfiguration()) == gated, "\(row)")
        #expect(session.isOtherGraphical == other, "\(row)")
    }

    @Test func aGreeterOrRootWithADisplayIsStillNotGated() {
        var greeter = Self.console(type: "", seat: "", display: ":7")
        greeter.sessionClass = "greeter"
        #expect(!greeter.isGated(by: EnforcerConfiguration()))
        var root = Self.console(type: "tty", found: Base.start)
        root.uid = 0
        #expect(!root.isGated(by: EnforcerConfiguration()) && !root.isCandidate(under: EnforcerConfiguration()))
    }

    @Test func theGraceCountsFromWhenTheSessionWasFoundGraphical() {
        let gate = Base.gate(grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gate]), Base.Journal())
        let login = Self.console()
        // An hour at the console: nothing owed.
        #expect(state.sessionsChanged([login], now: login.startMicroseconds).isEmpty)
        #expect(state.nextDeadline == nil)
        let found = login.startMicroseconds + 3600 * second
        let startx = Self.console(found: found, server: 5)
        #expect(state.sessionsChanged([startx], now: found).isEmpty)
        #expect(state.nextDeadline == found + 60 * second)
        #expect(state.tick(now: found + 59 * second).isEmpty)
        #expect(state.tick(now: found + 60 * second) == [.end(startx, gate: gate.id, .graceExpired)])
    }

    @Test func otherRoutesEndAtOnceWhenTheAdministratorSaysSo() {
        var configuration = EnforcerConfiguration()
        configuration.otherGraphicalSessions = .end
        var state = Base.state(EnforcerGateSet(gates: [Base.gate()]), Base.Journal(), configuration: configuration)
        let ssh = Self.console(seat: "", found: Base.start + 2 * second)
        let desktop = Base.session("3")
        let actions = state.sessionsChanged([ssh, desktop], now: Base.start + 2 * second)
        #expect(actions == [.end(ssh, gate: nil, .routeRefused)])
        // The desktop login owes the gate as ever; the refused one is ended once.
        #expect(state.owedGates(uid: 1000) == [Base.gate().id])
        #expect(state.sessionsChanged([ssh, desktop], now: Base.start + 3 * second).isEmpty)
    }

    @Test func otherRoutesEndNothingWithoutAGate() {
        var configuration = EnforcerConfiguration()
        configuration.otherGraphicalSessions = .end
        var state = Base.state(EnforcerGateSet(), Base.Journal(), configuration: configuration)
        #expect(state.sessionsChanged([Self.console(type: "", seat: "", display: ":7")], now: Base.start).isEmpty)
    }

    @Test func aGateOnAnotherDisplayDoesNotHoldTheSession() {
        let gate = Base.gate(grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gate]), Base.Journal())
        let vnc = Self.console(type: "", seat: "", display: ":0")
        _ = state.sessionsChanged([vnc], now: vnc.startMicroseconds)
        // A window on the user's own Xvfb :99, outside every session.
        state.shown(uid: 1000, gate: gate.id, pid: 42, display: 99, now: vnc.startMicroseconds)
        #expect(state.nextDeadline == vnc.startMicroseconds + 60 * second)
        #expect(state.tick(now: vnc.startMicroseconds + 60 * second) == [.end(vnc, gate: gate.id, .gateElsewhere)])
    }

    @Test func aGateOnTheSessionsDisplayHoldsIt() {
        let gate = Base.gate(grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gate]), Base.Journal())
        let vnc = Self.console(type: "", seat: "", display: ":0.0")
        _ = state.sessionsChanged([vnc], now: vnc.startMicroseconds)
        state.shown(uid: 1000, gate: gate.id, pid: 42, display: 0, now: vnc.startMicroseconds)
        // Held: no grace runs, only MaxReadingSeconds= from the window's first showing.
        #expect(state.nextDeadline == vnc.startMicroseconds + UInt64(state.configuration.maxReadingSeconds) * second)
        #expect(state.tick(now: vnc.startMicroseconds + 600 * second).isEmpty)
    }

    @Test func aGateWhoseDisplayCouldNotBeVouchedForHoldsOnlyWhereNoneIsKnown() {
        let gate = Base.gate(grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gate]), Base.Journal())
        let startx = Self.console("2", found: Base.start + second, server: 5)
        let wayland = Base.session("3", type: "wayland")
        _ = state.sessionsChanged([startx, wayland], now: Base.start + second)
        state.shown(uid: 1000, gate: gate.id, pid: 42, display: nil, now: Base.start + second)
        // The Wayland login's display is unknown: held. The startx one's is :5: not.
        #expect(state.tick(now: Base.start + 600 * second) == [.end(startx, gate: gate.id, .gateElsewhere)])
    }

    @Test func aServerFoundAfterTheSessionWasTrackedBecomesItsDisplay() {
        let gate = Base.gate(grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gate]), Base.Journal())
        let ssh = Self.console(seat: "", found: Base.start + second)
        _ = state.sessionsChanged([ssh], now: Base.start + second)
        state.shown(uid: 1000, gate: gate.id, pid: 42, display: 99, now: Base.start + second)
        _ = state.sessionsChanged([Self.console(seat: "", found: Base.start + second, server: 5)], now: Base.start + 2 * second)
        #expect(state.tick(now: Base.start + 600 * second).count == 1)
    }

    @Test func theSameProcessShowingItsNextGateKeepsTheDisplayFound() {
        let gateA = Base.gate("org.example.a", grace: 60), gateB = Base.gate("org.example.b", grace: 60)
        var state = Base.state(EnforcerGateSet(gates: [gateA, gateB]), Base.Journal())
        let vnc = Self.console(type: "", seat: "", display: ":0")
        _ = state.sessionsChanged([vnc], now: vnc.startMicroseconds)
        state.shown(uid: 1000, gate: gateA.id, pid: 42, now: Base.start + second)
        #expect(state.pidsToLocate == [42])
        state.setDisplay(pid: 42, 0)
        #expect(state.pidsToLocate.isEmpty)
        _ = state.accepted(uid: 1000, gate: gateA.id, pid: 42)
        state.shown(uid: 1000, gate: gateB.id, pid: 42, now: Base.start + second)
        #expect(state.tick(now: vnc.startMicroseconds + 600 * second).isEmpty)
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms --gate` fails closed: a real window on Xvfb with real keys,
/// its warden a real process, and the session manager a real D-Bus service on
/// a private bus that counts the calls it answers. Each test waits until the
/// warden has exited (it exits once it has ended the session, or at once on
/// an Accept) before it counts, so "exactly one" needs no sleep.
@Suite(.serialized, .guiHangLimit) struct TermsGateEndingTests {
    /// A short text, so Accept opens without scrolling.
    private static let shortTerms = Data("# Lab rules\n\nBe kind to the machines.\n".utf8)

    /// The session bus of `manager`, and never the machine's real system bus.
    private static func environment(_ manager: FakeSessionManager, _ extra: [String: String] = [:]) -> [String: String] {
        manager.bus.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/beckon-test",
                                         "XDG_SESSION_ID": "", "NO_AT_BRIDGE": "1"]) { $1 }
            .merging(extra) { $1 }
    }

    /// The gate's terms window of `process` (not a shield), focused, and its
    /// warden, which must already run when the window shows.
    private static func gateWindowAndWarden(of process: RunningProcess,
                                            sourceLocation: SourceLocation = #_sourceLocation) throws -> (String, Int32) {
        let window = try poll("the gate's terms window", seconds: 20, {
            try Xdotool.search(["--onlyvisible", "--pid", "\(process.pid)"])
                .first { (try? TermsInput.gate(of: $0).isEmpty) == false }
        }, until: { $0 != nil || !process.process.isRunning })
        let shown = try #require(window, "no terms window: \(process.process.isRunning ? "" : "\(process.wait())")",
                                 sourceLocation: sourceLocation)
        let warden = try #require(GateWardenProcess.find(for: process.pid), "a gate shown with no warden",
                                  sourceLocation: sourceLocation)
        try Xdotool.focus(shown)
        return (shown, warden)
    }

    /// A gate shown on the short terms: its warden up, Accept usable, and a
    /// fake GNOME session manager on a private bus counting the calls.
    private struct ShownGate {
        let manager: FakeSessionManager
        let fixture: TermsFixture
        let process: RunningProcess
        let warden: Int32
    }

    /// Starts `beckon terms --gate` on the short terms with `extra` options and
    /// waits until its window shows, focused, with Accept usable.
    private static func showGate(_ extra: [String] = [], in fixture: TermsFixture? = nil,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws -> ShownGate {
        let bus = try PrivateSessionBus(withServer: false)
        let manager = try FakeSessionManager(.gnome, on: bus)
        let fixture = try fixture ?? TermsFixture()
        let terms = try fixture.file("rules.md", shortTerms)
        let process = try fixture.start(["--gate", "--file", terms] + extra, environment: environment(manager))
        let (window, warden) = try gateWindowAndWarden(of: process, sourceLocation: sourceLocation)
        try TermsInput.waitForGate(window, "open", "accept-sensitive")
        return ShownGate(manager: manager, fixture: fixture, process: process, warden: warden)
    }

    @Test func declineEndsTheSessionOnceThroughGnomesSessionManagerAndExitsOne() throws {
        try X11.require()
        let gate = try Self.showGate(["--id", "org.beckon.gate", "--json"])
        let (manager, fixture, process, warden) = (gate.manager, gate.fixture, gate.process, gate.warden)
        // Out of the terminal's reach: a session of its own, not the window's.
        #expect(GateWardenProcess.sessionID(of: warden) == warden)
        #expect(manager.calls().isEmpty, "the session was ended before an answer")

        try Xdotool.key("alt+d") // Decline's mnemonic
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.contains(#""outcome":"declined""#))
        try GateWardenProcess.waitForExit(warden)
        #expect(manager.calls() == ["Logout 1"])
        #expect(!FileManager.default.fileExists(atPath: fixture.recordFile))
    }

    @Test func acceptLetsTheSessionGoOnAndTheWardenExits() throws {
        try X11.require()
        let gate = try Self.showGate(["--id", "org.beckon.gate"])
        let (manager, fixture, process, warden) = (gate.manager, gate.fixture, gate.process, gate.warden)

        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        try GateWardenProcess.waitForExit(warden)
        #expect(manager.calls().isEmpty)
        #expect(try fixture.records().count == 1)
        #expect(GateWardenProcess.find(for: process.pid) == nil)
    }

    @Test func killingTheWindowsProcessEndsTheSessionOnce() throws {
        try X11.require()
        let gate = try Self.showGate()
        let (manager, process, warden) = (gate.manager, gate.process, gate.warden)

        kill(process.pid, SIGKILL)
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == SIGKILL, "\(result)")
        try GateWardenProcess.waitForExit(warden)
        #expect(manager.calls() == ["Logout 1"])
    }

    @Test func sigtermOfTheWindowsProcessEndsTheSessionOnce() throws {
        try X11.require()
        let gate = try Self.showGate()
        let (manager, process, warden) = (gate.manager, gate.process, gate.warden)

        kill(process.pid, SIGTERM)
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 128 + SIGTERM, "\(result)")
        try GateWardenProcess.waitForExit(warden)
        #expect(manager.calls() == ["Logout 1"])
    }

    @Test func aHangUpOfTheWholeProcessGroupDoesNotReachTheWarden() throws {
        try X11.require()
        let gate = try Self.showGate()
        let (manager, process, warden) = (gate.manager, gate.process, gate.warden)
        // Foundation's Process starts each child in a process group of its own,
        // as a shell does a job: the group can be signalled without the tests.
        try #require(GateWardenProcess.processGroup(of: process.pid) == process.pid)

        // What a closed terminal sends: SIGHUP to the whole group, then SIGCONT.
        kill(-process.pid, SIGHUP)
        kill(-process.pid, SIGCONT)
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 128 + SIGHUP, "\(result)")
        try GateWardenProcess.waitForExit(warden)
        #expect(manager.calls() == ["Logout 1"])
    }

    @Test func killingTheWardenMakesTheWindowsProcessEndTheSessionItself() throws {
        try X11.require()
        let gate = try Self.showGate()
        let (manager, process, warden) = (gate.manager, gate.process, gate.warden)

        kill(warden, SIGKILL)
        let result = process.wait(deadline: 20)
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("warden"), "\(result)")
        #expect(manager.calls() == ["Logout 1"])
    }

    @Test func theAdministratorsCommandRunsInsteadOfAnyDBusCall() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let ran = fixture.root.appendingPathComponent("ended session").path
        let gate = try Self.showGate(["--end-session-command", "touch '\(ran)'"], in: fixture)
        let (manager, process, warden) = (gate.manager, gate.process, gate.warden)

        try Xdotool.key("alt+d")
        #expect(process.wait(deadline: 10).exitCode == 1)
        try GateWardenProcess.waitForExit(warden)
        #expect(FileManager.default.fileExists(atPath: ran), "the command did not run")
        #expect(manager.calls().isEmpty)
    }

    @Test func withNoDesktopSessionManagerLogindTerminatesTheSession() throws {
        try X11.require()
        let session = try PrivateSessionBus(withServer: false)
        let system = try PrivateSessionBus(withServer: false)
        let logind = try FakeSessionManager(.logind, on: system)
        let fixture = try TermsFixture()
        let terms = try fixture.file("rules.md", Self.shortTerms)
        for (sessionID, expected) in [("c7", ["TerminateSession c7"]),
                                      ("", ["GetSessionByPID", "TerminateSession \(FakeSessionManager.logindSessionID)"])] {
            let before = logind.calls().count
            let environment = session.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": system.address,
                                                           "XDG_SESSION_ID": sessionID, "NO_AT_BRIDGE": "1"]) { $1 }
            let process = try fixture.start(["--gate", "--file", terms], environment: environment)
            let (_, warden) = try Self.gateWindowAndWarden(of: process)
            try Xdotool.key("alt+d")
            #expect(process.wait(deadline: 10).exitCode == 1)
            try GateWardenProcess.waitForExit(warden)
            // GetSessionByPID names the asking process: the warden.
            let calls = logind.calls().dropFirst(before).map { $0.hasPrefix("GetSessionByPID ") ? "GetSessionByPID" : $0 }
            #expect(calls == expected, "XDG_SESSION_ID=\(sessionID.debugDescription)")
        }
    }

    @Test func theWardenCalledByHandEndsNothing() throws {
        let bus = try PrivateSessionBus(withServer: false)
        let manager = try FakeSessionManager(.gnome, on: bus)
        for arguments in [["__gate-warden"], ["__gate-warden", "--for", "1"], ["__gate-warden", "--help"]] {
            let result = try run(Products.beckon, arguments, environment: Self.environment(manager), deadline: 10)
            #expect(result.exitCode == 255, "\(arguments): \(result)")
            #expect(result.stderr.contains("internal gate warden"), "\(result)")
        }
        #expect(manager.calls().isEmpty)
    }
}

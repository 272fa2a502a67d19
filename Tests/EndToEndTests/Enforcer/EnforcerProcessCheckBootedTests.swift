import BeckonTestSupport
import Foundation
import Testing

/// What the enforcer's checks of a gate process (GateProcessCheck) close, on
/// a booted machine: each way of running the gate's own code under the
/// user's control is refused before its acceptance counts, and the session
/// ends. The tampered process answers Accept; only the enforcer's check
/// stands between it and an open gate.
@Suite(.serialized, .guiHangLimit) struct EnforcerProcessCheckBootedTests {
    static func expectRefused(_ enforced: EnforcedMachine, _ reason: String) throws {
        try enforced.expectSessionEnded("a tampered gate process's Accept does not count")
        let refused = try enforced.journal(["BECKON_OUTCOME=enforcer-refused"])
        let log = try enforced.enforcerLog()
        #expect(refused.contains { $0.contains(reason) }, "no refusal for “\(reason)”: \(refused)\n\(log)")
        #expect(try enforced.journal(["BECKON_OUTCOME=enforcer-accepted"]).isEmpty)
    }

    /// Before issue 51 the enforcer refused a gate started with LD_PRELOAD
    /// (its check of /proc/PID/environ). The attack now fails earlier: the
    /// gate starts itself again in its own environment, without the
    /// variable, so the library never reaches the process that shows the
    /// terms and answers; that process passes, and its Accept counts.
    @Test func aPreloadedLibraryNeverReachesTheGate() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        // A library the gate has no other reason to map.
        let library = "/lib/x86_64-linux-gnu/libXtst.so.6"
        try enforced.gate("accept", environment: ["LD_PRELOAD=\(library)"])
        try enforced.expectSessionKept("the preloaded library was left behind by the gate's new start")
        #expect(try enforced.journal(["BECKON_OUTCOME=enforcer-refused"]).isEmpty)
        #expect(try !enforced.journal(["BECKON_OUTCOME=enforcer-accepted"]).isEmpty)
    }

    @Test func aCopyOfTheGateProgramIsRefused() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        let copy = "/home/\(EnforcedMachine.user)/gate"
        try enforced.machine.run(["runuser", "-u", EnforcedMachine.user, "--", "cp", EnforcedMachine.harness, copy])
        try enforced.machine.runInUserManager(user: EnforcedMachine.user, uid: enforced.uid, [copy, "accept", "--managed"])
        try Self.expectRefused(enforced, "trusted gate executable")
    }

    @Test func aTracedGateProcessIsRefused() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        try enforced.machine.runInUserManager(user: EnforcedMachine.user, uid: enforced.uid,
                                              ["/usr/bin/strace", "-f", "-o", "/dev/null", EnforcedMachine.harness, "accept", "--managed"])
        try Self.expectRefused(enforced, "traced")
    }
}

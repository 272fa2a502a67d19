import BeckonTestSupport
import Foundation
import Testing

/// The booted-machine harness (Tests/Support/BootedMachine.swift) that the
/// login gate's enforcement and the real desktops are tested on: a real
/// systemd, journald and logind, real PAM sessions, and a host left as it was.
@Suite(.serialized, .guiHangLimit) struct BootedMachineTests {
    @Test func aRealLogindSessionOpensAndEndsOnTheBootedMachine() throws {
        let machine = try BootedMachine()
        defer { machine.stop() }
        // A real system bus and logind answer inside.
        #expect(try machine.run(["busctl", "--system", "status", "org.freedesktop.login1"]).exitCode == 0)
        let uid = try machine.addUser("beckon-gated")
        #expect(uid > 0)

        let session = try machine.openSession(user: "beckon-gated", type: "x11", command: ["/bin/sleep", "600"])
        #expect(try machine.sessionProperty(session, "Type") == "x11")
        #expect(try machine.sessionProperty(session, "Class") == "user")
        #expect(try machine.sessionProperty(session, "Name") == "beckon-gated")
        // The session's process is in the session's scope, as pam_systemd puts it.
        let leader = try machine.sessionProperty(session, "Leader")
        #expect(Int(leader).map { $0 > 0 } == true, "leader \(leader)")

        // The user's journal is the machine's journald's: an entry sent in the
        // session comes back with the user's uid, which journald itself stamps.
        let marker = "beckon-booted-\(UUID().uuidString)"
        #expect(try machine.run(["runuser", "-u", "beckon-gated", "--", "systemd-cat", "-t", "beckon-test",
                                 "/bin/echo", marker]).exitCode == 0)
        let found = try poll("the marker in the machine's journal", seconds: 20, every: 0.3) {
            try machine.run(["journalctl", "--no-pager", "-o", "export", "MESSAGE=\(marker)"]).stdout
        } until: { $0.contains("_UID=\(uid)") }
        #expect(found.contains("MESSAGE=\(marker)"))

        // logind ends it, as the gate's enforcer will.
        #expect(try machine.run(["loginctl", "terminate-session", session]).exitCode == 0)
        try poll("the session to be gone", seconds: 20, every: 0.2) {
            try machine.sessions().map(\.id)
        } until: { !$0.contains(session) }
    }

    @Test func theHostIsLeftAsItWas() throws {
        let marker = "/usr/share/beckon-booted-\(UUID().uuidString)"
        let machine = try BootedMachine()
        // Writable inside, as dpkg -i needs, and absent outside.
        #expect(try machine.run(["touch", marker]).exitCode == 0)
        #expect(try machine.run(["test", "-e", marker]).exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: marker))
        let root = machine.root
        machine.stop()
        #expect(!FileManager.default.fileExists(atPath: root))
        let mounts = try String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)
        #expect(!mounts.contains(root), "still mounted: \(root)")
    }
}

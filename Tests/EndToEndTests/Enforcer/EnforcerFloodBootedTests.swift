import BeckonTestSupport
import Foundation
import Testing

/// Issue 51's row 7 on a booted machine: a flood of the enforcer's socket
/// by one user while two others accept. A suite of its own for its longer
/// limit: the flood alone is 60 s, and the booted machine's lock may make it
/// wait for another's first.
@Suite(.serialized, .hangLimit(.seconds(900))) struct EnforcerFloodBootedTests {
    /// Row 7. Before: a user's flood of garbage on the socket made the
    /// enforcer write one journal entry per datagram; journald suppressed
    /// its entries, honest acceptances with them, and at the next restart
    /// those users' sessions ended as grace-expired. Now refusals are
    /// summed per uid, the unit has no journal rate limit, and acceptances
    /// are kept in the state file too.
    @Test func aFloodSilencesNoOtherUsersAcceptance() throws {
        let enforced = try EnforcedMachine.start(gateConfig: "[Terms]\nVersion=1\nFile=aup.md\nGate=true\nGraceSeconds=40\n")
        defer { enforced.stop() }
        try enforced.machine.addUser("beckon-flood")
        let flood = """
            import os, socket, time
            end = time.time() + 60
            for _ in range(3):
                if os.fork() == 0: break
            sent = 0
            while time.time() < end:
                try:
                    s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
                    s.setblocking(False)
                    s.connect('/run/beckon/enforcer.socket')
                    for payload in (b'garbage\\n', b'hello', b'\\xff' * 64, b'accepted\\nid=x\\n'):
                        s.send(payload); sent += 1
                    s.close()
                except OSError:
                    pass
            print('sent', sent, flush=True)
            """
        let started = try enforced.machine.run(["systemd-run", "--uid=beckon-flood", "--unit=beckon-flood", "--quiet",
                                                "/usr/bin/python3", "-c", flood])
        #expect(started.exitCode == 0, "\(started)")
        sleep(10)
        let users = try ["beckon-honest1", "beckon-honest2"].map { try EnforcerTrustBootedTests.honestUser(enforced, $0) }
        for (index, user) in users.enumerated() {
            let result = try enforced.machine.runInUserManager(user: "beckon-honest\(index + 1)", uid: user.uid,
                                                               [EnforcedMachine.harness, "accept", "--managed"], deadline: 60)
            #expect(result.exitCode == 0, "\(result)")
        }
        try poll("the flood to end", seconds: 90, every: 1) {
            try enforced.machine.run(["systemctl", "is-active", "beckon-flood.service"]).stdout
        } until: { !$0.hasPrefix("active") }
        func expectKept(_ when: String) throws {
            let open = try enforced.machine.sessions().map(\.id)
            let log = try enforced.enforcerLog().suffix(3000)
            for user in users { #expect(open.contains(user.session), "session \(user.session) was ended \(when): \(log)") }
        }
        try expectKept("during the flood")
        let accepted = try enforced.journal(["BECKON_OUTCOME=enforcer-accepted", "_UID=0"])
        for user in users {
            #expect(accepted.contains { $0.contains("\"BECKON_UID\":\"\(user.uid)\"") }, "no enforcer-accepted for uid \(user.uid)")
        }
        try enforced.machine.run(["systemctl", "restart", "beckon-enforcer.service"])
        // The restart allowance (10 s) and more: the acceptances hold.
        sleep(15)
        try expectKept("after the restart")
        let ended = try enforced.journal(["BECKON_OUTCOME=session-ended"])
        #expect(!ended.contains { line in users.contains { line.contains("\"BECKON_SESSION_ID\":\"\($0.session)\"") } }, "\(ended)")
        let suppressed = try enforced.machine.run(["journalctl", "--no-pager", "-o", "cat", "-u", "systemd-journald.service"]).stdout
            .split(separator: "\n").filter { $0.contains("Suppressed") && $0.contains("beckon-enforcer") }
        #expect(suppressed.isEmpty, "journald suppressed the enforcer: \(suppressed)")
        let summaries = try enforced.journal(["BECKON_OUTCOME=enforcer-refused"]).count
        #expect(summaries < 200, "\(summaries) refusal entries for one flood")
    }
}

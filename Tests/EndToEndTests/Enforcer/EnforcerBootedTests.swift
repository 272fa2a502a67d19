import BeckonTestSupport
import Foundation
import Testing

/// The gate under attack, on a booted machine: one test per row of
/// RELIABILITY.md's "The gate under attack". Each checks with logind that
/// the session is gone, or still there, within the grace plus 5 s. Where the
/// defect was that the user's own processes held the gate, the fix is that
/// the enforcer (a root service the user cannot reach) now ends the session,
/// and the test says so.
@Suite(.serialized, .guiHangLimit) struct EnforcerBootedTests {
    @Test func anHonestAcceptKeepsTheSession() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        let result = try enforced.gate("accept")
        #expect(result.exitCode == 0, "\(result)")
        try enforced.expectSessionKept("accepted in a checked gate process")
        let recorded = try enforced.journal(["BECKON_OUTCOME=enforcer-accepted", "_UID=0"])
        let log = try enforced.enforcerLog()
        #expect(recorded.count == 1 && recorded[0].contains("\"BECKON_UID\":\"\(enforced.uid)\""), "\(recorded)\n\(result)\n\(log)")
    }

    @Test func aDeclineEndsTheSession() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        let result = try enforced.gate("decline")
        try enforced.expectSessionEnded("declined")
        let ended = try enforced.journal(["BECKON_OUTCOME=session-ended", "BECKON_SESSION_ENDED_BY=enforcer"])
        let log = try enforced.enforcerLog()
        #expect(ended.contains { $0.contains("\"BECKON_REASON\":\"declined\"") }, "\(ended)\n\(result)\n\(log)")
        // The enforcer's decisions are in the audit, as its own observations,
        // beside the window's own entries (written by the harness, so audited
        // through it: an audit trusts its own executable's entries, as the gate does).
        let audit = try enforced.machine.run([EnforcedMachine.harness, "accept", "--audit", "--json"])
        #expect(audit.exitCode == 0, "\(audit)")
        let lines = audit.stdout.split(separator: "\n")
        // Root wrote it; journald's _EXE names the enforcer, or, for an entry
        // written in the service's first seconds, systemd: journald describes a
        // sender from a cache it filled when systemd connected the service's
        // stdout, before its exec (docs/audit.md, "What each column rests on").
        #expect(lines.contains { $0.contains("\"outcome\":\"session-ended\"") && $0.contains("\"reason\":\"declined\"")
                    && $0.contains("\"trust\":\"enforcer\"") && $0.contains("\"sender_user\":\"root\"")
                    && ($0.contains("\"exe\":\"/usr/libexec/beckon/beckon-enforcer\"")
                        || $0.contains("\"exe\":\"/usr/lib/systemd/systemd\"")) },
                "\(audit)")
        #expect(lines.contains { $0.contains("\"outcome\":\"declined\"") && $0.contains("\"trust\":\"trusted\"")
                    && $0.contains("\"sender_user\":\"\(EnforcedMachine.user)\"") }, "the window's own entry: \(audit)")
    }

    /// Before: `pkill -9 -x beckon` killed the window and its warden together
    /// and the desktop stayed. Now the enforcer follows the window by pidfd.
    @Test func bothProcessesKilledTogetherEndTheSession() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        try enforced.holdGate()
        try enforced.machine.run(["pkill", "-9", "-u", EnforcedMachine.user, "-f", "^" + EnforcedMachine.harness])
        try enforced.expectSessionEnded("the gate's processes were killed")
    }

    /// Before: "accepted" written into the warden's pipe through
    /// /proc/PID/fd opened the gate. The window's process is now
    /// non-dumpable (its fds are root's), and the enforcer ends the session
    /// when that process exits without an acceptance it checked.
    @Test func acceptedWrittenIntoTheWardensPipeEndsTheSession() throws {
        let enforced = try EnforcedMachine.start(gateConfig: "[Terms]\nVersion=1\nFile=aup.md\nGate=true\n")
        defer { enforced.stop() }
        try enforced.holdGate()
        let script = """
            for p in $(pgrep -u \(EnforcedMachine.user) -f '^\(EnforcedMachine.harness) __gate-warden'); do
              printf 'accepted\\n' > /proc/$p/fd/3 && echo wrote
            done
            for p in $(pgrep -u \(EnforcedMachine.user) -f '^\(EnforcedMachine.harness) hold'); do
              ls /proc/$p/fd/ >/dev/null 2>&1 && echo window-fds-open
              kill -9 $p
            done
            """
        let attack = try enforced.machine.run(["runuser", "-u", EnforcedMachine.user, "--", "sh", "-c", script])
        #expect(!attack.stdout.contains("window-fds-open"), "the window's descriptors were open to its user: \(attack)")
        try enforced.expectSessionEnded("the window died after a forged 'accepted' to its warden")
    }

    /// Before: a user who masked the user unit and hid the autostart entry
    /// was never gated. Now no gate process ever says `shown`, and the grace runs out.
    @Test func noGateProcessAtAllEndsTheSession() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        try enforced.expectSessionEnded("no gate was shown within the grace")
        let ended = try enforced.journal(["BECKON_OUTCOME=session-ended", "BECKON_REASON=grace-expired"])
        #expect(!ended.isEmpty)
    }

    /// Before: XDG_CONFIG_DIRS pointing at the user's own key files made
    /// `--managed` find no gate, and the enforcer, reading /etc alone, ended
    /// the session at the grace. Since issue 51 the attack fails earlier: the
    /// gate starts itself again with XDG_CONFIG_DIRS=/etc/xdg (its own
    /// environment), finds the system's gate, and its Accept counts.
    @Test func xdgConfigDirsOfTheUsersOwnDoNotReachTheGate() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        try enforced.machine.run(["runuser", "-u", EnforcedMachine.user, "--", "mkdir", "-p", "/home/\(EnforcedMachine.user)/cfg"])
        let result = try enforced.gate("accept", environment: ["XDG_CONFIG_DIRS=/home/\(EnforcedMachine.user)/cfg"])
        #expect(result.exitCode == 0, "\(result)")
        try enforced.expectSessionKept("the gate read the system's key files, not the user's directory, and was accepted")
        #expect(try !enforced.journal(["BECKON_OUTCOME=enforcer-accepted"]).isEmpty)
    }

    /// Before: a Gate=true file that failed to parse failed open.
    @Test func aBrokenGateFileEndsTheSession() throws {
        let enforced = try EnforcedMachine.start(gateConfig: "[Terms]\nVersion=1\nFile=aup.md\nGate=true\nTitel=typo\n")
        defer { enforced.stop() }
        try enforced.gate("accept")
        try enforced.expectSessionEnded("a broken gate file fails closed")
        let errors = try enforced.journal(["BECKON_OUTCOME=configuration-error"])
        #expect(errors.contains { $0.contains("Titel") }, "\(errors)")
    }

    /// Before: a broken key file of another id disabled every valid gate.
    @Test func aBrokenFileOfAnotherIDEndsTheSession() throws {
        let enforced = try EnforcedMachine.start { machine in
            try EnforcedMachine.write("[Terms]\nGate=true\nVersion=\n", to: machine.root + "/etc/xdg/beckon/terms.d/org.ex.aup (copy).conf")
        }
        defer { enforced.stop() }
        try enforced.gate("accept")
        try enforced.expectSessionEnded("a broken gate file beside a valid one fails closed")
    }

    /// Before: a File= FIFO blocked every reader before the gate, with the desktop free.
    @Test func aFIFOAsTheTermsFileEndsTheSession() throws {
        let enforced = try EnforcedMachine.start(gateConfig: "[Terms]\nVersion=1\nFile=fifo.md\nGate=true\n") { machine in
            #expect(mkfifo(machine.root + "/etc/xdg/beckon/terms.d/fifo.md", 0o644) == 0)
        }
        defer { enforced.stop() }
        let result = try enforced.gate("accept", ["--managed", "--timeout", "3"])
        #expect(result.exitCode != 0, "\(result)")
        try enforced.expectSessionEnded("a FIFO is no terms file")
    }

    /// Before: killing the enforcer would leave sessions unwatched. systemd
    /// restarts it, and it evaluates the sessions already open.
    @Test func theEnforcerKilledAndRestartedStillEndsTheSession() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        try enforced.machine.run(["systemctl", "kill", "-s", "KILL", "beckon-enforcer.service"])
        try enforced.expectSessionEnded("the restarted enforcer found the session owing", within: Double(EnforcedMachine.grace + 5 + 10))
        let log = try enforced.enforcerLog()
        #expect(log.components(separatedBy: "listening at").count - 1 >= 2, "the enforcer was not restarted: \(log)")
    }

    /// Before: forgeries through `logger --journald` held (journald's _EXE);
    /// the enforcer takes only its own entries, written as root.
    @Test func anAcceptanceForgedWithLoggerEndsTheSession() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        let forged = """
            printf 'MESSAGE_ID=b8a3c5e7d9f14b2a8c6e0d2f4a6b8c01\\nBECKON_OUTCOME=enforcer-accepted\\nBECKON_TERMS_ID=\(EnforcedMachine.gateID)\\nBECKON_TERMS_VERSION=1\\nBECKON_UID=\(enforced.uid)\\n_UID=0\\nMESSAGE=forged\\n' | logger --journald
            """
        try enforced.machine.run(["runuser", "-u", EnforcedMachine.user, "--", "sh", "-c", forged])
        try enforced.expectSessionEnded("a forged entry is the user's, not the enforcer's")
    }

    /// Before: an entry sent and then exec'd into beckon got beckon's _EXE,
    /// and `--managed` exited 0 with no window. The enforcer trusts neither.
    @Test func anAcceptanceForgedBySendingThenExecingEndsTheSession() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        let sha = try enforced.machine.run(["sha256sum", "/etc/xdg/beckon/terms.d/aup.md"]).stdout.prefix(64)
        let forge = """
            import os, socket
            s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            s.connect('/run/systemd/journal/socket')
            s.send(b'MESSAGE_ID=2f785ec9ad14419d8cfe503169eac6ed\\nBECKON_OUTCOME=accepted\\nBECKON_TERMS_ID=\(EnforcedMachine.gateID)\\nBECKON_TERMS_VERSION=1\\nBECKON_TERMS_SHA256=\(sha)\\nBECKON_GATE=true\\nMESSAGE=forged\\n')
            e = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            e.connect('/run/beckon/enforcer.socket')
            e.send(b'hello\\n')
            e.send(b'accepted\\nid=\(EnforcedMachine.gateID)\\nversion=1\\nsha256=\(sha)\\nnonce=x\\n')
            os.execv('\(EnforcedMachine.harness)', ['\(EnforcedMachine.harness)', 'escape', '--managed', '--status'])
            """
        try enforced.machine.runInUserManager(user: EnforcedMachine.user, uid: enforced.uid, ["/usr/bin/python3", "-c", forge])
        try enforced.expectSessionEnded("a forged entry, and a forged message, then exec of the gate program")
        let refused = try enforced.journal(["BECKON_OUTCOME=enforcer-refused"])
        #expect(!refused.isEmpty, "the forged message was not refused")
    }

    /// Before: Decline from the packaged user unit on a desktop without a
    /// known session manager left the session (logind's NoSessionForPID).
    @Test func aDeclineFromTheUserUnitWithoutASessionManagerEndsTheSession() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        try enforced.gate("decline", ["--managed"], environment: ["XDG_SESSION_ID=999", "XDG_CURRENT_DESKTOP=none"])
        try enforced.expectSessionEnded("declined in the user's manager, outside every session")
    }

    /// Before: RLIMIT_NOFILE 4-9 made the window or the warden die without a logout.
    @Test(arguments: [4, 6, 8, 9]) func aLowDescriptorLimitEndsTheSession(limit: Int) throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        _ = try? enforced.machine.runInUserManager(user: EnforcedMachine.user, uid: enforced.uid,
                                                   ["-p", "LimitNOFILE=\(limit)", EnforcedMachine.harness, "decline", "--managed"],
                                                   deadline: 30)
        try enforced.expectSessionEnded("RLIMIT_NOFILE \(limit)")
    }

    /// Before: kill -STOP of the warden, then kill -9 of the window and the
    /// warden one after the other left the session.
    @Test func stopThenKillEndsTheSession() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        try enforced.holdGate()
        let script = """
            pkill -STOP -u \(EnforcedMachine.user) -f '^\(EnforcedMachine.harness) __gate-warden'
            pkill -9 -u \(EnforcedMachine.user) -f '^\(EnforcedMachine.harness) hold'
            sleep 1
            pkill -9 -u \(EnforcedMachine.user) -f '^\(EnforcedMachine.harness) __gate-warden'
            """
        try enforced.machine.run(["runuser", "-u", EnforcedMachine.user, "--", "sh", "-c", script])
        try enforced.expectSessionEnded("the window was killed after its warden was stopped")
    }

    /// Crafted input on the enforcer's socket — bytes that are no message,
    /// invalid UTF-8, oversized datagrams, descriptors passed, a flood of
    /// connections, messages out of order — is refused, never a crash: the
    /// same enforcer process still ends the session at the grace.
    @Test func craftedSocketInputNeverCrashesTheEnforcer() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        func mainPID() throws -> String {
            try enforced.machine.run(["systemctl", "show", "-p", "MainPID", "--value", "beckon-enforcer.service"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let before = try mainPID()
        let attack = """
            import os, socket, array
            path = '/run/beckon/enforcer.socket'
            def conn():
                s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET); s.connect(path); return s
            payloads = [b'', b'\\xff\\xfe\\n', b'hello', b'hello\\nid=\\xff\\n', b'x' * 70000, b'accepted\\nid=a\\nid=b\\n',
                        b'challenge\\nnonce=1\\n', b'status\\nid=org.example.aup\\n', os.urandom(4096), b'hello\\n' * 500]
            for p in payloads:
                try:
                    s = conn(); s.send(p); s.close()
                except OSError:
                    pass
            s = conn()
            r, w = os.pipe()
            # The enforcer may drop a connection that passed descriptors before
            # the second send (a broken pipe here): that is its answer, not a failure.
            try:
                s.sendmsg([b'hello\\n'], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array('i', [r, w] * 100))])
                s.send(b'hello\\n')
            except OSError:
                pass
            s.close()
            flood = []
            for i in range(600):
                try: flood.append(conn())
                except OSError: break
            for s in flood: s.close()
            print('sent')
            """
        let result = try enforced.machine.run(["runuser", "-u", EnforcedMachine.user, "--", "python3", "-c", attack], deadline: 60)
        #expect(result.stdout.contains("sent"), "\(result)")
        try enforced.expectSessionEnded("no gate was shown; the crafted input changed nothing")
        let after = try mainPID(), log = try enforced.enforcerLog()
        #expect(after == before, "the enforcer was restarted: \(log)")
    }

    /// Before: a stopped window kept the screen black and held the session
    /// for ever, and a gate parked elsewhere held the desktop after its own
    /// window was killed. A stopped gate process holds nothing now.
    @Test func aStoppedGateProcessEndsTheSession() throws {
        let enforced = try EnforcedMachine.start()
        defer { enforced.stop() }
        try enforced.holdGate()
        try enforced.machine.run(["pkill", "-STOP", "-u", EnforcedMachine.user, "-f", "^" + EnforcedMachine.harness + " hold"])
        try enforced.expectSessionEnded("the only gate process was stopped")
    }

    /// Pilot mode: the enforcer reports the session it would end and ends nothing.
    @Test func pilotModeReportsAndKeepsTheSession() throws {
        let enforced = try EnforcedMachine.start(enforcerConfig: "Mode=pilot\n")
        defer { enforced.stop() }
        try enforced.expectSessionKept("pilot mode ends nothing")
        let reported = try enforced.journal(["BECKON_OUTCOME=session-would-end"])
        #expect(reported.contains { $0.contains("grace-expired") }, "\(reported)")
        try enforced.machine.install(Products.beckon, at: "/usr/local/bin/beckon")
        let audit = try enforced.machine.run(["/usr/local/bin/beckon", "terms", "--audit", "--outcome", "session-would-end"])
        #expect(audit.exitCode == 0 && audit.stdout.contains("session-would-end"), "\(audit)")
    }
}

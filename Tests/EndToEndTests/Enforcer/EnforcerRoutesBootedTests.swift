import BeckonTestSupport
import Foundation
import Testing

/// Every graphical route gated, on a booted machine (docs/administrators.md,
/// "Every graphical route"): a desktop reached by a session that logind does
/// not call graphical — `startx` from a console login, a seatless session
/// with a display as VNC and xrdp make, `ssh -X` — and the gate's window
/// holding a session only on that session's own display. Before, each of
/// these sessions stayed past its grace: the enforcer gated by logind's type
/// and believed any shown window.
@Suite(.serialized, .guiHangLimit) struct EnforcerRoutesBootedTests {
    /// A session made as a VNC or xrdp server makes it: logind's
    /// CreateSession, called as root with a forked process of the user as
    /// its leader, no seat, the type and display given; the session lasts
    /// while the returned FIFO is open, here as long as this program runs
    /// (until its leader exits). Prints the session's id.
    static let createSession = #"""
        #!/usr/bin/python3
        import os, pwd, sys
        from gi.repository import Gio, GLib
        user, session_type, display, answer, command = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
        account = pwd.getpwnam(user)
        ready_read, ready_write = os.pipe()
        leader = os.fork()
        if leader == 0:
            os.close(ready_write)
            os.read(ready_read, 1)
            os.setgroups([])
            os.setgid(account.pw_gid)
            os.setuid(account.pw_uid)
            os.chdir(account.pw_dir)
            os.execve(command[0], command, {"HOME": account.pw_dir, "USER": user, "PATH": "/usr/bin:/bin",
                                            "XDG_RUNTIME_DIR": "/run/user/%d" % account.pw_uid})
        os.close(ready_read)
        bus = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)
        arguments = GLib.Variant("(uusssssussbssa(sv))", (account.pw_uid, leader, "beckon-test", session_type, "user",
                                 "", "", 0, "", display, True, "", "127.0.0.1", []))
        reply, fds = bus.call_with_unix_fd_list_sync("org.freedesktop.login1", "/org/freedesktop/login1",
                                                     "org.freedesktop.login1.Manager", "CreateSession", arguments,
                                                     GLib.VariantType("(soshusub)"), Gio.DBusCallFlags.NONE, -1, None, None)
        fifo = fds.get(reply.unpack()[3])
        with open(answer + ".new", "w") as out:
            out.write(reply.unpack()[0])
        os.rename(answer + ".new", answer)
        os.write(ready_write, b"x")
        os.waitpid(leader, 0)
        """#
    static let createSessionPath = "/usr/local/bin/beckon-create-session"

    /// Display numbers no X server has claimed in the machine (it shares
    /// the host's network namespace, so the host's abstract sockets count).
    static func freeDisplays(_ machine: BootedMachine, count: Int, from first: Int = 20) throws -> [Int] {
        var free: [Int] = []
        for number in first..<(first + 40) where free.count < count {
            let taken = try machine.run(["sh", "-c", "test ! -e /tmp/.X\(number)-lock -a ! -e /tmp/.X11-unix/X\(number)"
                                         + " && ! grep -q '/tmp/.X11-unix/X\(number)$' /proc/net/unix"]).exitCode != 0
            if !taken { free.append(number) }
        }
        try #require(free.count == count, "no \(count) free X displays in the machine")
        return free
    }

    /// Opens a session with CreateSession (``createSession``), its leader
    /// running `command` as the user; returns the session's id.
    static func createSession(_ machine: BootedMachine, type: String, display: String,
                              command: [String] = ["/bin/sleep", "600"]) throws -> String {
        try EnforcedMachine.write(createSession, to: machine.root + createSessionPath)
        chmod(machine.root + createSessionPath, 0o755)
        let unit = "beckon-created-session-\(UInt32.random(in: 0...UInt32.max))"
        let answer = "/run/\(unit).id"
        let logindBefore = try machine.run(["journalctl", "--no-pager", "-o", "cat", "-u", "systemd-logind"]).stdout
        let started = try machine.run(["systemd-run", "--unit=\(unit)", "--quiet", createSessionPath,
                                       EnforcedMachine.user, type, display, answer] + command)
        #expect(started.exitCode == 0, "\(started)")
        // The id as CreateSession answered it: a session ended at once may
        // never be seen in logind's list.
        do {
            return try poll("CreateSession's answer", seconds: 20, every: 0.2) {
                // /run inside is the machine's own tmpfs: read from inside.
                try machine.run(["cat", answer]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                    .nonEmpty ?? Self.newSession(in: machine, after: logindBefore)
            } until: { !$0.isEmpty }
        } catch {
            let log = try machine.run(["journalctl", "--no-pager", "-o", "cat", "-u", unit, "-u", "systemd-logind"])
            Issue.record("CreateSession's program and logind said:\n\(log.stdout)")
            throw error
        }
    }

    /// The id of the user's session logind announced since its log was
    /// `before` ("New session c1 of user …"); empty for none yet. A session
    /// ended as soon as it was made (`OtherGraphicalSessions=end`) may be
    /// gone before CreateSession answers its caller.
    static func newSession(in machine: BootedMachine, after before: String) throws -> String {
        let log = try machine.run(["journalctl", "--no-pager", "-o", "cat", "-u", "systemd-logind"]).stdout
        let added = log.hasPrefix(before) ? String(log.dropFirst(before.count)) : log
        let prefix = "New session ", suffix = " of user \(EnforcedMachine.user)."
        return added.split(separator: "\n").last { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }
            .map { String($0.dropFirst(prefix.count).dropLast(suffix.count)) } ?? ""
    }

    /// Waits for an X server's socket in the machine.
    static func waitForServer(_ machine: BootedMachine, _ number: Int) throws {
        try poll("the X server of :\(number)", seconds: 20, every: 0.2) {
            try machine.run(["test", "-S", "/tmp/.X11-unix/X\(number)"]).exitCode
        } until: { $0 == 0 }
    }

    /// Waits for the session to end, with the enforcer's log and the
    /// session's processes when it does not.
    static func expectEnded(_ enforced: EnforcedMachine, _ why: String, within seconds: Double) throws {
        do {
            try enforced.expectSessionEnded(why, within: seconds)
        } catch {
            let processes = try enforced.machine.run(["sh", "-c", "loginctl session-status \(enforced.session); "
                                                      + "systemctl status beckon-enforcer --no-pager | head -20"]).stdout
            Issue.record("the enforcer's log:\n\(try enforced.enforcerLog())\nthe session:\n\(processes)")
            throw error
        }
    }

    /// Fails with the enforcer's log when the journal has no session-ended
    /// entry for the session with `reason`.
    static func expectEndedWith(_ enforced: EnforcedMachine, _ reason: String) throws {
        let ended = try poll("the session-ended entry", seconds: 10, every: 0.2) {
            try enforced.journal(["BECKON_OUTCOME=session-ended", "BECKON_SESSION_ID=\(enforced.session)"])
        } until: { !$0.isEmpty }
        let log = try enforced.enforcerLog()
        #expect(ended.contains { $0.contains("\"BECKON_REASON\":\"\(reason)\"") }, "\(ended)\n\(log)")
    }

    // MARK: startx from a console login

    /// Before: a console login (type tty) that ran `xinit … -- Xvfb` had a
    /// desktop and was never gated.
    @Test func startxFromAConsoleLoginIsGatedAndEndedAtTheGrace() throws {
        var display = 0
        let enforced = try EnforcedMachine.start(openSession: { machine, _ in
            display = try Self.freeDisplays(machine, count: 1)[0]
            return try machine.openSession(user: EnforcedMachine.user, type: "tty", command: [
                "/bin/sh", "-c", "sleep 2; exec xinit /bin/sleep 600 -- /usr/bin/Xvfb :\(display) -nolisten tcp",
            ])
        })
        defer { enforced.stop() }
        #expect(try enforced.machine.sessionProperty(enforced.session, "Type") == "tty")
        try Self.waitForServer(enforced.machine, display)
        try Self.expectEnded(enforced, "startx from a console login, nothing accepted",
                                        within: Double(EnforcedMachine.grace + 10))
        try Self.expectEndedWith(enforced, "grace-expired")
        let log = try enforced.enforcerLog()
        #expect(log.contains("is the X server of :\(display)"), "\(log)")
    }

    @Test func startxFromAConsoleLoginWithAnHonestAcceptIsKept() throws {
        var display = 0
        let enforced = try EnforcedMachine.start(openSession: { machine, _ in
            display = try Self.freeDisplays(machine, count: 1)[0]
            return try machine.openSession(user: EnforcedMachine.user, type: "tty", command: [
                "/bin/sh", "-c", "exec xinit /bin/sleep 600 -- /usr/bin/Xvfb :\(display) -nolisten tcp",
            ])
        })
        defer { enforced.stop() }
        try Self.waitForServer(enforced.machine, display)
        try poll("the enforcer to find the display", seconds: 15, every: 0.2) {
            try enforced.enforcerLog()
        } until: { $0.contains("is the X server of :\(display)") }
        let result = try enforced.gate("accept")
        #expect(result.exitCode == 0, "\(result)")
        try enforced.expectSessionKept("startx, then accepted in a checked gate process")
    }

    // MARK: a seatless session with a display (VNC, xrdp)

    /// Before: a session of no type and no seat was no desktop to the
    /// enforcer, whatever display logind named for it.
    @Test func aSeatlessSessionWithADisplayIsGatedAndEndedAtTheGrace() throws {
        let enforced = try EnforcedMachine.start(openSession: { machine, _ in
            try Self.createSession(machine, type: "unspecified", display: ":\(try Self.freeDisplays(machine, count: 1)[0])")
        })
        defer { enforced.stop() }
        #expect(try enforced.machine.sessionProperty(enforced.session, "Type") == "unspecified")
        #expect(try enforced.machine.sessionProperty(enforced.session, "Seat") == "")
        #expect(try enforced.machine.sessionProperty(enforced.session, "Display").hasPrefix(":"))
        try Self.expectEnded(enforced, "a seatless session with a display, nothing accepted", within: Double(EnforcedMachine.grace + 5))
        try Self.expectEndedWith(enforced, "grace-expired")
    }

    @Test func otherGraphicalSessionsEqualsEndEndsItAtOnce() throws {
        let enforced = try EnforcedMachine.start(enforcerConfig: "GraceSeconds=60\nOtherGraphicalSessions=end\n",
                                                 openSession: { machine, _ in
            try Self.createSession(machine, type: "unspecified", display: ":\(try Self.freeDisplays(machine, count: 1)[0])")
        })
        defer { enforced.stop() }
        // Well within the 60 s grace: at once.
        try Self.expectEnded(enforced, "OtherGraphicalSessions=end", within: 8)
        try Self.expectEndedWith(enforced, "route-refused")
    }

    // MARK: ssh -X

    /// Before: an `ssh -X` login is a seatless tty session; its X11
    /// forwarding gave its user X clients on their own display, ungated.
    @Test func sshWithX11ForwardingIsGatedAndEndedAtTheGrace() throws {
        let port = Int.random(in: 30_000...40_000)
        var clientDisplay = 0
        let enforced = try EnforcedMachine.start(openSession: { machine, uid in
            clientDisplay = try Self.freeDisplays(machine, count: 1)[0]
            let user = EnforcedMachine.user
            let config = """
                Port \(port)
                ListenAddress 127.0.0.1
                HostKey /etc/ssh/beckon_host_ed25519_key
                UsePAM yes
                PasswordAuthentication no
                KbdInteractiveAuthentication no
                PubkeyAuthentication yes
                AuthorizedKeysFile .ssh/authorized_keys
                X11Forwarding yes
                X11UseLocalhost yes
                X11DisplayOffset 10
                PidFile none
                """
            try EnforcedMachine.write(config + "\n", to: machine.root + "/etc/ssh/beckon_sshd_config")
            for command in [
                ["sh", "-c", "rm -f /etc/ssh/beckon_host_ed25519_key* && ssh-keygen -q -t ed25519 -N '' -f /etc/ssh/beckon_host_ed25519_key"],
                ["mkdir", "-p", "-m", "0755", "/run/sshd"],
                ["runuser", "-u", user, "--", "sh", "-c",
                 "mkdir -p -m 700 ~/.ssh && rm -f ~/.ssh/id_ed25519* && ssh-keygen -q -t ed25519 -N '' -f ~/.ssh/id_ed25519 && "
                    + "cp ~/.ssh/id_ed25519.pub ~/.ssh/authorized_keys && chmod 600 ~/.ssh/authorized_keys"],
                ["systemd-run", "--unit=beckon-sshd", "--quiet", "/usr/sbin/sshd", "-D", "-e", "-f", "/etc/ssh/beckon_sshd_config"],
                ["systemd-run", "--unit=beckon-client-xvfb", "--quiet", "/usr/bin/Xvfb", ":\(clientDisplay)", "-nolisten", "tcp"],
            ] {
                let result = try machine.run(command)
                #expect(result.exitCode == 0, "\(command): \(result)")
            }
            try Self.waitForServer(machine, clientDisplay)
            try poll("sshd to listen", seconds: 15, every: 0.2) {
                try machine.run(["sh", "-c", "grep -qi ':\(String(port, radix: 16)) 00000000:0000 0A' /proc/net/tcp"]).exitCode
            } until: { $0 == 0 }
            let before = Set(try machine.sessions().map(\.id))
            // The client runs as the user outside every session; its own X is root's Xvfb.
            let client = try machine.run(["systemd-run", "--unit=beckon-ssh-client", "--quiet", "--uid=\(user)",
                                          "-E", "DISPLAY=:\(clientDisplay)", "-E", "HOME=/home/\(user)",
                                          "/usr/bin/ssh", "-X", "-p", "\(port)", "-o", "StrictHostKeyChecking=no",
                                          "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
                                          "-i", "/home/\(user)/.ssh/id_ed25519", "\(user)@127.0.0.1", "sleep 60"])
            #expect(client.exitCode == 0, "\(client)")
            _ = uid
            do {
                return try poll("logind to list the ssh session", seconds: 20, every: 0.2) {
                    try machine.sessions().filter { !before.contains($0.id) && $0.user == user }
                } until: { !$0.isEmpty }[0].id
            } catch {
                let log = try machine.run(["journalctl", "--no-pager", "-o", "cat", "-u", "beckon-sshd", "-u", "beckon-ssh-client"])
                Issue.record("sshd and its client said:\n\(log.stdout)")
                throw error
            }
        })
        defer { enforced.stop() }
        let service = try enforced.machine.sessionProperty(enforced.session, "Service")
        #expect(service == "sshd", "the session is ssh's: \(service)")
        #expect(try enforced.machine.sessionProperty(enforced.session, "Seat") == "")
        try Self.expectEnded(enforced, "ssh -X, nothing accepted", within: Double(EnforcedMachine.grace + 10))
        try Self.expectEndedWith(enforced, "grace-expired")
        let log = try enforced.enforcerLog()
        #expect(log.contains("listens on X11 port") || log.contains("started with DISPLAY=localhost:"), "\(log)")
    }

    // MARK: the gate on the session's own display

    /// The display tests' grace: long enough for the user's manager, an
    /// Xvfb and GTK to start before it ends.
    static let displayGrace = 20

    /// The session's real display (an Xvfb of root's, named to logind as
    /// the session's display), and the gate's window shown either there or
    /// on the user's own Xvfb; returns once the enforcer follows the gate.
    /// `wayland`: the session is a Wayland login instead, whose display
    /// logind does not name.
    /// `carrying`: the gate is started holding a socket already connected
    /// to the session's own display (fd 7), while GTK opens the user's.
    static func showGate(onOwnDisplay: Bool, wayland: Bool = false,
                         carrying: Bool = false) throws -> (EnforcedMachine, own: Int, gateDisplay: Int) {
        var displays: [Int] = []
        let enforced = try EnforcedMachine.start(
            gateConfig: "[Terms]\nVersion=1\nFile=aup.md\nGate=true\nGraceSeconds=\(displayGrace)\n",
            openSession: { machine, _ in
                displays = try Self.freeDisplays(machine, count: 2)
                if wayland {
                    return try machine.openSession(user: EnforcedMachine.user, type: "wayland", command: ["/bin/sleep", "600"])
                }
                let started = try machine.run(["systemd-run", "--unit=beckon-session-xvfb", "--quiet", "/usr/bin/Xvfb",
                                               ":\(displays[0])", "-nolisten", "tcp"])
                #expect(started.exitCode == 0, "\(started)")
                try Self.waitForServer(machine, displays[0])
                return try Self.createSession(machine, type: "x11", display: ":\(displays[0])")
            })
        let machine = enforced.machine
        try machine.runInUserManager(user: EnforcedMachine.user, uid: enforced.uid, ["/bin/true"])
        let gateDisplay = onOwnDisplay ? displays[0] : displays[1]
        if !onOwnDisplay {
            // The user's own X server, which nobody sees.
            try EnforcerWindowBootedTests.asUser(enforced, gateDisplay,
                                                 "systemd-run --user --unit=beckon-private-xvfb --collect --quiet Xvfb :\(gateDisplay) -nolisten tcp")
            try Self.waitForServer(machine, gateDisplay)
        }
        let carrier = "import os, socket, sys; s = socket.socket(socket.AF_UNIX); s.connect('\\0/tmp/.X11-unix/X\(displays[0])'); "
            + "os.dup2(s.fileno(), 7); os.execv(sys.argv[1], sys.argv[1:])"
        let prefix = carrying ? "/usr/bin/python3 -c \"\(carrier)\" " : ""
        try EnforcerWindowBootedTests.asUser(enforced, gateDisplay,
                                             "systemd-run --user --unit=beckon-gate --quiet -E DISPLAY=:\(gateDisplay) "
                                                + "-E BECKON_TEST_EXPOSE_GATE=1 \(prefix)\(EnforcedMachine.beckon) terms --managed")
        // Shown: the gate's own journal entry, written as it reports `shown` to the enforcer.
        do {
            try poll("the gate to be shown", seconds: 30, every: 0.2) {
                try enforced.journal(["BECKON_OUTCOME=shown", "_UID=\(enforced.uid)"])
            } until: { !$0.isEmpty }
            // and its window mapped on its display (GTK's, as the enforcer will find it).
            try poll("the gate's window on :\(gateDisplay)", seconds: 30, every: 0.3) {
                try EnforcerWindowBootedTests.asUser(enforced, gateDisplay, "xdotool search --onlyvisible --name . 2>/dev/null | head -1").stdout
            } until: { !$0.isEmpty }
        } catch {
            let gate = try machine.run(["journalctl", "--no-pager", "-o", "cat", "_SYSTEMD_USER_UNIT=beckon-gate.service",
                                        "+", "USER_UNIT=beckon-gate.service"]).stdout
            Issue.record("the gate's unit said:\n\(gate)\nthe enforcer:\n\(try enforced.enforcerLog())")
            throw error
        }
        return (enforced, displays[0], gateDisplay)
    }

    /// Before: `Xvfb :99 & DISPLAY=:99 beckon terms --managed ID --gate`
    /// held a session whose screen was elsewhere for as long as it ran.
    @Test func aGateOnAPrivateDisplayDoesNotHoldTheSession() throws {
        let (enforced, own, gateDisplay) = try Self.showGate(onOwnDisplay: false)
        defer { enforced.stop() }
        #expect(own != gateDisplay)
        // Held before, for as long as the gate ran: now ended at the grace.
        try Self.expectEnded(enforced, "the gate's window is on the user's own Xvfb, not the session's display",
                             within: Double(Self.displayGrace + 10))
        try Self.expectEndedWith(enforced, "gate-elsewhere")
        let log = try enforced.enforcerLog()
        #expect(log.contains("window is on :\(gateDisplay)"), "the enforcer found the gate on :\(gateDisplay):\n\(log)")
    }

    @Test func aGateOnTheSessionsOwnDisplayHoldsIt() throws {
        let (enforced, own, _) = try Self.showGate(onOwnDisplay: true)
        defer { enforced.stop() }
        // Past the grace counted from login, and 5 s more: still there.
        let until = enforced.opened.addingTimeInterval(Double(Self.displayGrace + 5))
        while Date() < until {
            guard try enforced.sessionIsOpen() else {
                Issue.record("the session was ended:\n\(try enforced.enforcerLog())")
                return
            }
            usleep(250_000)
        }
        #expect(try enforced.journal(["BECKON_OUTCOME=session-ended"]).isEmpty)
        let log = try enforced.enforcerLog()
        #expect(log.contains("window is on :\(own)"), "the enforcer found the gate on the session's :\(own):\n\(log)")
    }

    /// The private display again, with the gate started holding a socket
    /// connected to the session's own display: one connection there does
    /// not make the window seen; a gate on two displays holds nothing.
    @Test func aGateOnAPrivateDisplayCarryingASocketToTheSessionsDisplayDoesNotHoldIt() throws {
        let (enforced, _, gateDisplay) = try Self.showGate(onOwnDisplay: false, carrying: true)
        defer { enforced.stop() }
        try Self.expectEnded(enforced, "the gate's window is on the user's own Xvfb, a socket to the session's display in its pocket",
                             within: Double(Self.displayGrace + 10))
        try Self.expectEndedWith(enforced, "gate-elsewhere")
        // Seen on both (or, were the socket closed at the gate's start, on the user's display alone).
        let log = try enforced.enforcerLog()
        #expect(log.contains("connected to several X displays") || log.contains("window is on :\(gateDisplay)"), "\(log)")
    }

    /// The limit, measured: a Wayland login's display is not known to the
    /// enforcer (logind names none, and its compositor may run outside the
    /// session), so a gate on any display of its user still holds it.
    @Test func aWaylandSessionsDisplayIsUnknownSoAGateElsewhereStillHoldsIt() throws {
        let (enforced, _, gateDisplay) = try Self.showGate(onOwnDisplay: false, wayland: true)
        defer { enforced.stop() }
        let until = enforced.opened.addingTimeInterval(Double(Self.displayGrace + 5))
        while Date() < until {
            guard try enforced.sessionIsOpen() else {
                Issue.record("the session was ended:\n\(try enforced.enforcerLog())")
                return
            }
            usleep(250_000)
        }
        #expect(try enforced.machine.sessionProperty(enforced.session, "Display") == "")
        #expect(try enforced.journal(["BECKON_OUTCOME=session-ended"]).isEmpty)
        // Not even looked for: no session of the user has a display to compare.
        let log = try enforced.enforcerLog()
        #expect(!log.contains("window is on :\(gateDisplay)"), "\(log)")
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

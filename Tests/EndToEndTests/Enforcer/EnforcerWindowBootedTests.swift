import BeckonTestSupport
import Foundation
import Testing

/// The real gate, window and all, against the enforcer on a booted machine:
/// `beckon terms --managed` (the test build's beckon, the trusted program)
/// shows its GTK window on an Xvfb inside the machine, in the user's systemd
/// manager as the packaged user unit runs it; real keys (XTEST) accept it.
/// The enforcer checks that process from /proc with every GTK module it has
/// loaded, records the acceptance as root, and the session goes on.
@Suite(.serialized, .guiHangLimit) struct EnforcerWindowBootedTests {
    /// The first display number no X server has claimed in the machine. It
    /// shares the host's network namespace, so a server the host runs (a
    /// benchmark's Xvfb :7) holds the abstract socket of its number there too,
    /// and the machine's Xvfb could not listen on it; a lock file or socket in
    /// the machine's /tmp claims a number as well.
    static func freeDisplay(in enforced: EnforcedMachine) throws -> Int? {
        try (7..<64).first { number in
            try enforced.machine.run(["sh", "-c", "test ! -e /tmp/.X\(number)-lock -a ! -e /tmp/.X11-unix/X\(number)"
                                      + " && ! grep -q ' @/tmp/.X11-unix/X\(number)$' /proc/net/unix"]).exitCode == 0
        }
    }

    /// Runs `script` as the gated user with the machine's X display `:number`.
    @discardableResult
    static func asUser(_ enforced: EnforcedMachine, _ number: Int, _ script: String,
                       deadline: Double = 30) throws -> ProcessResult {
        try enforced.machine.run(["runuser", "-u", EnforcedMachine.user, "--", "env", "DISPLAY=:\(number)",
                                  "XDG_RUNTIME_DIR=/run/user/\(enforced.uid)", "sh", "-c", script], deadline: deadline)
    }

    @Test func anAcceptInTheRealWindowIsCheckedAndKeepsTheSession() throws {
        let enforced = try EnforcedMachine.start(gateConfig: "[Terms]\nVersion=1\nFile=aup.md\nGate=true\nRequireScroll=false\n")
        defer { enforced.stop() }
        try enforced.machine.runInUserManager(user: EnforcedMachine.user, uid: enforced.uid, ["/bin/true"])
        let display = try #require(try Self.freeDisplay(in: enforced), "no free X display number in the machine")
        try Self.asUser(enforced, display, "systemd-run --user --unit=beckon-xvfb --collect --quiet Xvfb :\(display) -nolisten tcp")
        try poll("the machine's Xvfb", seconds: 20, every: 0.2) {
            try enforced.machine.run(["test", "-S", "/tmp/.X11-unix/X\(display)"]).exitCode
        } until: { $0 == 0 }
        try Self.asUser(enforced, display, "systemd-run --user --unit=beckon-gate --quiet -E DISPLAY=:\(display) -E BECKON_TEST_EXPOSE_GATE=1 "
                        + "\(EnforcedMachine.beckon) terms --managed")
        // The gate's window tells its state in its role; Accept is usable at once (RequireScroll=false).
        let window: String
        do {
            window = try poll("the gate's window", seconds: 30, every: 0.3) {
                try Self.asUser(enforced, display, "for w in $(xdotool search --onlyvisible --name . 2>/dev/null); do "
                                + "xprop -id $w WM_WINDOW_ROLE | grep -q beckon-terms-gate && echo $w; done").stdout
                    .split(separator: "\n").first.map(String.init) ?? ""
            } until: { !$0.isEmpty }
        } catch {
            let gate = try enforced.machine.run(["journalctl", "--no-pager", "-o", "cat", "_SYSTEMD_USER_UNIT=beckon-gate.service",
                                                 "+", "USER_UNIT=beckon-gate.service"]).stdout
            let tree = try Self.asUser(enforced, display, "for w in $(xdotool search --onlyvisible --name .); do xprop -id $w WM_NAME WM_WINDOW_ROLE; done")
            let log = try enforced.enforcerLog()
            Issue.record("the gate's unit said:\n\(gate)\nthe enforcer:\n\(log)\nX: \(tree)")
            throw error
        }
        try poll("the gate to be ready for keys", seconds: 20, every: 0.2) {
            try Self.asUser(enforced, display, "xprop -id \(window) WM_WINDOW_ROLE").stdout
        } until: { $0.contains("accept-sensitive") && $0.contains("keyboard-grabbed") }
        try Self.asUser(enforced, display, "xdotool key Return")
        try poll("the gate to end", seconds: 20, every: 0.2) {
            try Self.asUser(enforced, display, "systemctl --user show -p ActiveState --value beckon-gate").stdout
        } until: { !$0.contains("active") || $0.contains("inactive") }
        let result = try Self.asUser(enforced, display, "systemctl --user show -p ExecMainStatus --value beckon-gate")
        let log = try enforced.enforcerLog()
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(result)\n\(log)")
        try enforced.expectSessionKept("accepted in the real window")
        let recorded = try enforced.journal(["BECKON_OUTCOME=enforcer-accepted", "_UID=0"])
        #expect(recorded.contains { $0.contains("\"BECKON_GATE_EXE\":\"\(EnforcedMachine.beckon)\"") }, "\(recorded)")
        #expect(try enforced.journal(["BECKON_OUTCOME=enforcer-refused"]).isEmpty, "the real window's process was refused")
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// The gate's session ending under what a parent process can hand down.
@Suite(.serialized, .guiHangLimit) struct TermsGateInheritedSignalTests {
    /// Before: with SIGCHLD ignored by the parent (and so by beckon, through
    /// exec), the kernel reaped `--end-session-command false` at once,
    /// waitpid found no child, and the command counted as having ended the
    /// session, with no other route tried.
    @Test func aFailingCommandIsAFailureEvenWithSIGCHLDIgnored() throws {
        let fixture = try TermsFixture()
        let terms = fixture.root.appendingPathComponent("terms.md").path
        try "# Terms\n\nBe kind.\n".write(toFile: terms, atomically: true, encoding: .utf8)
        // python3 execs the harness with SIGCHLD ignored (a shell's `trap '' CHLD` does not pass it on).
        let ignoringSIGCHLD = "import os, signal, sys; signal.signal(signal.SIGCHLD, signal.SIG_IGN); "
            + "os.execv(sys.argv[1], sys.argv[1:])"
        // An empty session bus address and no system bus: no other route can succeed here.
        let result = try run("/usr/bin/python3", ["-c", ignoringSIGCHLD, Products.termsHarness, "decline", "--gate",
                                                  "--file", terms, "--end-session-command", "false"],
                             environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus",
                                           "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/system_bus",
                                           "XDG_STATE_HOME": fixture.root.appendingPathComponent("state").path],
                             deadline: 60)
        #expect(!result.stderr.contains("asked the command"), "\(result)")
        #expect(result.stderr.contains("could not be ended: the command \"false\":"), "\(result)")
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// A signal while the window is up ends beckon with a line on stderr and the
/// status a shell gives a process killed by that signal, for every dialog kind;
/// it works even though the test runner's threads hand their children a mask
/// with these signals blocked.
@Suite(.serialized, .guiHangLimit) struct TerminationSignalTests {
    static let cases: [(arguments: [String], signal: Int32, status: Int32, name: String)] = [
        (["--question", "--text", "Stop?"], SIGTERM, 143, "SIGTERM"),
        (["--info", "--text", "Stop?"], SIGINT, 130, "SIGINT"),
        (["--error", "--text", "Stop?"], SIGHUP, 129, "SIGHUP"),
        (["terms", "--file", Products.packageRoot.appendingPathComponent("Resources/terms/sample-terms.md").path,
          "--id", "org.beckon.signalled"], SIGTERM, 143, "SIGTERM"),
    ]

    @Test(arguments: cases.indices)
    func aSignalEndsTheDialogWithItsStatus(_ index: Int) throws {
        try X11.require()
        let c = Self.cases[index]
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-signal-\(getpid())").path
        let process = try RunningProcess(Products.beckon, c.arguments, environment: ["XDG_STATE_HOME": state])
        defer { try? FileManager.default.removeItem(atPath: state) }
        _ = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
        kill(process.pid, c.signal)
        let result = process.wait(deadline: 10)
        #expect(!result.timedOut, "\(result)")
        #expect(result.exitCode == c.status, "\(result)")
        #expect(result.stderr.contains("stopped by \(c.name)"), "\(result)")
        #expect(result.stdout.isEmpty)
        // Stopped is not accepted: no consent record may exist afterwards.
        #expect(!FileManager.default.fileExists(atPath: state + "/beckon/consents.json"), "\(result)")
    }
}

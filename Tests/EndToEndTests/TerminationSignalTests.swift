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

/// A signal inherited as ignored stays ignored, as in zenity: `nohup beckon …`
/// survives SIGHUP and a background job (SIGINT ignored by the shell) survives
/// SIGINT. The dialog is then answered, so a death by the signal would show
/// as its status instead of the answer's.
@Suite(.serialized, .guiHangLimit) struct InheritedIgnoredSignalTests {
    static let cases: [(launcher: [String], signal: Int32, name: String, mask: UInt64)] = [
        (["/usr/bin/nohup"], SIGHUP, "SIGHUP", 1 << (UInt64(SIGHUP) - 1)),
        (["/bin/sh", "-c", "trap '' INT; exec \"$0\" \"$@\""], SIGINT, "SIGINT", 1 << (UInt64(SIGINT) - 1)),
    ]

    /// The signals `pid` ignores, from /proc/PID/status.
    static func ignored(_ pid: Int32) throws -> UInt64 {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") })
        return try #require(UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16))
    }

    @Test(arguments: cases.indices)
    func anIgnoredSignalDoesNotStopTheDialog(_ index: Int) throws {
        try X11.require()
        let c = Self.cases[index]
        let process = try RunningProcess(c.launcher[0], Array(c.launcher.dropFirst()) + [Products.beckon, "--question", "--text", "Still here?"])
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
        #expect(try Self.ignored(process.pid) & c.mask != 0, "\(c.name) is not ignored in beckon")
        kill(process.pid, c.signal)
        try Xdotool.focus(window)
        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(c.name): \(result)")
        #expect(!result.stderr.contains("stopped by"), "\(result)")
    }
}

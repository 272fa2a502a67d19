import BeckonTestSupport
import Foundation
import Testing

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

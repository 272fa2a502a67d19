import BeckonTestSupport
import Foundation
import Testing

/// Failures that used to be silent or to blame the wrong thing: too few file
/// descriptors, a Wayland backend with no compositor, `terms --json` failing,
/// a text longer than --text-info's 32 MiB that the dialog had no time to read.
@Suite(.serialized, .guiHangLimit) struct MisleadingMessageTests {
    private static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-messages-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// With few descriptors GLib and libdispatch die of a signal (SIGTRAP,
    /// SIGILL) when they cannot get one. Every limit gives a working dialog
    /// (exit 5 at its timeout) or the message and 255; never a signal.
    @Test(arguments: [4, 6, 8, 9, 10, 11, 16, 64])
    func fewFileDescriptorsAreSaidNotCrashedOn(_ limit: Int) throws {
        try X11.require()
        let prlimit = try #require(which("prlimit"), "prlimit is missing (util-linux)")
        let result = try run(prlimit, ["--nofile=\(limit):\(limit)", "--", Products.beckon,
                                       "--question", "--text", "hi", "--timeout", "1"], deadline: 20)
        #expect(!result.timedOut, "\(result)")
        #expect(result.exitCode == 5 || result.exitCode == 255, "limit \(limit): \(result)")
        if result.exitCode == 255 {
            #expect(result.stderr.contains("too few file descriptors"), "\(result)")
        }
        if limit >= 64 { #expect(result.exitCode == 5, "\(result)") }
    }

    /// A soft limit under the hard one is raised: the dialog works.
    @Test func aLowSoftLimitIsRaised() throws {
        try X11.require()
        let prlimit = try #require(which("prlimit"), "prlimit is missing (util-linux)")
        let result = try run(prlimit, ["--nofile=10:4096", "--", Products.beckon,
                                       "--question", "--text", "hi", "--timeout", "1"], deadline: 20)
        #expect(result.exitCode == 5, "\(result)")
    }

    /// GDK_BACKEND=wayland with no compositor: the message names Wayland, not
    /// the DISPLAY that works but was never tried.
    @Test func aWaylandBackendWithoutACompositorIsNamed() throws {
        try X11.require()
        let runtime = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let result = try run(Products.beckon, ["--question", "--text", "hi", "--no-tty"],
                             environment: ["GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": "", "XDG_RUNTIME_DIR": runtime.path],
                             deadline: 20)
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("WAYLAND_DISPLAY=wayland-0, GDK_BACKEND=wayland"), "\(result)")
        #expect(result.stderr.contains("is a Wayland compositor running?"), "\(result)")
        #expect(!result.stderr.contains("DISPLAY=:"), "\(result)")
    }

    /// `terms --json` prints an object for a failure too, in the shape of its outcomes.
    @Test func termsJSONPrintsAnErrorObject() throws {
        let result = try run(Products.beckon, ["terms", "--file", "/nonexistent/terms.md", "--json"],
                             environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stdout.hasPrefix(#"{"format":1,"kind":"terms","ended":"error","outcome":"error","exit_code":255,"error":""#), "\(result)")
        #expect(result.stdout.hasSuffix("}\n"), "\(result)")
        #expect(!result.stderr.isEmpty, "\(result)")
        let badOption = try run(Products.beckon, ["terms", "--json", "--no-such-option"])
        #expect(badOption.exitCode == 255 && badOption.stdout.hasPrefix(#"{"format":1,"kind":"terms","ended":"error","outcome":"error","#), "\(badOption)")
    }

    /// A 40 MB file and a 2 GB sparse one: the warning comes at once, not
    /// after reading 32 MiB, which takes longer than the dialog is up.
    @Test(arguments: [("40 MB", 40_000_000), ("2 GB sparse", 2 << 30)])
    func textInfoSaysAFileIsTooLong(_ name: String, _ size: Int) throws {
        try X11.require()
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.txt").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        if size < 100_000_000 {
            let line = Data((String(repeating: "a", count: 999) + "\n").utf8)
            for _ in 0..<(size / line.count) { try handle.write(contentsOf: line) }
        }
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        let result = try run(Products.beckon, ["--text-info", "--filename", path, "--timeout", "2"], deadline: 30)
        #expect(result.exitCode == 5, "\(name): \(result.exitCode)")
        #expect(result.stderr.contains("file '\(path)' is longer than 32 MiB: the rest is not shown"),
                "\(name): \(result.stderr.prefix(500))")
    }
}

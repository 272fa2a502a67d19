import BeckonTestSupport
import Foundation
import Testing

/// `--timeout`, SIGTERM and SIGINT hold with GTK's loop stuck: a list of
/// 10,000 columns keeps the loop in one call for minutes (zenity hangs there
/// too), and the watchdog thread ends the process with the code the loop
/// would have given, and a line on stderr saying the window did not respond.
@Suite(.serialized, .guiHangLimit) struct LoopWatchdogTests {
    static let columns = (1...10_000).map { "--column=c\($0)" }

    /// The list's own window would need minutes; `deadline` is a few seconds
    /// past the timeout, for the backstop's second and a busy machine.
    @Test(arguments: [
        (["--timeout", "3"], [String: String](), Int32(5)),
        (["--timeout", "3"], ["ZENITY_TIMEOUT": "7"], Int32(7)),
    ])
    func theTimeoutEndsAStuckDialog(_ extra: [String], _ environment: [String: String], _ code: Int32) throws {
        try X11.require()
        let process = try RunningProcess(Products.beckon, ["--list"] + Self.columns + extra, environment: environment)
        let result = process.wait(deadline: 12)
        #expect(!result.timedOut, "\(result)")
        #expect(result.exitCode == code, "\(result)")
        #expect(result.stderr.contains("--timeout passed and the window did not respond"), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }

    /// A script that asked for JSON gets an object on stdout, not nothing.
    @Test func withJSONTheTimeoutIsAnErrorObject() throws {
        try X11.require()
        let result = try run(Products.beckon, ["--list"] + Self.columns + ["--timeout", "3", "--json"], deadline: 12)
        #expect(!result.timedOut, "\(result)")
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stdout.hasPrefix(#"{"format":1,"kind":"list","ended":"error","#) && result.stdout.contains(#""exit_code":5"#), "\(result)")
    }

    /// The terms of one 200 KB line: the window's layout took minutes when
    /// this was written. Whether the layout is fast or the backstop ends it,
    /// the timeout holds.
    @Test func theTimeoutEndsTermsOfOneHugeLine() throws {
        try X11.require()
        let result = try Self.terms(String(repeating: "a", count: 200_000) + "\n", timeout: 5, deadline: 14)
        #expect(!result.timedOut, "\(result)")
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stdout == #"{"format":1,"kind":"terms","ended":"timeout","outcome":"timeout","exit_code":5}"# + "\n", "\(result)")
    }

    /// A million links in one paragraph: parsing and building the window take
    /// most of `--timeout` (about 10 s of 12 in a debug build). The deadline
    /// counts from the start of beckon terms, so the window's own timeout is
    /// not counted again from its showing (which ended it at about 22 s); the
    /// process ends at the deadline, or within the backstop's second of it.
    @Test func theTermsDeadlineIsNotPostponedBySlowTerms() throws {
        try X11.require()
        let markdown = String(repeating: "[a](b) ", count: 1_000_000) + "\n"
        let started = ContinuousClock.now
        let result = try Self.terms(markdown, timeout: 12, deadline: 40)
        let took = started.duration(to: .now)
        #expect(!result.timedOut, "\(result)")
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stdout == #"{"format":1,"kind":"terms","ended":"timeout","outcome":"timeout","exit_code":5}"# + "\n", "\(result)")
        // 12 s, the backstop's second, and room for a loaded machine.
        #expect(took < .milliseconds(14_500), "ended \(took) after the start, --timeout 12: \(result)")
    }

    /// `beckon terms --json --timeout` on `markdown`, with the file and the
    /// consent state in a directory of its own, removed when it ends. A clock
    /// started before the call also counts writing the file (milliseconds).
    static func terms(_ markdown: String, timeout: Int, deadline: Double) throws -> ProcessResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-watchdog-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("terms.md")
        try Data(markdown.utf8).write(to: file)
        return try run(Products.beckon, ["terms", "--file", file.path, "--timeout", String(timeout), "--json"],
                       environment: ["XDG_STATE_HOME": directory.path], deadline: deadline)
    }

    /// The bit of `signal` in a /proc/PID/status mask line such as "SigCgt:".
    static func caught(_ pid: Int32, _ signal: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// beckon catches the signals as its loop starts the dialog, and the list
    /// is built in the same job: once caught, the loop is stuck.
    @Test(arguments: [(SIGTERM, Int32(143), "SIGTERM"), (SIGINT, Int32(130), "SIGINT")])
    func aSignalEndsAStuckDialogWithinASecond(_ signal: Int32, _ status: Int32, _ name: String) throws {
        try X11.require()
        let process = try RunningProcess(Products.beckon, ["--list"] + Self.columns)
        try poll("beckon catching \(name)", seconds: 20, { Self.caught(process.pid, signal) }, until: { $0 })
        kill(process.pid, signal)
        // Within a second of the signal, and some room for a loaded machine.
        let result = process.wait(deadline: 4)
        #expect(!result.timedOut, "\(result)")
        #expect(result.exitCode == status, "\(result)")
        #expect(result.stderr.contains("stopped by \(name); the window did not respond"), "\(result)")
    }
}

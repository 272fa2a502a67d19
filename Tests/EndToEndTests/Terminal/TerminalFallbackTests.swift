import BeckonTestSupport
import Foundation
import Testing

/// How the terminal fallback starts and ends: Ctrl-C and Ctrl-D as Escape,
/// `--tty` and `--no-tty`, no terminal at all, the terminal put back.
@Suite(.serialized, .guiHangLimit) struct TerminalFallbackTests {
    @Test func ctrlCEndsAsEscape() throws {
        let result = try TerminalRun.run(["--entry", "--text=Name?"], prompt: "Name?", ["typed", Key.ctrlC])
        #expect(result.exitCode == 1 && result.stdout.isEmpty, "\(result)")
    }

    @Test func ctrlDEndsAsEscape() throws {
        let result = try TerminalRun.run(["--question", "--text=Sure?", "--json"], prompt: "Sure?", [Key.ctrlD])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.hasPrefix(#"{"format":1,"kind":"question","ended":"escape""#), "\(result)")
    }

    @Test func aPasswordIsNeverEchoed() throws {
        let run = try TerminalRun(["--password", "--username"])
        try run.answer(after: "Type your username and password", ["bob", Key.tab, "hunter2", Key.enter])
        let result = run.finish()
        #expect(result.stdout == "bob|hunter2\n", "\(result)")
        #expect(run.process.screen.contains("bob"))
        #expect(!run.process.screen.contains("hunter2"), "the password was drawn: \(run.process.screen)")
    }

    @Test func noTTYKeepsTheDisplayError() throws {
        let run = try TerminalRun(["--question", "--text=Sure?", "--no-tty"])
        let result = run.finish()
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("cannot open a display"), "\(result)")
        #expect(!run.process.screen.contains("Sure?"), "a prompt was drawn: \(run.process.screen)")
    }

    @Test func noTerminalAtAllKeepsTheDisplayError() throws {
        let result = try TerminalRun(["--question", "--text=Sure?"], noTerminal: true).finish()
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("cannot open a display"), "\(result)")
    }

    @Test func ttyWithoutATerminalSaysSo() throws {
        let result = try TerminalRun(["--question", "--text=Sure?", "--tty", "--json"], noTerminal: true).finish()
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("no terminal to ask on"), "\(result)")
        #expect(result.stdout.contains(#""ended":"error""#), "\(result)")
    }

    @Test func ttyAsksOnTheTerminalEvenWithADisplay() throws {
        try X11.require()
        let run = try TerminalRun(["--entry", "--text=Name?", "--tty"], display: true)
        try run.answer(after: "Name?", ["Ada", Key.enter])
        let result = run.finish()
        #expect(result.exitCode == 0 && result.stdout == "Ada\n", "\(result)")
    }

    @Test func theCountdownCountsOnTheTerminal() throws {
        let run = try TerminalRun(["--info", "--text=Soon", "--timeout=2", "--countdown"])
        try run.process.waitFor("Closes in 2 seconds")
        try run.process.waitFor("Closes in 1 second")
        let result = run.finish()
        #expect(result.exitCode == 5, "\(result)")
    }

    /// The library's own fallback, as Examples/Ask uses it: TerminalPresenter
    /// in GtkRuntime.runWithoutDisplay.
    @Test func theAskExampleAsksOnTheTerminal() throws {
        let yes = try TerminalRun(["Proceed?"], executable: Products.ask)
        try yes.answer(after: "Proceed?", ["y"])
        #expect(yes.finish().exitCode == 0)
        let no = try TerminalRun(["Proceed?"], executable: Products.ask)
        try no.answer(after: "Proceed?", [Key.ctrlC])
        #expect(no.finish().exitCode == 1)
    }

    @Test func theTerminalIsPutBackAfterAnAnswer() throws {
        let modes = try modesAfter(["--entry", "--text=Name?"]) { run in
            try run.answer(after: "Name?", ["x", Key.enter])
        }
        #expect(modes.exit == "exit 0")
        #expect(modes.flags.isSuperset(of: ["echo", "icanon", "isig", "icrnl"]), "\(modes.flags)")
    }

    @Test func theTerminalIsPutBackAfterSIGTERM() throws {
        let modes = try modesAfter(["--entry", "--text=Name?"]) { run in
            try run.process.waitFor("Name?")
            let pid = try poll("beckon's pid", { try? String(contentsOfFile: run.pidFile, encoding: .utf8) },
                               until: { $0?.hasSuffix("\n") == true })
            kill(pid_t(pid!.trimmingCharacters(in: .whitespacesAndNewlines))!, SIGTERM)
        }
        #expect(modes.exit == "exit 143")
        #expect(modes.flags.isSuperset(of: ["echo", "icanon", "isig", "icrnl"]), "\(modes.flags)")
    }

    /// Runs beckon from a shell on the terminal, then `stty -a` on the same
    /// terminal: the modes a person's shell would find after beckon ended.
    private func modesAfter(_ arguments: [String], _ drive: (ShellRun) throws -> Void) throws
        -> (exit: String, flags: Set<String>)
    {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-tty-\(UUID()).pid").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let command = ([Products.beckon] + arguments).map { "'\($0)'" }.joined(separator: " ")
        // In the background so its pid can be known; it asks on /dev/tty all the same.
        let script = "\(command) & echo $! > '\(pidFile)'; wait $!; echo \"exit $?\"; stty -a"
        let run = ShellRun(run: try TerminalRun(["-c", script], executable: "/bin/sh"), pidFile: pidFile)
        try drive(run)
        let result = run.run.finish()
        // beckon's answer, if any, then the shell's "exit N", then stty's report.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let exitLine = lines.firstIndex { $0.hasPrefix("exit ") }
        let exit = exitLine.map { lines[$0] } ?? ""
        let report = exitLine.map { lines[($0 + 1)...].joined(separator: " ") } ?? ""
        let flags = Set(report.split(whereSeparator: { $0 == " " || $0 == ";" }).map(String.init))
        return (exit, flags)
    }

    private struct ShellRun {
        var run: TerminalRun
        var pidFile: String
        var process: TerminalProcess { run.process }
        func answer(after prompt: String, _ keys: [String]) throws { try run.answer(after: prompt, keys) }
    }
}

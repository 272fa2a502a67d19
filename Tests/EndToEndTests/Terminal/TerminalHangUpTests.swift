import BeckonTestSupport
import Foundation
import Testing

/// The terminal a prompt asks on hanging up (its window closed, the SSH link
/// gone) is the person gone: every kind answers as Escape (exit 1, terms
/// "dismissed"), as docs/cli.md says, however the SIGHUP that comes with the
/// hang-up races the prompt's read of the end. A SIGHUP sent while the
/// terminal is still there stays a termination signal (129).
@Suite(.serialized, .guiHangLimit) struct TerminalHangUpTests {
    private static var sample: String { Products.packageRoot.appendingPathComponent("Resources/terms/sample-terms.md").path }

    static let cases: [(arguments: [String], stdin: String?, prompt: String, stdout: String)] = [
        (["--question", "--text", "Go on?"], nil, "Go on?", ""),
        (["--entry", "--text", "Name?"], nil, "Name?", ""),
        (["--text-info", "--filename", sample], nil, "Sample Terms", ""),
        (["--progress", "--text", "Working"], "10\n", "Working", ""),
        (["terms", "--file", sample, "--json"], nil, "lines 1–", #"{"format":1,"kind":"terms","ended":"dismissed","outcome":"dismissed","exit_code":1}"# + "\n"),
    ]

    /// Three runs each: before the fix, SIGHUP won the race most times (129).
    @Test(arguments: cases.indices)
    func aHangUpAnswersAsEscape(_ index: Int) throws {
        let c = Self.cases[index]
        for _ in 0..<3 {
            let run = try TerminalRun(c.arguments, stdin: c.stdin, stdinStaysOpen: c.stdin != nil)
            try run.process.waitFor(c.prompt)
            run.process.hangUp()
            let result = run.finish()
            #expect(result.exitCode == 1, "\(c.arguments): \(result)")
            #expect(result.stdout == c.stdout, "\(c.arguments): \(result)")
            #expect(!result.stderr.contains("stopped by"), "\(c.arguments): \(result)")
        }
    }

    @Test func aSIGHUPWithTheTerminalStillThereStopsIt() throws {
        let run = try TerminalRun(["--question", "--text", "Go on?"])
        try run.process.waitFor("Go on?")
        kill(run.process.pid, SIGHUP)
        let result = run.finish()
        #expect(result.exitCode == 129, "\(result)")
        #expect(result.stderr.contains("stopped by SIGHUP"), "\(result)")
    }
}

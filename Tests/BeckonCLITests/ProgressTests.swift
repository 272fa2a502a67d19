import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// `--progress` read, planned and printed as zenity 3.44 does, without a display.
@Suite struct ProgressTests {
    private func options(_ arguments: [String]) throws(CLIError) -> ProgressOptions {
        try CLIProbe.options(["--progress"] + arguments)
    }

    private func plan(_ arguments: [String], env: [String: String] = [:], closed: Bool = false) throws(CLIError)
        -> ProgressPlan {
        try ProgressPlan(options(arguments), environment: Environment(env), translations: .english,
                         standardInputIsClosed: closed, feed: { _ in })
    }

    private func line(_ text: String) -> ProgressLine { ProgressLine(Array(text.utf8)) }

    /// 9999 × (1 / 10 / 10) in Float, zenity's steps for "99,99".
    static let hundredths: Float = { let factor: Float = 1 / 10 / 10; return 9999 * factor }()

    @Test func zenitysDefaults() throws {
        let request = try plan([]).request
        #expect(request.title == "Progress")
        #expect(request.text == .plain("Running..."))
        #expect(request.frame.buttons.map(\.label) == ["Cancel", "OK"])
        #expect(request.frame.defaultButtonIndex == 1)
        #expect(request.initialFraction == 0 && !request.pulsates && !request.autoCloses)
        #expect(!request.showsTimeRemaining && request.isCancellable)
        #expect(request.frame.timeout == nil)
        #expect(request.frame.windowIcon == CommonOptions.zenityImage("zenity-progress.png"))
    }

    @Test func everyOption() throws {
        let given = try options(["--text=<b>Copying</b>\\n…", "--percentage=30", "--pulsate", "--auto-close",
                                 "--auto-kill", "--no-cancel", "--time-remaining", "--kill-writers", "--timeout=9",
                                 "--ok-label=Fertig", "--extra-button=Later"])
        #expect(given.autoKill && given.killWriters)
        let request = try plan(["--text=<b>Copying</b>\\n…", "--percentage=30", "--pulsate", "--auto-close",
                                "--no-cancel", "--time-remaining", "--timeout=9", "--ok-label=Fertig",
                                "--extra-button=Later"]).request
        #expect(request.text == .markup("<b>Copying</b>\n…"))
        #expect(request.initialFraction == 0.3)
        #expect(request.pulsates && request.autoCloses && request.showsTimeRemaining && !request.isCancellable)
        #expect(request.frame.timeout == .seconds(9))
        #expect(request.frame.buttons.map(\.label) == ["Cancel", "Fertig", "Later"])
    }

    @Test(arguments: [("-1", 0.0), ("-50", 0), ("0", 0), ("100", 1), ("150", 1), ("0x20", 0.32)])
    func percentageAsZenitySetsIt(given: String, fraction: Double) throws {
        #expect(try plan(["--percentage=\(given)"]).request.initialFraction == fraction)
    }

    @Test func aClosedStdinIsAnErrorBeforeAnyWindow() {
        #expect(throws: CLIError.self) { try plan([], closed: true) }
        do {
            _ = try plan([], env: ["ZENITY_ERROR": "3"], closed: true)
        } catch {
            #expect(error.exitCode == 3)
            #expect(error.message.contains("stdin is closed"))
        }
    }

    @Test(arguments: [
        ("100", Float(100)), ("50 60", 100), ("100abc", 100), ("1e2", 12), ("99,99", ProgressTests.hundredths),
        ("99.999", 99.99899),
        ("100,5", 100), ("10.0.0", 10), ("1.0.0", 1), ("1000", 100), ("0100", 100), ("7", 7), ("5%", 5),
        ("99.9999999", 99.999985), ("0", 0),
    ])
    func numbersAsZenityReadsThem(text: String, percentage: Float) {
        // In Float, as zenity computes: "99.9999999" is 99.999985, not 100.
        #expect(line(text) == .percentage(percentage), "\(text)")
    }

    @Test(arguments: [" 100", "+100", "-5", "", "abc", "pulsate", "pulsatetrue", "Pulsate:true", "\t5"])
    func linesZenityIgnores(text: String) {
        #expect(line(text) == .ignored)
        #expect(line(text).update == nil)
    }

    @Test func textLines() {
        #expect(line("#Copying") == .text("Copying", invalidUTF8: false))
        #expect(line("#  spaced out \t ") == .text("spaced out", invalidUTF8: false))
        #expect(line(#"#tab\there\nnext \\ \101"#) == .text("tab\there\nnext \\ A", invalidUTF8: false))
        #expect(line("#") == .text("", invalidUTF8: false))
        #expect(line("#<b>not markup</b>").update == .text("<b>not markup</b>"))
        #expect(ProgressLine(Array("#caf".utf8) + [0xE9, 0xFF]) == .text("caf\u{FFFD}\u{FFFD}", invalidUTF8: true))
    }

    @Test func pulsateLines() {
        #expect(line("pulsate:true") == .pulsate(true))
        #expect(line("pulsate: FALSE") == .pulsate(false))
        #expect(line("pulsate:false ") == .pulsate(true)) // zenity compares "false " whole
        #expect(line("pulsate:") == .pulsate(true))
        #expect(line("pulsate-ish:false") == .pulsate(false))
        #expect(line("pulsate:no").update == .pulsating(true))
    }

    @Test func percentagesBecomeFractions() {
        #expect(line("50").update == .fraction(0.5))
        #expect(line("100").update == .fraction(1))
    }

    @Test func nothingPrintsButTheExitCode() throws {
        let plan = try plan(["--extra-button=Later"])
        let state = ProgressState(fraction: 0.5)
        func output(_ outcome: DialogOutcome, env: [String: String] = [:], json: Bool = false) -> ZenityOutput {
            CLIProbe.output(plan, state, outcome, env: env, json: json)
        }
        #expect(output(.button(1)) == ZenityOutput(stdout: "", exitCode: 0))
        #expect(output(.button(0)) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(output(.button(2)) == ZenityOutput(stdout: "Later\n", exitCode: 1))
        #expect(output(.escape) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(output(.timedOut) == ZenityOutput(stdout: "", exitCode: 5))
        #expect(output(.timedOut, env: ["ZENITY_TIMEOUT": "9"]) == ZenityOutput(stdout: "", exitCode: 9))
        #expect(output(.button(1), json: true).stdout
                == #"{"format":1,"kind":"progress","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":50.0}"# + "\n")
    }

    /// With `--auto-close` the window answers OK itself when the work is
    /// done: `--json` says so, and names no button no one pressed.
    @Test func anAutoCloseIsNoClickOnOK() throws {
        let plan = try plan(["--auto-close"])
        let done = ProgressState(fraction: 1, updatesEnded: true)
        let closed = CLIProbe.output(plan, done, .button(1), json: true)
        #expect(closed.stdout == #"{"format":1,"kind":"progress","ended":"auto-close","button":null,"index":null,"label":null,"exit_code":0,"value":100.0}"# + "\n")
        #expect(CLIProbe.output(plan, done, .button(1)) == ZenityOutput(stdout: "", exitCode: 0))
        let cancelled = CLIProbe.output(plan, ProgressState(fraction: 0.5), .button(0), json: true)
        #expect(cancelled.stdout.contains(#""ended":"button","button":"cancel""#))
    }

    @Test func listedInHelpWithBeckonsOption() {
        let help = ZenityHelp.text(.group("progress"), program: "beckon")
        #expect(help.contains("--auto-kill") && help.contains("--time-remaining") && help.contains("--kill-writers"))
        #expect(ZenityDialogs.all.contains { $0.name == "progress" })
    }
}

import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Synchronization
import Testing

/// `--scale` read, planned and printed as zenity 3.44 does, without a display.
@Suite struct ScaleTests {
    private func options(_ arguments: [String]) throws(CLIError) -> ScaleOptions {
        try CLIProbe.options(["--scale"] + arguments)
    }

    private func plan(_ arguments: [String], env: [String: String] = [:],
                      printPartial: @escaping @Sendable (String) -> Void = { _ in }) throws(CLIError) -> ScalePlan {
        try ScalePlan(options(arguments), environment: Environment(env), translations: .english,
                      printPartial: printPartial)
    }

    private func planError(_ arguments: [String], env: [String: String] = [:]) -> CLIError? {
        CLIProbe.error(of: arguments) { try plan(arguments, env: env) }
    }

    private func output(_ arguments: [String], _ outcome: DialogOutcome, value: Int,
                        env: [String: String] = [:]) throws -> ZenityOutput {
        let plan = try plan(arguments, env: env)
        return CLIProbe.output(plan, value, outcome, env: env, json: try options(arguments).common.json)
    }

    @Test func zenitysDefaults() throws {
        let request = try plan([]).request
        #expect(request.title == "Adjust the scale value")
        #expect(request.text == .plain("Adjust the scale value"))
        #expect(request.range == 0...100 && request.initial == 0 && request.step == 1)
        #expect(request.showsValue && request.onChange == nil)
        #expect(request.frame.buttons.map(\.label) == ["_Cancel", "_OK"])
        #expect(request.frame.defaultButtonIndex == 1)
        #expect(request.frame.width == 300 && request.frame.height == 100)
        #expect(request.frame.timeout == nil)
        #expect(request.frame.windowIcon == CommonOptions.zenityImage("zenity-scale.png"))
    }

    @Test func everyOption() throws {
        let request = try plan(["--value=-3", "--min-value=-10", "--max-value=0x10", "--step", "4", "--hide-value",
                                "--title=T", #"--text=<b>Vol</b>\n2"#, "--timeout=7", "--width=500"]).request
        #expect(request.range == -10...16 && request.initial == -3 && request.step == 4)
        #expect(!request.showsValue)
        #expect(request.title == "T")
        #expect(request.text == .markup("<b>Vol</b>\n2"))
        #expect(request.frame.timeout == .seconds(7))
        // Either size given replaces zenity's 300 by 100.
        #expect(request.frame.width == 500 && request.frame.height == nil)
    }

    @Test func brokenMarkupShowsAsPlainTextWithAWarning() throws {
        let broken = try plan(["--text=<i>oops</b>"])
        #expect(broken.request.text == .plain("<i>oops</b>"))
        #expect(broken.warning?.contains("--text is not valid Pango markup") == true)
        #expect(try plan(["--text=fine"]).warning == nil)
    }

    @Test func extraButtonsComeAfterOK() throws {
        let plan = try plan(["--extra-button=A", "--ok-label=Go", "--cancel-label=Stop"])
        #expect(plan.request.frame.buttons.map(\.label) == ["Stop", "Go", "A"])
        #expect(plan.buttons.meanings == [.cancel, .ok, .extra(label: "A")])
    }

    @Test func printPartialWritesEachNumberAsItComes() throws {
        let lines = Mutex<[String]>([])
        let request = try plan(["--print-partial"], printPartial: { line in lines.withLock { $0.append(line) } }).request
        let onChange = try #require(request.onChange)
        onChange(6)
        onChange(-7)
        #expect(lines.withLock { $0 } == ["6\n", "-7\n"])
    }

    @Test(arguments: [
        (["--min-value=10", "--max-value=10"], "Maximum value must be greater than minimum value."),
        (["--min-value=20", "--max-value=10", "--value=500"], "Maximum value must be greater than minimum value."),
        (["--max-value=-1"], "Maximum value must be greater than minimum value."),
        (["--value=101"], "Value out of range."),
        (["--value=-1"], "Value out of range."),
        (["--min-value=5"], "Value out of range."),
        (["--step=0"], "--step=0"),
        (["--step=-3"], "--step=-3"),
        (["--step=0", "--value=200"], "Value out of range."),
    ] as [([String], String)])
    func zenitysErrorsInZenitysOrder(arguments: [String], message: String) throws {
        let error = try #require(planError(arguments))
        #expect(error.exitCode == 255)
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test func errorsHonourZenityError() throws {
        #expect(planError(["--value=200"], env: ["ZENITY_ERROR": "3"])?.exitCode == 3)
        #expect(planError(["--max-value=0"], env: ["DIALOG_ERROR": "4"])?.exitCode == 4)
        #expect(planError(["--step=0"], env: ["ZENITY_ERROR": "5"])?.exitCode == 5)
    }

    @Test func optionsOfOtherDialogs() throws {
        #expect(throws: CLIError.notSupported("day", by: "scale")) { try ZenityParser.parse(["--scale", "--day=3"]) }
        #expect(throws: CLIError.notSupported("entry-text", by: "scale")) { try ZenityParser.parse(["--scale", "--entry-text=x"]) }
        // zenity 3.44 lets these through to any dialog.
        #expect(try options(["--no-markup", "--icon-name=x"]).value == 0)
        #expect(throws: CLIError.badInteger("value", "1.5")) { try ZenityParser.parse(["--scale", "--value=1.5"]) }
    }

    @Test func outputForEachEnding() throws {
        #expect(try output([], .button(1), value: 42) == ZenityOutput(stdout: "42\n", exitCode: 0))
        #expect(try output([], .button(0), value: 42) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output([], .escape, value: 42) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output([], .close, value: 42) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output([], .destroyed, value: 42) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output([], .timedOut, value: -5) == ZenityOutput(stdout: "-5\n", exitCode: 5))
        #expect(try output(["--extra-button=Später"], .button(2), value: 42) == ZenityOutput(stdout: "Später\n", exitCode: 1))
    }

    @Test func environmentOverrides() throws {
        #expect(try output([], .button(1), value: 1, env: ["ZENITY_OK": "7"]).exitCode == 7)
        #expect(try output([], .button(0), value: 1, env: ["DIALOG_CANCEL": "3"]).exitCode == 3)
        #expect(try output([], .escape, value: 1, env: ["ZENITY_ESC": "6"]).exitCode == 6)
        #expect(try output([], .close, value: 1, env: ["BECKON_CLOSE": "9"]).exitCode == 9)
        #expect(try output([], .timedOut, value: 1, env: ["ZENITY_TIMEOUT": "9"]) == ZenityOutput(stdout: "1\n", exitCode: 9))
        #expect(try output(["--extra-button=X"], .button(2), value: 1, env: ["ZENITY_EXTRA": "4"]).exitCode == 4)
    }

    @Test func jsonCarriesTheNumberWhenThereIsOne() throws {
        let ok = try output(["--json"], .button(1), value: 42)
        #expect(ok.stdout == #"{"format":1,"kind":"scale","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":42}"# + "\n")
        let timedOut = try output(["--json"], .timedOut, value: -3)
        #expect(timedOut.exitCode == 5)
        #expect(timedOut.stdout.hasSuffix(#""exit_code":5,"value":-3}"# + "\n"))
        let cancelled = try output(["--json"], .button(0), value: 42)
        #expect(cancelled.stdout.hasSuffix(#""exit_code":1,"value":null}"# + "\n"))
    }

    @Test func helpListsTheScaleOptions() {
        let help = ZenityHelp.text(.group("scale"), program: "zenity")
        for option in ["--scale", "--value=VALUE", "--min-value=VALUE", "--max-value=VALUE", "--step=VALUE",
                       "--print-partial", "--hide-value"] {
            #expect(help.contains(option), "\(option) missing from:\n\(help)")
        }
    }
}

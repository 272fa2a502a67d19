import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// Exit codes and stdout for every way a message dialog can end, with and
/// without zenity's environment overrides. No display needed: the outcome is given.
@Suite struct ZenityExitCodeTests {
    private func result(_ outcome: DialogOutcome, _ arguments: [String], env: [String: String] = [:]) throws -> ZenityOutput {
        let options: MessageOptions = try CLIProbe.options(arguments)
        let plan = MessagePlan(options, environment: Environment(env), translations: .english)
        return CLIProbe.output(plan, (), outcome, env: env, json: options.common.json)
    }

    @Test func defaults() {
        #expect(ZenityExitCode.allCases.map { $0.value(in: Environment([:])) } == [0, 1, 1, 255, 1, 5])
    }

    @Test func overridesZenityFirstThenDialogAndAtoiSemantics() {
        #expect(ZenityExitCode.ok.value(in: Environment(["ZENITY_OK": "7", "DIALOG_OK": "8"])) == 7)
        #expect(ZenityExitCode.ok.value(in: Environment(["DIALOG_OK": "8"])) == 8)
        #expect(ZenityExitCode.ok.value(in: Environment(["ZENITY_OK": "abc"])) == 0)
        #expect(ZenityExitCode.cancel.value(in: Environment(["ZENITY_CANCEL": "12xyz"])) == 12)
        #expect(ZenityExitCode.esc.value(in: Environment(["DIALOG_ESC": ""])) == 0)
    }

    @Test func questionButtons() throws {
        // Question buttons: No (index 0), Yes (index 1).
        #expect(try result(.button(1), ["--question"]).exitCode == 0)
        #expect(try result(.button(0), ["--question"]).exitCode == 1)
        #expect(try result(.button(0), ["--question"], env: ["ZENITY_CANCEL": "9"]).exitCode == 9)
        #expect(try result(.button(1), ["--question"], env: ["DIALOG_OK": "4"]).exitCode == 4)
        #expect(try result(.button(1), ["--question"]).stdout == "")
    }

    @Test func escapeAndCloseUseTheEscCode() throws {
        #expect(try result(.escape, ["--info"]).exitCode == 1)
        #expect(try result(.close, ["--info"]).exitCode == 1)
        #expect(try result(.escape, ["--info"], env: ["ZENITY_ESC": "3"]).exitCode == 3)
        #expect(try result(.close, ["--info"], env: ["ZENITY_ESC": "3"]).exitCode == 3)
        #expect(try result(.destroyed, ["--info"]).exitCode == 1)
    }

    @Test func beckonCloseTellsACloseFromEscape() throws {
        let env = ["BECKON_CLOSE": "7"]
        #expect(try result(.close, ["--question"], env: env).exitCode == 7)
        #expect(try result(.escape, ["--question"], env: env).exitCode == 1)
        #expect(try result(.button(0), ["--question"], env: env).exitCode == 1)
    }

    @Test func timeout() throws {
        #expect(try result(.timedOut, ["--info", "--timeout=1"]).exitCode == 5)
        // zenity 3.44 ignores these; beckon honours them when set.
        #expect(try result(.timedOut, ["--info", "--timeout=1"], env: ["ZENITY_TIMEOUT": "9"]).exitCode == 9)
        #expect(try result(.timedOut, ["--info", "--timeout=1"], env: ["DIALOG_TIMEOUT": "8"]).exitCode == 8)
    }

    @Test func extraButtonsPrintTheirLabelWithTheEscCode() throws {
        // Question: extras first, then No and Yes.
        let question = try result(.button(1), ["--question", "--extra-button=A", "--extra-button=_B"])
        #expect(question.stdout == "_B\n")
        #expect(question.exitCode == 1)
        #expect(try result(.button(0), ["--question", "--extra-button=A"], env: ["ZENITY_ESC": "6"]).exitCode == 6)
        #expect(try result(.button(0), ["--question", "--extra-button=A"], env: ["ZENITY_EXTRA": "4", "ZENITY_ESC": "6"]).exitCode == 4)
        // Info, warning, error: OK first, then the extras.
        let info = try result(.button(1), ["--info", "--extra-button=A"])
        #expect(info.stdout == "A\n")
        #expect(try result(.button(0), ["--info", "--extra-button=A"]).exitCode == 0)
    }

    @Test func customButtonsExitWithTheirCode() throws {
        let arguments = ["--warning", "--button=Retry:3", "--button=Abort:9"]
        #expect(try result(.button(0), arguments).exitCode == 3)
        #expect(try result(.button(1), arguments).exitCode == 9)
        #expect(try result(.button(1), arguments).stdout == "")
    }

    /// Yes and No are named so, not "ok" and "cancel"; labels lose their
    /// mnemonic underscore, as the window shows them; a message has no value.
    @Test func json() throws {
        let yes = try result(.button(1), ["--question", "--json"])
        #expect(yes.stdout == #"{"format":1,"kind":"question","ended":"button","button":"yes","index":1,"label":"Yes","exit_code":0,"value":null}"# + "\n")
        let no = try result(.button(0), ["--question", "--json"])
        #expect(no.stdout.contains(#""button":"no","index":0,"label":"No","exit_code":1"#))
        let extra = try result(.button(0), ["--question", "--json", "--extra-button=Later"])
        #expect(extra.stdout == #"{"format":1,"kind":"question","ended":"button","button":"extra","index":0,"label":"Later","exit_code":1,"value":null}"# + "\n")
        let closed = try result(.close, ["--info", "--json"], env: ["BECKON_CLOSE": "300"])
        #expect(closed.stdout == #"{"format":1,"kind":"info","ended":"close","button":null,"index":null,"label":null,"exit_code":44,"value":null}"# + "\n")
        let timedOut = try result(.timedOut, ["--info", "--json", "--timeout=2"])
        #expect(timedOut.stdout.contains(#""ended":"timeout""#))
        let custom = try result(.button(0), ["--error", "--json", "--button=Retry:3"])
        #expect(custom.stdout == #"{"format":1,"kind":"error","ended":"button","button":"custom","index":0,"label":"Retry","exit_code":3,"value":null}"# + "\n")
    }
}

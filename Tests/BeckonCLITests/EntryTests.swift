import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// `--entry` read from the command line, worked out into a request, and its
/// output for every ending. No display needed: the outcome and text are given.
@Suite struct EntryTests {
    private func plan(_ arguments: [String], env: [String: String] = [:]) throws -> EntryPlan {
        EntryPlan(try CLIProbe.options(["--entry"] + arguments), environment: Environment(env),
                  translations: .english)
    }

    private func output(_ outcome: DialogOutcome, text: String, _ arguments: [String] = [],
                        env: [String: String] = [:]) throws -> ZenityOutput {
        let plan = try plan(arguments, env: env)
        return CLIProbe.output(plan, text, outcome, env: env, json: arguments.contains("--json"))
    }

    private func error(_ arguments: [String]) -> CLIError? {
        do {
            _ = try ZenityParser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func zenitysDefaults() throws {
        let request = try plan([]).request
        #expect(request.title == "Add a new entry")
        #expect(request.prompt == "_Enter new text:")
        #expect(request.text == "" && !request.hidesText && request.suggestions.isEmpty)
        #expect(request.frame.buttons.map(\.label) == ["_Cancel", "_OK"])
        #expect(request.frame.defaultButtonIndex == 1)
        #expect(request.frame.windowIcon == CommonOptions.zenityImage("zenity-entry.png"))
    }

    @Test func textIsAMnemonicLabelAfterGLibEscapesNotMarkup() throws {
        #expect(try plan([#"--text=_Name\t<b>x</b> &"#]).request.prompt == "_Name\t<b>x</b> &")
        // --entry-text is taken as given: no escapes.
        #expect(try plan([#"--entry-text=a\tb"#]).request.text == #"a\tb"#)
    }

    @Test func entryTextAndHiddenText() throws {
        let request = try plan(["--entry-text=abc", "--hide-text"]).request
        #expect(request.text == "abc" && request.hidesText)
        #expect(request.suggestions.isEmpty)
    }

    @Test func extraArgumentsMakeACombo() throws {
        #expect(try plan(["a", "b"]).request.suggestions == ["a", "b"])
        // --entry-text goes on top and starts selected (its text is the field's).
        let withText = try plan(["--entry-text=X", "a", "b"]).request
        #expect(withText.suggestions == ["X", "a", "b"] && withText.text == "X")
        // zenity 3.44 drops a single argument; beckon offers it.
        #expect(try plan(["only"]).request.suggestions == ["only"])
        #expect(try plan(["--entry-text=X", "a"]).request.suggestions == ["X", "a"])
        #expect(try plan(["--entry-text=", "a"]).request.suggestions == ["", "a"])
    }

    @Test func doubleDashStaysAmongTheEntriesWhenAnOptionLikeWordFollows() throws {
        // GLib's own rule, which zenity's combo shows.
        #expect(try plan(["--", "a", "b"]).request.suggestions == ["a", "b"])
        #expect(try plan(["--", "--x", "y"]).request.suggestions == ["--", "--x", "y"])
        #expect(try plan(["x", "--", "-"]).request.suggestions == ["x", "--", "-"])
    }

    @Test func generalOptions() throws {
        let frame = try plan(["--title=T", "--width=400", "--height=-1", "--timeout=3", "--modal",
                              "--ok-label=Go", "--cancel-label=Stop", "--extra-button=More", "--window-icon=info"])
            .request.frame
        #expect(frame.title == "T" && frame.width == 400 && frame.height == nil && frame.isModal)
        #expect(frame.timeout == .seconds(3))
        #expect(frame.buttons.map(\.label) == ["Stop", "Go", "More"])
        #expect(frame.windowIcon == "dialog-information")
    }

    @Test func okPrintsTheTextAndTheTimeoutToo() throws {
        #expect(try output(.button(1), text: "héllo") == ZenityOutput(stdout: "héllo\n", exitCode: 0))
        #expect(try output(.button(1), text: "") == ZenityOutput(stdout: "\n", exitCode: 0))
        #expect(try output(.timedOut, text: "abc") == ZenityOutput(stdout: "abc\n", exitCode: 5))
        #expect(try output(.timedOut, text: "abc", env: ["ZENITY_TIMEOUT": "7"]) == ZenityOutput(stdout: "abc\n", exitCode: 7))
        #expect(try output(.button(1), text: "x", env: ["ZENITY_OK": "3"]) == ZenityOutput(stdout: "x\n", exitCode: 3))
    }

    @Test func declinesPrintNothing() throws {
        #expect(try output(.button(0), text: "typed") == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output(.button(0), text: "typed", env: ["ZENITY_CANCEL": "4"]).exitCode == 4)
        #expect(try output(.escape, text: "typed") == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output(.close, text: "typed", env: ["DIALOG_ESC": "6"]) == ZenityOutput(stdout: "", exitCode: 6))
        #expect(try output(.close, text: "typed", env: ["BECKON_CLOSE": "8"]).exitCode == 8)
        #expect(try output(.destroyed, text: "typed").exitCode == 1)
    }

    @Test func extraButtonsPrintTheirLabel() throws {
        #expect(try output(.button(2), text: "typed", ["--extra-button=_More"]) == ZenityOutput(stdout: "_More\n", exitCode: 1))
        #expect(try output(.button(2), text: "t", ["--extra-button=M"], env: ["ZENITY_ESC": "9"]).exitCode == 9)
    }

    @Test func jsonHasTheTextOnOKAndTimeoutOnly() throws {
        let ok = try output(.button(1), text: "a \"b\"", ["--json"])
        #expect(ok.stdout == #"{"format":1,"kind":"entry","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":"a \"b\""}"# + "\n")
        let timedOut = try output(.timedOut, text: "abc", ["--json"])
        #expect(timedOut.stdout.contains(#""ended":"timeout""#) && timedOut.stdout.contains(#""value":"abc""#))
        #expect(timedOut.exitCode == 5)
        for outcome in [DialogOutcome.button(0), .escape, .close] {
            #expect(try output(outcome, text: "typed", ["--json"]).stdout.contains(#""value":null"#))
        }
    }

    @Test func zenitysErrors() {
        #expect(error(["--entry", "--username"]) == .notSupported("username", by: "entry"))
        #expect(error(["--entry", "--separator=,"]) == .notSupported("separator", by: "entry"))
        // zenity compares --separator with its default: the last one given counts.
        #expect(error(["--entry", "--separator=|"]) == nil)
        #expect(error(["--info", "--separator=,", "--separator=|"]) == nil)
        #expect(error(["--info", "--separator=|", "--separator=,"]) == .notSupported("separator", by: "info"))
        #expect(error(["--entry", "--entry-text"]) == .missingValue("entry-text"))
        #expect(error(["--password", "--entry-text=x"]) == .notSupported("entry-text", by: "password"))
        #expect(error(["--entry", "--password"]) == .twoDialogs("entry", "password"))
    }

    @Test func helpListsTheEntryOptions() {
        let help = ZenityHelp.text(.group("entry"), program: "zenity")
        #expect(help.contains("--entry-text=TEXT"))
        #expect(help.contains("--hide-text"))
    }
}

import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// `--list` read, planned and printed as zenity 3.44 does, without a display.
@Suite struct ListTests {
    private func options(_ arguments: [String]) throws(CLIError) -> ListOptions {
        try CLIProbe.options(["--list"] + arguments)
    }

    private func plan(_ arguments: [String], env: [String: String] = [:]) throws(CLIError) -> ListPlan {
        try ListPlan(options(arguments), environment: Environment(env), translations: .english)
    }

    private func planError(_ arguments: [String], env: [String: String] = [:]) -> CLIError? {
        CLIProbe.error(of: arguments) { try plan(arguments, env: env) }
    }

    /// What the plan prints when the rows at `indices` are chosen and the dialog ends as `outcome`.
    private func output(_ arguments: [String], chosen indices: [Int], _ outcome: DialogOutcome = .button(1),
                        env: [String: String] = [:]) throws -> ZenityOutput {
        let plan = try plan(arguments, env: env)
        let selection = try #require(plan.request.value(scripted: ListSelection(indices: indices)), "rows \(indices) do not fit")
        return CLIProbe.output(plan, selection, outcome, env: env, json: try options(arguments).common.json)
    }

    private func printed(_ arguments: [String], chosen indices: [Int]) throws -> String {
        try output(arguments, chosen: indices).stdout
    }

    @Test func zenitysDefaults() throws {
        let plan = try plan(["--column=A", "a", "b"])
        let request = plan.request
        #expect(request.title == "Select items from the list")
        #expect(request.text == .plain("Select items from the list below."))
        #expect(request.columns == ["A"] && request.rows == [["a"], ["b"]] && request.style == .single)
        #expect(request.frame.buttons.map(\.label) == ["_Cancel", "_OK"])
        #expect(request.frame.width == 300 && request.frame.height == 196)
        #expect(request.showsHeaders && !request.searchesWithin && !request.isEditable && !request.showsImages)
        #expect(request.input == nil)
        #expect(plan.separator == "|" && plan.printed == [1])
        #expect(request.frame.windowIcon == CommonOptions.zenityImage("zenity-list.png"))
    }

    @Test func everyOption() throws {
        let plan = try plan(["--column=A", "--column=B", "--column", "C", "--multiple", "--editable", "--hide-header",
                             "--mid-search", "--hide-column=2", "--print-column=3,1", #"--separator=\t"#,
                             #"--text=<b>Pick</b>\n"#, "--width=500", "a", "b", "c"])
        let request = plan.request
        #expect(request.columns == ["A", "B", "C"] && request.style == .multiple)
        #expect(request.isEditable && !request.showsHeaders && request.searchesWithin)
        #expect(request.hiddenColumns == [1])
        #expect(request.text == .markup("<b>Pick</b>\n"))
        #expect(plan.separator == "\t" && plan.printed == [3, 1])
        #expect(request.frame.width == 500 && request.frame.height == nil)
    }

    @Test func rowsFromArgumentsFillColumnsInTurn() throws {
        let request = try plan(["--column=A", "--column=B", "a", "1", "b", "2", "c"]).request
        #expect(request.rows == [["a", "1"], ["b", "2"], ["c"]])
        #expect(request.value(scripted: ListSelection(indices: [2]))?.rows == [["c", nil]])
    }

    @Test func checkAndRadioRowsTickOnTrueInAnyCase() throws {
        let check = try plan(["--checklist", "--column=", "--column=A", "TRUE", "a", "false", "b", "tRuE", "c",
                              "yes", "d"]).request
        #expect(check.style == .checklist && check.rows == [["a"], ["b"], ["c"], ["d"]])
        #expect(check.checked == [0, 2])
        #expect(check.value(scripted: nil)?.indices == [0, 2])
        let radio = try plan(["--radiolist", "--column=", "--column=A", "FALSE", "a", "TRUE", "b"]).request
        #expect(radio.style == .radiolist && radio.checked == [1])
    }

    @Test func rowsComeFromStdinWithoutArguments() throws {
        let request = try plan(["--column=A"]).request
        #expect(request.rows.isEmpty)
        #expect(request.input?.fileDescriptor == 0)
        #expect(request.input?.name == "standard input")
    }

    @Test(arguments: [
        ([String](), "No column titles specified for List dialog."),
        (["a", "b"], "No column titles specified for List dialog."),
        (["--checklist", "--radiolist"], "No column titles specified for List dialog."),
        (["--column=A", "--checklist", "--radiolist"], "You should use only one List dialog type."),
        (["--column=A", "--checklist", "--imagelist"], "You should use only one List dialog type."),
        (["--column=A", "--radiolist", "--imagelist", "a"], "You should use only one List dialog type."),
    ] as [([String], String)])
    func zenitysErrorsInZenitysOrder(arguments: [String], message: String) throws {
        let error = try #require(planError(arguments))
        #expect(error.exitCode == 255)
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test func errorsHonourZenityError() {
        #expect(planError([], env: ["ZENITY_ERROR": "3"])?.exitCode == 3)
        #expect(planError(["--column=A", "--checklist", "--radiolist"], env: ["DIALOG_ERROR": "4"])?.exitCode == 4)
    }

    @Test func aStdinThatCannotGiveRowsIsAnError() throws {
        var closed = try options(["--column=A"])
        closed.standardInput = .closed
        let error = try #require(throws: CLIError.self) {
            try ListPlan(closed, environment: Environment([:]), translations: .english)
        }
        #expect(error.exitCode == 255 && error.message.contains("standard input is closed"), "\(error)")
        var directory = closed
        directory.standardInput = .directory
        #expect(throws: CLIError.self) { try ListPlan(directory, environment: Environment([:]), translations: .english) }
        // With the rows as arguments stdin is never read, so it does not matter.
        var withRows = try options(["--column=A", "a"])
        withRows.standardInput = .closed
        #expect(try ListPlan(withRows, environment: Environment([:]), translations: .english).request.rows == [["a"]])
    }

    @Test func printsTheFirstColumnOfEachChosenRow() throws {
        let args = ["--column=A", "--column=B", "a", "1", "b", "2", "c", "3"]
        #expect(try printed(args, chosen: [1]) == "b\n")
        #expect(try printed(["--multiple"] + args, chosen: [0, 2]) == "a|c\n")
        #expect(try printed(args, chosen: []) == "")
    }

    @Test func printColumnRules() throws {
        let args = ["--column=A", "--column=B", "--column=C", "a", "1", "x", "b", "2", "y"]
        #expect(try printed(["--print-column=2"] + args, chosen: [1]) == "2\n")
        #expect(try printed(["--print-column=3,1"] + args, chosen: [1]) == "y|b\n")
        #expect(try printed(["--print-column=ALL"] + args, chosen: [0]) == "a|1|x\n")
        #expect(try printed(["--print-column=all"] + args, chosen: [0]) == "a|1|x\n")
        // Out-of-range numbers are dropped; atoi reads the rest.
        #expect(try printed(["--print-column=9,2,0,-1"] + args, chosen: [0]) == "1\n")
        #expect(try printed(["--print-column=2x, 3"] + args, chosen: [0]) == "1|x\n")
        #expect(try printed(["--print-column=1,1"] + args, chosen: [0]) == "a|a\n")
        // Nothing left to print: nothing at all, not even the newline.
        #expect(try printed(["--print-column=0"] + args, chosen: [0]) == "")
        #expect(try printed(["--print-column=abc"] + args, chosen: [0]) == "")
    }

    @Test func checkAndRadioListsPrintPastTheToggles() throws {
        let args = ["--checklist", "--column=", "--column=A", "--column=B", "TRUE", "a", "1", "FALSE", "b", "2"]
        #expect(try printed(args, chosen: [0, 1]) == "a|b\n")
        #expect(try printed(["--print-column=ALL"] + args, chosen: [0, 1]) == "a|1|b|2\n")
        #expect(try printed(["--print-column=3"] + args, chosen: [1]) == "2\n")
        // zenity prints "(null)" for the toggle column; beckon prints it empty.
        #expect(try printed(["--print-column=1,2"] + args, chosen: [0]) == "|a\n")
    }

    @Test func emptyCellsPrintEmptyNotNull() throws {
        #expect(try printed(["--column=A", "--column=B", "--print-column=ALL", "a", "1", "b"], chosen: [1]) == "b|\n")
    }

    @Test func theSeparatorHasItsEscapesProcessed() throws {
        let args = ["--multiple", "--column=A", "a", "b"]
        #expect(try printed([#"--separator=\n"#] + args, chosen: [0, 1]) == "a\nb\n")
        #expect(try printed([#"--separator=\\"#] + args, chosen: [0, 1]) == "a\\b\n")
        #expect(try printed([#"--separator=\101"#] + args, chosen: [0, 1]) == "aAb\n")
        #expect(try printed(["--separator=, "] + args, chosen: [0, 1]) == "a, b\n")
        #expect(try printed(["--separator="] + args, chosen: [0, 1]) == "ab\n")
    }

    @Test func outputForEachEnding() throws {
        let args = ["--column=A", "a", "b"]
        #expect(try output(args, chosen: [1]) == ZenityOutput(stdout: "b\n", exitCode: 0))
        #expect(try output(args, chosen: [1], .button(0)) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output(args, chosen: [1], .escape) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output(args, chosen: [1], .close) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output(args, chosen: [1], .timedOut) == ZenityOutput(stdout: "b\n", exitCode: 5))
        #expect(try output(args, chosen: [], .timedOut) == ZenityOutput(stdout: "", exitCode: 5))
        #expect(try output(["--extra-button=X"] + args, chosen: [1], .button(2)) == ZenityOutput(stdout: "X\n", exitCode: 1))
        #expect(try output(args, chosen: [1], env: ["ZENITY_OK": "7"]).exitCode == 7)
        #expect(try output(args, chosen: [1], .timedOut, env: ["ZENITY_TIMEOUT": "9"]).exitCode == 9)
    }

    /// `--json` gives the printed values as an array, never joined: a
    /// separator inside a cell cannot split one.
    @Test func jsonCarriesTheValuesAndTheRowIndices() throws {
        let args = ["--json", "--multiple", "--column=A", "--column=B", "a", "1", "b", "2", "c", "3"]
        let ok = try output(args, chosen: [0, 2])
        #expect(ok.stdout == #"{"format":1,"kind":"list","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":["a","c"],"indices":[0,2]}"# + "\n")
        let none = try output(args, chosen: [])
        #expect(none.stdout.hasSuffix(#""value":[],"indices":[]}"# + "\n"))
        let checklist = ["--json", "--checklist", "--column=", "--column=A",
                         "FALSE", "x|y", "TRUE", "z"]
        let checked = try output(checklist, chosen: [0, 1])
        #expect(checked.stdout.hasSuffix(#""value":["x|y","z"],"indices":[0,1]}"# + "\n"))
        let cancelled = try output(args, chosen: [1], .button(0))
        #expect(cancelled.stdout.hasSuffix(#""exit_code":1,"value":null,"indices":null}"# + "\n"))
        let timedOut = try output(args, chosen: [1], .timedOut)
        #expect(timedOut.stdout.hasSuffix(#""exit_code":5,"value":["b"],"indices":[1]}"# + "\n"))
    }

    @Test func optionsOfOtherDialogs() throws {
        #expect(throws: CLIError.notSupported("day", by: "list")) { try ZenityParser.parse(["--list", "--day=3"]) }
        #expect(throws: CLIError.notSupported("column", by: "entry")) { try ZenityParser.parse(["--entry", "--column=A"]) }
        #expect(throws: CLIError.notSupported("separator", by: "entry")) { try ZenityParser.parse(["--entry", "--separator=,"]) }
        #expect(try options(["--column=A", "--separator=;"]).separator == ";")
    }

    @Test func helpListsTheListOptions() {
        let help = ZenityHelp.text(.group("list"), program: "zenity")
        for option in ["--list", "--column=COLUMN", "--checklist", "--radiolist", "--imagelist",
                       "--separator=SEPARATOR", "--multiple", "--editable", "--print-column=NUMBER",
                       "--hide-column=NUMBER", "--hide-header", "--mid-search"] {
            #expect(help.contains(option), "\(option) missing from:\n\(help)")
        }
    }
}

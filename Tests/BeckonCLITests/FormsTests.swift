import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// `--forms` read, planned and printed as zenity 3.44 does, without a display;
/// and beckon's field options beyond it.
@Suite struct FormsTests {
    private func options(_ arguments: [String]) throws(CLIError) -> FormsOptions {
        try CLIProbe.options(["--forms"] + arguments)
    }

    private func plan(_ arguments: [String], env: [String: String] = [:]) throws(CLIError) -> FormsPlan {
        try FormsPlan(options(arguments), environment: Environment(env), translations: .english,
                      localeFormat: { "%m/%d/%y" })
    }

    private func error(_ arguments: [String]) -> CLIError? {
        CLIProbe.error(of: arguments) { try plan(arguments) }
    }

    /// What OK prints for `values`.
    private func printed(_ arguments: [String], _ values: [FormFieldValue]) throws -> String {
        let plan = try plan(arguments)
        return CLIProbe.output(plan, values, .button(1)).stdout
    }

    @Test func zenitysDefaults() throws {
        let plan = try plan(["--add-entry=Name"])
        #expect(plan.request.title == nil)
        #expect(plan.request.text == .plain("Forms dialog"))
        #expect(plan.request.frame.buttons.map(\.label) == ["Cancel", "OK"])
        #expect(plan.request.frame.defaultButtonIndex == 1)
        #expect(plan.separator == "|")
        #expect(plan.dateFormat == "%m/%d/%y")
        #expect(plan.request.fields == [FormField("Name", .entry)])
    }

    @Test func fieldsInCommandLineOrder() throws {
        let plan = try plan(["--add-password=P", "--add-combo=C", "--add-entry=E", "--add-calendar=D",
                             "--add-list=L", "--combo-values=x|y"])
        #expect(plan.request.fields.map(\.label) == ["P", "C", "E", "D", "L"])
        #expect(plan.request.fields.map(\.kind) == [
            .password, .combo(["x", "y"]), .entry, .calendar, .list(columns: ["column"], rows: [], showsHeader: false),
        ])
    }

    @Test func entriesJoinedByTheSeparatorTakenLiterally() throws {
        #expect(try printed(["--add-entry=A", "--add-password=B"], [.text("a"), .text("b")]) == "a|b\n")
        #expect(try printed(["--add-entry=A", "--add-entry=B", #"--separator=\n"#], [.text("a"), .text("b")])
                == #"a\nb"# + "\n")
        #expect(try printed(["--add-entry=A", "--add-entry=B", "--separator="], [.text("a"), .text("b")]) == "ab\n")
        #expect(try printed([], []) == "\n")
    }

    @Test func calendarsPrintThroughTheDateFormat() throws {
        let day = CalendarDate(year: 2024, month: 3, day: 5)
        #expect(try printed(["--add-calendar=D"], [.date(day)]) == "03/05/24\n")
        #expect(try printed(["--add-calendar=D", "--forms-date-format=%F"], [.date(day)]) == "2024-03-05\n")
    }

    @Test func aComboPrintsASpaceWhenNothingIsChosen() throws {
        let arguments = ["--add-combo=C", "--combo-values=x|y", "--add-combo=D"]
        #expect(try printed(arguments, [.choice(1), .choice(nil)]) == "y| \n")
        #expect(try plan(arguments).request.fields[1].kind == .combo([]))
    }

    @Test func aListsCellsAreEachFollowedByACommaUnlessItIsTheLastField() throws {
        let twoColumns = ["--add-list=L", "--list-values=a|b|c", "--column-values=x|y"]
        #expect(try plan(twoColumns).request.fields[0].kind
                == .list(columns: ["x", "y"], rows: [["a", "b"], ["c"]], showsHeader: false))
        #expect(try printed(twoColumns, [.row(0)]) == "ab\n")
        #expect(try printed(twoColumns + ["--add-entry=E"], [.row(0), .text("e")]) == "a,b,|e\n")
        #expect(try printed(twoColumns, [.row(1)]) == "c(null)\n")
        #expect(try printed(twoColumns + ["--add-entry=E"], [.row(nil), .text("e")]) == "|e\n")
    }

    @Test func theSecondListsColumnsComeFromTheSecondListValues() throws {
        let plan = try plan(["--add-list=L", "--list-values=a|b", "--column-values=c1", "--add-list=M",
                             "--list-values=p|q|r", "--column-values=d1|d2", "--add-list=N", "--show-header"])
        #expect(plan.request.fields.map(\.kind) == [
            .list(columns: ["c1"], rows: [["a"], ["b"]], showsHeader: true),
            .list(columns: ["p", "q", "r"], rows: [["p", "q", "r"]], showsHeader: true),
            .list(columns: ["c1"], rows: [], showsHeader: true),
        ])
    }

    @Test func columnValuesWithoutListValuesIsAnError() {
        let refused = error(["--add-list=L", "--column-values=a|b"])
        #expect(refused?.exitCode == 255)
        #expect(refused?.message.contains("--list-values") == true)
    }

    /// `--json` gives one `{label, type, value}` per field, in order: two
    /// fields with one label both stay; a calendar's day is ISO 8601.
    @Test func jsonKeepsEveryField() throws {
        let arguments = ["--add-entry=Name", "--add-calendar=Day", "--forms-date-format=%F", "--add-list=Pick",
                         "--list-values=a|b|c", "--column-values=x|y", "--add-combo=Plan", "--combo-values=free",
                         "--json"]
        let plan = try plan(arguments)
        let values: [FormFieldValue] = [.text("Ada"), .date(CalendarDate(year: 2024, month: 3, day: 5)), .row(1),
                                        .choice(nil)]
        let ok = CLIProbe.output(plan, values, .button(1), json: true)
        #expect(ok.stdout == #"{"format":1,"kind":"forms","ended":"button","button":"ok","index":1,"label":"OK","#
                + #""exit_code":0,"value":[{"label":"Name","type":"entry","value":"Ada"},"#
                + #"{"label":"Day","type":"calendar","value":"2024-03-05"},"#
                + #"{"label":"Pick","type":"list","value":["c",null]},{"label":"Plan","type":"combo","value":null}]}"#
                + "\n")
        let cancel = CLIProbe.output(plan, values, .button(0), json: true)
        #expect(cancel.exitCode == 1 && cancel.stdout.hasSuffix(#""exit_code":1,"value":null}"# + "\n"))
        let twice = try self.plan(["--add-entry=Name", "--add-entry=Name", "--add-calendar=Day", "--json"])
        let both = CLIProbe.output(twice, [.text("Ada"), .text("Bob"), .date(CalendarDate(year: 2026, month: 12, day: 24))],
                                   .button(1), json: true)
        #expect(both.stdout.contains(#""value":[{"label":"Name","type":"entry","value":"Ada"},"#
                                     + #"{"label":"Name","type":"entry","value":"Bob"},"#
                                     + #"{"label":"Day","type":"calendar","value":"2026-12-24"}]"#))
    }

    @Test func timeoutPrintsTheFieldsAndExits5() throws {
        let plan = try plan(["--add-entry=A", "--add-entry=B"])
        let output = CLIProbe.output(plan, [.text("a"), .text("")], .timedOut)
        #expect(output == ZenityOutput(stdout: "a|\n", exitCode: 5))
    }

    @Test func fieldOptionsApplyToTheFieldAddedLast() throws {
        let plan = try plan(["--add-entry=Name", "--field-value=Ada", "--required", "--field-pattern=[A-Z].*",
                             "--add-entry=Age", "--field-range=0..150", "--add-calendar=Born",
                             "--field-value=1990-02-03", "--add-list=Pick", "--list-values=a|b|c|d",
                             "--column-values=x|y", "--field-value=c", "--required", "--add-combo=Plan",
                             "--combo-values=free|pro", "--field-value=pro"])
        let fields = plan.request.fields
        #expect(fields[0].initial == .text("Ada"))
        #expect(fields[0].rule == FormFieldRule(isRequired: true, pattern: "[A-Z].*"))
        #expect(fields[1].initial == nil && fields[1].rule == FormFieldRule(range: 0...150))
        #expect(fields[2].initial == .date(CalendarDate(year: 1990, month: 2, day: 3)))
        #expect(fields[3].initial == .row(1) && fields[3].rule.isRequired)
        #expect(fields[4].initial == .choice(1))
        #expect(plan.request.value(scripted: nil) == [.text("Ada"), .text(""),
                                                      .date(CalendarDate(year: 1990, month: 2, day: 3)), .row(1),
                                                      .choice(1)])
    }

    @Test func fieldOptionsThatDoNotFitAreErrors() {
        #expect(error(["--required", "--add-entry=A"])?.message.contains("none is added before it") == true)
        #expect(error(["--add-calendar=D", "--field-value=2024-02-30"])?.message.contains("YYYY-MM-DD") == true)
        #expect(error(["--add-combo=C", "--combo-values=x", "--field-value=y"])?.message.contains("no value") == true)
        #expect(error(["--add-list=L", "--list-values=a", "--field-value=b"])?.message.contains("no row") == true)
        #expect(error(["--add-entry=A", "--field-pattern=(["])?.exitCode == 255)
        #expect(error(["--add-entry=A", "--field-range=9..1"])?.message.contains("MIN..MAX") == true)
        #expect(error(["--add-entry=A", "--field-range=x"])?.message.contains("MIN..MAX") == true)
        #expect(error(["--add-calendar=D", "--field-range=1..2"])?.message.contains("only an entry") == true)
        #expect(error(["--add-list=L", "--field-pattern=x"])?.message.contains("only an entry") == true)
    }

    @Test func rulesSayWhatIsWrong() throws {
        let plan = try plan(["--add-entry=Name", "--required", "--add-entry=Age", "--field-range=0..150",
                             "--add-entry=Code", "--field-pattern=[0-9]{3}", "--add-combo=Plan",
                             "--combo-values=a|b", "--required", "--add-list=L", "--list-values=x", "--required"])
        let request = plan.request
        #expect(request.problem([.text(""), .text("200"), .text("12a"), .choice(nil), .row(nil)]) == """
            Name: must be filled in
            Age: must be from 0 to 150
            Code: is not in the expected form
            Plan: must be filled in
            L: a row must be chosen
            """)
        #expect(request.problem([.text("Ada"), .text("x"), .text("123"), .choice(0), .row(0)])
                == "Age: must be a number")
        #expect(request.problem([.text("Ada"), .text(""), .text(""), .choice(1), .row(0)]) == nil)
        #expect(request.problem([.text("Ada"), .text(" 42.5 "), .text("007"), .choice(1), .row(0)]) == nil)
        // A scripted form that breaks a rule cannot be accepted: OK is disabled.
        #expect(request.value(scripted: [.text(""), .text(""), .text(""), .choice(1), .row(0)]) == nil)
    }

    /// zenity never checks the `--add-*` options; the others are this dialog's.
    @Test func otherDialogsRefuseFormsOptions() throws {
        _ = try ZenityParser.parse(["--entry", "--add-entry=A"])
        #expect(throws: CLIError.notSupported("list-values", by: "entry")) { try ZenityParser.parse(["--entry", "--list-values=x"]) }
        #expect(throws: CLIError.notSupported("required", by: "entry")) { try ZenityParser.parse(["--entry", "--required"]) }
    }
}

import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import BeckonTestSupport
import Testing

/// Every kind's `--json` object, made through the shared output step as the
/// command makes it, for each way the kind can end, validated against
/// Resources/beckon-json.schema.json (docs/json.md). The end-to-end suite
/// JSONSchemaEndToEndTests checks real runs on a display the same way.
@Suite struct JSONSchemaTests {
    /// Each way a dialog with Cancel, OK and one extra button (in that
    /// order) can end.
    static let endings: [DialogOutcome] = [.button(0), .button(1), .button(2), .escape, .close, .destroyed, .timedOut]

    /// `plan`'s object for each of `endings` holding `value`, with `--json` set.
    private func objects<Plan: ZenityPlan>(_ plan: Plan, _ value: Plan.Request.Value,
                                           _ endings: [DialogOutcome] = endings,
                                           dialect: ZenityDialect = .zenity3_44) -> [String] {
        endings.map { CLIProbe.output(plan, value, $0, json: true, dialect: dialect).stdout }
    }

    private func options<Options: ZenityDialog>(_ arguments: [String]) throws -> Options {
        try CLIProbe.options(arguments + ["--json", "--extra-button=_More"])
    }

    /// The zenity kinds, each ended every way.
    private func dialogObjects() throws -> [String] {
        let none = Environment([:])
        var lines: [String] = []
        lines += objects(EntryPlan(try options(["--entry"]), environment: none, translations: .english), "Ada")
        for arguments in [["--password"], ["--password", "--username"]] {
            let plan = PasswordPlan(try options(arguments), environment: none, translations: .english)
            let credentials = Credentials(username: arguments.count > 1 ? "ada" : nil, password: "secret")
            // The password dialog adds its extra button first: More, Cancel, OK.
            lines += objects(plan, credentials, [.button(0), .button(1), .button(2), .escape, .timedOut])
            lines += objects(plan, credentials, [.timedOut], dialect: .zenity4_2)
        }
        lines += objects(try CalendarPlan(try options(["--calendar"]), environment: none, translations: .english),
                         CalendarDate(year: 2026, month: 12, day: 24))
        lines += objects(try ScalePlan(try options(["--scale"]), environment: none, translations: .english), 42)
        for arguments in [["--progress"], ["--progress", "--auto-close"]] {
            let plan = try ProgressPlan(try options(arguments), environment: none, translations: .english,
                                        standardInputIsClosed: false, feed: { _ in })
            lines += objects(plan, ProgressState(fraction: 1, updatesEnded: true))
        }
        for arguments in [["--list", "--multiple", "--column=A", "--column=B", "--print-column=ALL"],
                          ["--list", "--checklist", "--column=", "--column=A"]] {
            let plan = try ListPlan(try options(arguments + ["TRUE", "a|b", "FALSE", "c"]), environment: none,
                                    translations: .english)
            for chosen in [[0, 1], [1], []] {
                let selection = try #require(plan.request.value(scripted: ListSelection(indices: chosen)))
                lines += objects(plan, selection)
            }
        }
        let files = FileSelectionPlan(try options(["--file-selection", "--multiple"]), translations: .english)
        lines += objects(files, ["/tmp/a b", "/tmp/c|d"].map(ChosenFile.init(path:)), [.button(0), .button(1), .timedOut])
        let forms = try FormsPlan(try options(["--forms", "--add-entry=Name", "--add-entry=Name", "--add-password=PIN",
                                               "--add-calendar=Day", "--add-list=Pick", "--list-values=a|b|c",
                                               "--column-values=x|y", "--add-combo=Plan", "--combo-values=free|pro"]),
                                  environment: none, translations: .english, localeFormat: { "%m/%d/%y" })
        lines += objects(forms, [.text("Ada"), .text("Bob"), .text("1234"), .date(CalendarDate(year: 2026, month: 12, day: 24)),
                                 .row(1), .choice(1)])
        lines += objects(forms, [.text(""), .text(""), .text(""), .date(CalendarDate(year: 1, month: 1, day: 1)),
                                 .row(nil), .choice(nil)], [.button(1)])
        lines += objects(ColorPlan(try options(["--color-selection"]), environment: none, translations: .english),
                         RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        for arguments in [["--text-info", "--editable"], ["--text-info"]] {
            let plan = try TextInfoPlan(try options(arguments), environment: none, translations: .english,
                                        isWebKitAvailable: { true })
            lines += objects(plan, TextInfoContent(text: arguments.count > 1 ? "edited\n" : nil, isChecked: false))
        }
        for arguments in [["--question"], ["--info"], ["--warning"], ["--error"], ["--warning", "--button=Retry:3"]] {
            let plan = MessagePlan(try options(arguments), environment: none, translations: .english)
            lines += objects(plan, (), [.button(0), .button(1), .escape, .close, .timedOut])
        }
        let notification: NotificationOptions = try CLIProbe.options(["--notification", "--json"])
        lines += [notification.output(.sent, exitCode: 0, id: 7).stdout,
                  notification.output(.clicked, exitCode: 0, id: 7).stdout,
                  notification.output(.timeout, exitCode: 5, id: 7).stdout,
                  notification.output(.endOfInput, exitCode: 0, sent: 2).stdout]
        lines += [JSONAnswer.error(CLIError(message: "no display"), kind: "entry").line,
                  JSONAnswer.error(CLIError(message: "lost the display", exitCode: 5), kind: "notification").line,
                  JSONAnswer.error(CLIError(message: "no kind yet"), kind: nil).line]
        return lines
    }

    /// `beckon terms --json`: every outcome, and a failure.
    private func termsObjects() -> [String] {
        let record = ConsentRecord(id: "org.example.aup", version: "1", sha256: String(repeating: "a", count: 64),
                                   acceptedAt: "2026-12-24T10:00:00Z", user: "ada")
        let outcomes: [TermsOutcome] = [.accepted(record), .accepted(nil), .alreadyAccepted(record), .declined,
                                        .dismissed, .timedOut]
        return outcomes.map(\.jsonLine)
            + [JSONAnswer.error(CLIError(message: "no such file"), kind: TermsOutcome.jsonKind, shape: .terms).line]
    }

    @Test func everyKindsObjectFitsTheSchema() throws {
        let lines = try dialogObjects() + termsObjects()
        #expect(lines.count > 150)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"format":1,"kind":"#) && $0.hasSuffix("}\n") })
        let problems = try JSONSchemaCheck.problems(lines)
        #expect(problems == nil, "\(problems ?? "")")
    }

    /// Plain stdout is zenity's, untouched by the contract.
    @Test func plainOutputIsZenitys() throws {
        let none = Environment([:])
        let list = try ListPlan(try CLIProbe.options(["--list", "--multiple", "--column=A", "a", "b", "c"]),
                                environment: none, translations: .english)
        let rows = try #require(list.request.value(scripted: ListSelection(indices: [0, 2])))
        #expect(CLIProbe.output(list, rows, .button(1)).stdout == "a|c\n")
        let calendar = try CalendarPlan(try CLIProbe.options(["--calendar"]), environment: none,
                                        translations: .english, localeFormat: { "%m/%d/%y" })
        #expect(CLIProbe.output(calendar, CalendarDate(year: 2026, month: 12, day: 24), .button(1)).stdout == "12/24/26\n")
        let question = MessagePlan(try CLIProbe.options(["--question"]), environment: none, translations: .english)
        #expect(CLIProbe.output(question, (), .button(1)) == ZenityOutput(stdout: "", exitCode: 0))
    }

    /// The schema is no rubber stamp: each inconsistency issue 37 found, in
    /// the shape it had, is refused.
    @Test func theOldShapesAreRefused() throws {
        let old = [
            // Yes reported as ok.
            #"{"format":1,"kind":"question","ended":"button","button":"ok","index":1,"label":"Yes","exit_code":0,"value":null}"#,
            // A checklist's selection as one string.
            #"{"format":1,"kind":"list","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":"a|c","indices":[0,2]}"#,
            // The locale's date.
            #"{"format":1,"kind":"calendar","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":"12/24/26"}"#,
            // An auto-closed progress reported as a click on OK.
            #"{"format":1,"kind":"progress","ended":"auto-close","button":"ok","index":1,"label":"OK","exit_code":0,"value":100}"#,
            // Terms with outcome only.
            #"{"outcome":"accepted"}"#,
            // Forms keyed by label.
            #"{"format":1,"kind":"forms","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":{"Name":"Bob"}}"#,
            // The envelope before format 1.
            #"{"ended":"button","button":"ok","index":1,"label":"_OK","exit_code":0,"value":"Ada"}"#,
            // A value after Cancel.
            #"{"format":1,"kind":"entry","ended":"button","button":"cancel","index":0,"label":"Cancel","exit_code":1,"value":"Ada"}"#,
        ]
        let problems = try JSONSchemaCheck.problems(old, expectInvalid: true)
        #expect(problems == nil, "\(problems ?? "")")
    }

    @Test func labelsLoseTheirMnemonic() {
        #expect(JSONAnswer.withoutMnemonic("_Yes") == "Yes")
        #expect(JSONAnswer.withoutMnemonic("Save _As") == "Save As")
        #expect(JSONAnswer.withoutMnemonic("snake__case") == "snake_case")
        #expect(JSONAnswer.withoutMnemonic("OK") == "OK")
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// Every kind run for real with `--json` on the tests' display, answered with
/// real keys (or left to its `--timeout`), and each object it prints
/// validated against Resources/beckon-json.schema.json (docs/json.md). The
/// CLI suite JSONSchemaTests covers every ending of every kind without a
/// display; this one proves the built program prints what the schema says.
/// (`--notification` needs a notification server: NotificationDifferentialTests
/// checks its objects against the schema too.)
@Suite(.serialized, .guiHangLimit) struct JSONSchemaEndToEndTests {
    /// A run of `arguments` and the one line it printed, which must be JSON.
    /// `keepStdinOpen`: a writer still at work, so a progress bar waits.
    private func line(_ arguments: [String], _ answer: DialogRun.Answer, stdin: Data? = nil,
                      keepStdinOpen: Bool = false, exit: Int32,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try X11.require()
        // The file chooser's tests' home, bookmarks and settings, for the file chooser.
        let environment = arguments.contains("--file-selection")
            ? ZenityCase.baseEnvironment.merging(FileSelectionCases.environment) { $1 } : ZenityCase.baseEnvironment
        let result = try DialogRun.run(Products.beckon, arguments, answer: answer, environment: environment,
                                       stdin: stdin, keepStdinOpen: keepStdinOpen, deadline: 15)
        #expect(!result.timedOut && result.exitCode == exit, "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.hasSuffix("}\n") && result.stdout.split(separator: "\n").count == 1,
                "\(arguments): one object, one line: \(result)", sourceLocation: sourceLocation)
        return result.stdout
    }

    private func check(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let problems = try JSONSchemaCheck.problems(lines)
        #expect(problems == nil, "\(problems ?? "")", sourceLocation: sourceLocation)
    }

    @Test func textKindsFitTheSchema() throws {
        let entry = try line(["--entry", "--json"], .type("Ada", then: ["Return"]), exit: 0)
        #expect(entry.contains(#""kind":"entry","ended":"button","button":"ok","index":1,"label":"OK""#), "\(entry)")
        try check([
            entry,
            try line(["--entry", "--json", "--extra-button=_More"], .type("x", then: ["alt+m"]), exit: 1),
            try line(["--password", "--username", "--json"], .type("ada", then: ["Tab", "s", "e", "c", "Return"]), exit: 0),
            try line(["--password", "--json"], .keys(["Escape"]), exit: 1),
            try line(["--text-info", "--editable", "--json"], .type("!", then: ["ctrl+Tab", "Tab", "Return"]),
                     stdin: Data("text\n".utf8), exit: 0),
            try line(["--text-info", "--json"], .keys(["Return"]), stdin: Data("read only\n".utf8), exit: 0),
        ])
    }

    @Test func messagesNameYesAndNo() throws {
        let yes = try line(["--question", "--json"], .keys(["Return"]), exit: 0)
        #expect(yes.contains(#""button":"yes","index":1,"label":"Yes""#), "\(yes)")
        let no = try line(["--question", "--json"], .keys(["Left", "Return"]), exit: 1)
        #expect(no.contains(#""button":"no","index":0,"label":"No""#), "\(no)")
        try check([
            yes, no,
            try line(["--info", "--json"], .keys(["Return"]), exit: 0),
            try line(["--warning", "--json", "--button=_Retry:3", "--button=_Give up:9"], .keys(["Return"]), exit: 9),
            try line(["--error", "--json"], .windowManagerClose, exit: 1),
            try line(["--info", "--json", "--timeout=1"], .none, exit: 5),
        ])
    }

    @Test func valuesKindsFitTheSchema() throws {
        let calendar = try line(["--calendar", "--json", "--day=24", "--month=12", "--year=2026", "--date-format=%x"],
                                .keys(["Return"]), exit: 0)
        #expect(calendar.contains(#""value":"2026-12-24""#), "\(calendar)")
        let checklist = try line(["--list", "--checklist", "--json", "--column=", "--column=A", "TRUE", "a|b",
                                  "FALSE", "c", "TRUE", "d"], .keys(["Tab", "Tab", "Return"]), exit: 0)
        #expect(checklist.contains(#""value":["a|b","d"],"indices":[0,2]"#), "\(checklist)")
        let forms = try line(["--forms", "--json", "--add-entry=Name", "--add-entry=Name", "--field-value=Bob"],
                             .type("Ada", then: ["Tab", "Tab", "Tab", "space"]), exit: 0)
        #expect(forms.contains(#""value":[{"label":"Name","type":"entry","value":"Ada"},"#
                               + #"{"label":"Name","type":"entry","value":"Bob"}]"#), "\(forms)")
        try check([
            calendar, checklist, forms,
            try line(["--forms", "--json", "--add-calendar=Day", "--timeout=1"], .none, exit: 5),
            try line(["--scale", "--json", "--value=30"], .keys(["Right", "Return"]), exit: 0),
            try line(["--color-selection", "--json", "--color=red"], .keys(["Tab", "Return"]), exit: 0),
            try line(["--file-selection", "--json", "--multiple", "--filename=\(FileSelectionCases.filtered)/"],
                     .keys(["ctrl+a", "Return"]), exit: 0),
            try line(["--file-selection", "--json"], .keys(["Escape"]), exit: 1),
            try line(["--list", "--json", "--column=A", "x", "--timeout=1"], .none, exit: 5),
        ])
    }

    @Test func progressSaysItClosedItself() throws {
        let closed = try line(["--progress", "--auto-close", "--json"], .none, stdin: Data("40\n100\n".utf8), exit: 0)
        #expect(closed.contains(#""ended":"auto-close","button":null"#), "\(closed)")
        try check([
            closed,
            try line(["--progress", "--json"], .keys(["Escape"]), stdin: Data("40\n".utf8), keepStdinOpen: true, exit: 1),
        ])
    }

    /// `beckon terms --json`: the window accepted with real keys, the other
    /// outcomes through the command's own path (BeckonTermsHarness), a failure.
    @Test func termsFitTheSchema() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let arguments = ["--file", terms, "--id", "org.beckon.json", "--version", "1", "--json"]
        let process = try fixture.start(arguments)
        let window = try TermsInput.window(of: process)
        try Xdotool.key("ctrl+End")
        try TermsInput.waitForGate(window, "open", "accept-sensitive")
        try Xdotool.key("Return")
        let accepted = process.wait(deadline: 10)
        #expect(accepted.exitCode == 0, "\(accepted)")
        #expect(accepted.stdout.contains(#""kind":"terms","ended":"accepted","outcome":"accepted","exit_code":0"#),
                "\(accepted)")
        let again = try fixture.run(arguments + ["--once"])
        #expect(again.stdout.contains(#""ended":"already-accepted""#), "\(again)")
        let other = ["--file", terms, "--json"]
        let declined = try fixture.run(answering: .decline, other)
        let escaped = try fixture.run(answering: .escape, other)
        let failed = try fixture.run(["--file", "/nonexistent/terms.md", "--json"])
        #expect(failed.exitCode == 255, "\(failed)")
        try check([accepted.stdout, again.stdout, declined.stdout, escaped.stdout, failed.stdout])
    }
}

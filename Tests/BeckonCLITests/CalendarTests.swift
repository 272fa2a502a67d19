import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Glibc
import Testing

/// `--calendar` read, planned and printed as zenity 3.44 does, without a
/// display. Today is fixed at 30 November 2026 here.
@Suite struct CalendarTests {
    static let today = CalendarDate(year: 2026, month: 11, day: 30)

    /// A UTF-8 charset, as beckon has after GTK's init under LANG=C.UTF-8: GLib
    /// converts the pattern to the locale's charset, which plain C cannot hold
    /// "é" in (the date is then empty, as zenity's would be).
    private static let utf8: Void = { setlocale(LC_CTYPE, "C.UTF-8") }()

    private func options(_ arguments: [String]) throws(CLIError) -> CalendarOptions {
        try CLIProbe.options(["--calendar"] + arguments)
    }

    private func plan(_ arguments: [String], env: [String: String] = [:],
                      today: CalendarDate = today) throws(CLIError) -> CalendarPlan {
        try CalendarPlan(options(arguments), environment: Environment(env), translations: .english,
                         today: today, localeFormat: { "%m/%d/%y" })
    }

    private func planError(_ arguments: [String], env: [String: String] = [:]) -> CLIError? {
        CLIProbe.error(of: arguments) { try plan(arguments, env: env) }
    }

    private func output(_ arguments: [String], _ outcome: DialogOutcome, _ date: CalendarDate,
                        env: [String: String] = [:]) throws -> ZenityOutput {
        let plan = try plan(arguments, env: env)
        return CLIProbe.output(plan, date, outcome, env: env, json: try options(arguments).common.json)
    }

    @Test func zenitysDefaults() throws {
        let plan = try plan([])
        #expect(plan.request.title == "Calendar selection")
        #expect(plan.request.text == .plain("Select a date from below."))
        #expect(plan.request.calendarLabel == "C_alendar:")
        #expect(plan.request.initial == Self.today)
        #expect(plan.dateFormat == "%m/%d/%y")
        #expect(plan.request.frame.buttons.map(\.label) == ["_Cancel", "_OK"])
        #expect(plan.request.frame.defaultButtonIndex == 1)
        #expect(plan.request.frame.windowIcon == CommonOptions.zenityImage("zenity-calendar.png"))
    }

    @Test func todayFillsInWhatIsNotGiven() throws {
        #expect(try plan(["--day=3"]).request.initial == CalendarDate(year: 2026, month: 11, day: 3))
        #expect(try plan(["--month=3"]).request.initial == CalendarDate(year: 2026, month: 3, day: 30))
        #expect(try plan(["--year=2020"]).request.initial == CalendarDate(year: 2020, month: 11, day: 30))
        #expect(try plan(["--day=5", "--month=3", "--year=2024"]).request.initial == CalendarDate(year: 2024, month: 3, day: 5))
        // Today's day in a shorter month is that month's last day (zenity prints garbage).
        let on31 = CalendarDate(year: 2026, month: 12, day: 31)
        #expect(try plan(["--month=2"], today: on31).request.initial == CalendarDate(year: 2026, month: 2, day: 28))
        #expect(try plan(["--month=2", "--year=2024"], today: on31).request.initial == CalendarDate(year: 2024, month: 2, day: 29))
        #expect(try plan(["--month=4"], today: on31).request.initial == CalendarDate(year: 2026, month: 4, day: 30))
    }

    @Test func textAndFormat() throws {
        let plan = try plan([#"--text=<b>Wann?</b>\nいつ"#, "--date-format=%F", "--title=T", "--timeout=3"])
        #expect(plan.request.text == .markup("<b>Wann?</b>\nいつ"))
        #expect(plan.dateFormat == "%F")
        #expect(plan.request.title == "T")
        #expect(plan.request.frame.timeout == .seconds(3))
        #expect(try self.plan(["--date-format="]).dateFormat == "")
        #expect(try self.plan(["--text=<b>x"]).warning?.contains("not valid Pango markup") == true)
    }

    @Test(arguments: [
        (["--day=0"], "--day=0: a day of the month is from 1 to 31"),
        (["--day=32"], "--day=32: a day of the month is from 1 to 31"),
        (["--day=-4"], "--day=-4: a day of the month is from 1 to 31"),
        (["--month=0"], "--month=0: a month is from 1 (January) to 12 (December)"),
        (["--month=13"], "--month=13: a month is from 1 (January) to 12 (December)"),
        (["--month=-3"], "--month=-3: a month is from 1 (January) to 12 (December)"),
        (["--year=0"], "--year=0: a year is from 1 to 65535"),
        (["--year=65536"], "--year=65536: a year is from 1 to 65535"),
        (["--day=31", "--month=2", "--year=2024"], "--day=31: February 2024 has 29 days"),
        (["--day=29", "--month=2", "--year=2023"], "--day=29: February 2023 has 28 days"),
        (["--day=29", "--month=2", "--year=1900"], "--day=29: February 1900 has 28 days"),
        (["--day=31", "--month=4"], "--day=31: April 2026 has 30 days"),
        (["--day=31"], "--day=31: November 2026 has 30 days"),
    ] as [([String], String)])
    func daysNoCalendarHas(arguments: [String], message: String) {
        let error = planError(arguments)
        #expect(error?.exitCode == 255)
        #expect(error?.message == message)
    }

    @Test func errorsHonourZenityError() {
        #expect(planError(["--month=13"], env: ["ZENITY_ERROR": "3"])?.exitCode == 3)
        #expect(planError(["--day=31", "--month=2"], env: ["DIALOG_ERROR": "4"])?.exitCode == 4)
    }

    @Test func leapDaysThatExist() throws {
        #expect(try plan(["--day=29", "--month=2", "--year=2024"]).request.initial?.day == 29)
        #expect(try plan(["--day=29", "--month=2", "--year=2000"]).request.initial?.day == 29)
        #expect(try plan(["--day=1", "--month=1", "--year=65535"]).request.initial?.year == 65535)
    }

    @Test func optionsOfOtherDialogs() throws {
        #expect(throws: CLIError.notSupported("entry-text", by: "calendar")) { try ZenityParser.parse(["--calendar", "--entry-text=x"]) }
        #expect(throws: CLIError.notSupported("day", by: "question")) { try ZenityParser.parse(["--question", "--day=3"]) }
        // zenity 3.44 lets the scale's options through to any dialog.
        #expect(try options(["--value=3", "--hide-value"]).day == nil)
        #expect(throws: CLIError.badInteger("day", "x")) { try ZenityParser.parse(["--calendar", "--day=x"]) }
    }

    @Test func formatsAsGLibDoes() {
        Self.utf8
        let date = CalendarDate(year: 2024, month: 3, day: 5)
        #expect(CalendarFormat.string(date, "%m/%d/%y") == "03/05/24")
        #expect(CalendarFormat.string(date, "%F %H:%M:%S|%Z|%z|%p") == "2024-03-05 00:00:00|||AM")
        #expect(CalendarFormat.string(date, "%A %j %U %u %e") == "Tuesday 065 09 2  5")
        #expect(CalendarFormat.string(date, "日付 %Y年 — é") == "日付 2024年 — é")
        #expect(CalendarFormat.string(date, "") == "")
        #expect(CalendarFormat.string(date, "%%") == "%")
        #expect(CalendarFormat.string(CalendarDate(year: 1, month: 3, day: 2), "%F") == "1-03-02")
        #expect(CalendarFormat.string(CalendarDate(year: 2024, month: 2, day: 31), "%F") == "")
    }

    @Test func longDatesAreNotCut() {
        Self.utf8
        let date = CalendarDate(year: 2024, month: 3, day: 5)
        let long = String(repeating: "x", count: 124) + "é %Y"
        #expect(CalendarFormat.string(date, long) == String(repeating: "x", count: 124) + "é 2024")
        let longer = String(repeating: "%Y-", count: 5000)
        #expect(CalendarFormat.string(date, longer) == String(repeating: "2024-", count: 5000))
    }

    @Test func outputForEachEnding() throws {
        let date = CalendarDate(year: 2024, month: 3, day: 5)
        #expect(try output([], .button(1), date) == ZenityOutput(stdout: "03/05/24\n", exitCode: 0))
        #expect(try output(["--date-format=%F"], .button(1), date) == ZenityOutput(stdout: "2024-03-05\n", exitCode: 0))
        #expect(try output([], .button(0), date) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output([], .escape, date) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output([], .close, date) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output([], .destroyed, date) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output([], .timedOut, date) == ZenityOutput(stdout: "03/05/24\n", exitCode: 5))
        #expect(try output(["--extra-button=X"], .button(2), date) == ZenityOutput(stdout: "X\n", exitCode: 1))
    }

    @Test func environmentOverrides() throws {
        let date = CalendarDate(year: 2024, month: 3, day: 5)
        #expect(try output([], .button(1), date, env: ["ZENITY_OK": "7"]).exitCode == 7)
        #expect(try output([], .button(0), date, env: ["ZENITY_CANCEL": "3"]).exitCode == 3)
        #expect(try output([], .close, date, env: ["DIALOG_ESC": "6"]).exitCode == 6)
        #expect(try output([], .timedOut, date, env: ["DIALOG_TIMEOUT": "8"]) == ZenityOutput(stdout: "03/05/24\n", exitCode: 8))
        #expect(try output(["--extra-button=X"], .button(2), date, env: ["ZENITY_ESC": "9"]).exitCode == 9)
    }

    /// `--json` gives the day in ISO 8601 whatever `--date-format` or the
    /// locale prints; plain stdout keeps the format.
    @Test func jsonCarriesTheDateInISO8601() throws {
        let date = CalendarDate(year: 2024, month: 3, day: 5)
        let ok = try output(["--json", "--date-format=%d.%m.%y"], .button(1), date)
        #expect(ok.stdout == #"{"format":1,"kind":"calendar","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":"2024-03-05"}"# + "\n")
        #expect(try output(["--date-format=%d.%m.%y"], .button(1), date).stdout == "05.03.24\n")
        let timedOut = try output(["--json"], .timedOut, date)
        #expect(timedOut.stdout.hasSuffix(#""exit_code":5,"value":"2024-03-05"}"# + "\n"))
        let far = try output(["--json"], .button(1), CalendarDate(year: 12345, month: 12, day: 24))
        #expect(far.stdout.hasSuffix(#""value":"12345-12-24"}"# + "\n"))
        let escaped = try output(["--json"], .escape, date)
        #expect(escaped.stdout.hasSuffix(#""exit_code":1,"value":null}"# + "\n"))
    }
}

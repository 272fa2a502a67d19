import Foundation
import BeckonTestSupport
import Testing

/// `--calendar`, side by side with zenity 3.44: the same keys, the same stdout
/// and exit code. Every case names its day, month and year, or prints only
/// fields that do not depend on today, so no case changes at midnight.
@Suite(.serialized, .guiHangLimit) struct CalendarDifferentialTests {
    @Test(arguments: CalendarCases.all)
    func sameAsZenity(_ c: ZenityCase) throws {
        try assertSameAsZenity(c)
    }

    /// Where zenity prints whatever its stack held (a day the month does not
    /// have, year 0) and exits 0, beckon refuses the day before any window.
    @Test(arguments: CalendarCases.zenityPrintsGarbage)
    func impossibleDayIsAnErrorWhereZenityPrintsGarbage(_ c: CalendarCases.Garbage) throws {
        try X11.require()
        let testCase = ZenityCase(c.name, ["--calendar", "--date-format=%F"] + c.arguments, C.keys("Return"), exit: 0)
        let (fromZenity, zenityRun) = try testCase.run(ZenityDifferentialTests.zenity)
        #expect(zenityRun.exitCode == 0 && !zenityRun.timedOut, "zenity 3.44 itself: \(zenityRun)")
        #expect(fromZenity.stdout.wholeMatch(of: /\d{4}-\d\d-\d\d\n/) == nil,
                "zenity 3.44 printed a real date: \(zenityRun)")
        let beckonRun = try run(Products.beckon, ["--calendar", "--date-format=%F"] + c.arguments,
                                environment: ZenityCase.baseEnvironment, deadline: 15)
        #expect(beckonRun.exitCode == 255 && beckonRun.stdout.isEmpty, "\(beckonRun)")
        #expect(beckonRun.stderr.contains(c.message), "\(beckonRun)")
    }

    /// Beyond zenity: `--json` gives the date as the value, in ISO 8601
    /// whatever the format prints.
    @Test func jsonCarriesTheDate() throws {
        try X11.require()
        func beckon(_ arguments: [String], _ answer: DialogRun.Answer) throws -> ProcessResult {
            let result = try DialogRun.run(
                Products.beckon, ["--calendar", "--json", "--day=5", "--month=3", "--year=2024"] + arguments,
                answer: answer, environment: ZenityCase.baseEnvironment, deadline: 15)
            #expect(!result.timedOut, "\(result)")
            return result
        }
        let ok = try beckon(["--date-format=%d.%m.%y"], .keys(["Return"]))
        #expect(ok.exitCode == 0)
        #expect(ok.stdout == #"{"format":1,"kind":"calendar","ended":"button","button":"ok","index":1,"label":"OK","#
                + #""exit_code":0,"value":"2024-03-05"}"# + "\n")
        let cancel = try beckon([], .keys(["Left", "Return"]))
        #expect(cancel.exitCode == 1)
        #expect(cancel.stdout.contains(#""button":"cancel""#) && cancel.stdout.contains(#""value":null"#), "\(cancel)")
        let timedOut = try beckon(["--timeout=1", "--date-format=%A"], .none)
        #expect(timedOut.exitCode == 5)
        #expect(timedOut.stdout.contains(#""ended":"timeout""#) && timedOut.stdout.contains(#""value":"2024-03-05"}"#),
                "\(timedOut)")
    }

    /// Without --day, --month or --year the calendar starts on today, as zenity's does.
    @Test func todayByDefault() throws {
        try X11.require()
        for attempt in 0..<2 {
            let before = Self.today()
            let result = try DialogRun.run(Products.beckon, ["--calendar", "--date-format=%Y-%m-%d"],
                                           answer: .keys(["Return"]), environment: ZenityCase.baseEnvironment)
            // A run that straddles midnight is tried once more.
            if before != Self.today() && attempt == 0 { continue }
            #expect(result.exitCode == 0 && result.stdout == before + "\n", "\(result)")
            return
        }
    }

    private static func today() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return String(format: "%04d-%02d-%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    private typealias C = ZenityCase
}

/// The calendar's differential table, each case checked by hand against zenity
/// 3.44 first. The OK button has the focus when the window opens; Alt+A (the
/// "C_alendar:" label) puts it in the calendar, where the arrows move the
/// keyboard cursor from GTK's starting cell, space selects the cell's day,
/// ctrl+arrows change the month (Left, Right) or year (Up, Down), and
/// shift+Tab goes back to OK.
enum CalendarCases {
    typealias C = ZenityCase

    static let all: [ZenityCase] = buttons + keys + formats + locales + timeouts + overrides + beyondTheCalendar
        + commandLine

    /// 15 June 2025 for the cases that do not care which day.
    static let june15 = ["--day=15", "--month=6", "--year=2025"]

    static let buttons: [ZenityCase] = [
        C("calendar: Return on OK", ["--calendar"] + june15, C.keys("Return"), exit: 0, stdout: "06/15/25\n"),
        C("calendar: Escape", ["--calendar"] + june15, C.keys("Escape"), exit: 1),
        C("calendar: window-manager close", ["--calendar"] + june15, .windowManagerClose, exit: 1),
        C("calendar: Left from OK to Cancel", ["--calendar"] + june15, C.keys("Left", "Return"), exit: 1),
        C("calendar: an extra button right of OK", ["--calendar", "--extra-button=Morgen ☀"] + june15,
          C.keys("Right", "Return"), exit: 1, stdout: "Morgen ☀\n"),
        C("calendar: labels", ["--calendar", "--ok-label=Wählen", "--cancel-label=Zurück"] + june15,
          C.keys("Return"), exit: 0, stdout: "06/15/25\n"),
        C("calendar: Return on the calendar", ["--calendar", "--timeout=2", "--date-format=%F"] + june15,
          C.keys("alt+a", "ctrl+Right", "Return"), exit: 5, stdout: "2025-07-15\n",
          zenityIsWrong: ("zenity's calendar dialog has no default button, so Return in the calendar does nothing "
                          + "and the dialog waits for its timeout; beckon answers OK, as GTK dialogs do",
                          .init(exitCode: 0, stdout: "2025-07-15\n"))),
    ]

    static let keys: [ZenityCase] = [
        C("calendar: ctrl+Right is the next month", ["--calendar", "--date-format=%F"] + june15,
          C.keys("alt+a", "ctrl+Right", "shift+Tab", "Return"), exit: 0, stdout: "2025-07-15\n"),
        C("calendar: ctrl+Left is the month before", ["--calendar", "--date-format=%F"] + june15,
          C.keys("alt+a", "ctrl+Left", "ctrl+Left", "shift+Tab", "Return"), exit: 0, stdout: "2025-04-15\n"),
        C("calendar: ctrl+Down and ctrl+Up change the year", ["--calendar", "--date-format=%F"] + june15,
          C.keys("alt+a", "ctrl+Down", "ctrl+Down", "ctrl+Up", "shift+Tab", "Return"), exit: 0, stdout: "2026-06-15\n"),
        C("calendar: Right then space picks the first cell", ["--calendar", "--date-format=%F"] + june15,
          C.keys("alt+a", "Right", "space", "shift+Tab", "Return"), exit: 0, stdout: "2025-05-25\n"),
        C("calendar: Left from the start wraps to the last cells", ["--calendar", "--date-format=%F"] + june15,
          C.keys("alt+a", "Left", "Left", "Left", "space", "shift+Tab", "Return"), exit: 0, stdout: "2025-07-03\n"),
        C("calendar: arrows across the grid, Tab Tab back to OK", ["--calendar", "--date-format=%F"] + june15,
          C.keys("alt+a", "Right", "Right", "Down", "space", "Tab", "Tab", "Return"), exit: 0, stdout: "2025-06-02\n"),
        C("calendar: keypad arrows", ["--calendar", "--date-format=%F"] + june15,
          C.keys("alt+a", "KP_Right", "KP_Down", "space", "shift+Tab", "Return"), exit: 0, stdout: "2025-06-01\n"),
        C("calendar: Page_Down does nothing", ["--calendar", "--date-format=%F"] + june15,
          C.keys("alt+a", "Page_Down", "shift+Tab", "Return"), exit: 0, stdout: "2025-06-15\n"),
        C("calendar: a leap day", ["--calendar", "--day=29", "--month=2", "--year=2024", "--date-format=%F"],
          C.keys("alt+a", "ctrl+Down", "shift+Tab", "Return"), exit: 0, stdout: "2025-02-28\n"),
    ]

    static let formats: [ZenityCase] = [
        C("calendar: the C locale's date, two-digit year", ["--calendar", "--day=5", "--month=3", "--year=2024"],
          C.keys("Return"), exit: 0, stdout: "03/05/24\n"),
        C("calendar: strftime fields; the time is 0 and there is no zone",
          ["--calendar", "--day=5", "--month=3", "--year=2024",
           "--date-format=%Y-%m-%d %H:%M:%S %A %B %j %U %u %e|%%|%Z|%z|%p|%c"],
          C.keys("Return"), exit: 0, stdout: "2024-03-05 00:00:00 Tuesday March 065 09 2  5|%|||AM|Tue Mar  5 00:00:00 2024\n"),
        C("calendar: unicode around the fields", ["--calendar", "--day=5", "--month=3", "--year=2024",
                                                  "--date-format=日付 %Y年 — é"],
          C.keys("Return"), exit: 0, stdout: "日付 2024年 — é\n"),
        C("calendar: an empty --date-format", ["--calendar", "--day=5", "--month=3", "--year=2024", "--date-format="],
          C.keys("Return"), exit: 0, stdout: "\n"),
        C("calendar: year 1", ["--calendar", "--day=2", "--month=3", "--year=1", "--date-format=%F"],
          C.keys("Return"), exit: 0, stdout: "1-03-02\n"),
        C("calendar: year 65535", ["--calendar", "--day=2", "--month=3", "--year=65535", "--date-format=%F"],
          C.keys("Return"), exit: 0, stdout: "65535-03-02\n"),
        C("calendar: a date longer than 126 bytes", ["--calendar", "--day=5", "--month=3", "--year=2024",
                                                     "--date-format=" + String(repeating: "x", count: 124) + "é %Y"],
          C.keys("Return"), exit: 0, stdout: String(repeating: "x", count: 124) + "é\n",
          zenityIsWrong: ("zenity hands g_date_strftime 127 bytes and prints what fits, cut at 126 bytes on a "
                          + "character's edge; beckon prints the whole date",
                          .init(exitCode: 0, stdout: String(repeating: "x", count: 124) + "é 2024\n"))),
    ]

    static let locales: [ZenityCase] = [
        C("calendar: en_US's date format", ["--calendar", "--day=5", "--month=3", "--year=2024"],
          env: ["LANG": "en_US.UTF-8"], C.keys("Return"), exit: 0, stdout: "03/05/2024\n"),
        C("calendar: de_DE's date format", ["--calendar", "--day=5", "--month=3", "--year=2024"],
          env: ["LANG": "de_DE.UTF-8"], C.keys("Return"), exit: 0, stdout: "05.03.2024\n"),
        C("calendar: ja_JP's date format", ["--calendar", "--day=5", "--month=3", "--year=2024"],
          env: ["LANG": "ja_JP.UTF-8"], C.keys("Return"), exit: 0, stdout: "2024年03月05日\n"),
        C("calendar: de_DE's day and month names", ["--calendar", "--day=5", "--month=3", "--year=2024",
                                                    "--date-format=%A, %d. %B %Y"],
          env: ["LANG": "de_DE.UTF-8"], C.keys("Return"), exit: 0, stdout: "Dienstag, 05. März 2024\n"),
        C("calendar: de_DE's mnemonic _Kalender", ["--calendar", "--date-format=%F"] + june15,
          env: ["LANG": "de_DE.UTF-8"], C.keys("alt+k", "ctrl+Right", "shift+Tab", "Return"), exit: 0,
          stdout: "2025-07-15\n"),
    ]

    static let timeouts: [ZenityCase] = [
        C("calendar --timeout prints the date and exits 5", ["--calendar", "--timeout=1"] + june15, .none,
          exit: 5, stdout: "06/15/25\n"),
        C("calendar --timeout reads the day moved to before it", ["--calendar", "--timeout=2", "--date-format=%F"]
          + june15, C.keys("alt+a", "ctrl+Left"), exit: 5, stdout: "2025-05-15\n"),
        C("calendar: answered before the timeout", ["--calendar", "--timeout=30"] + june15, C.keys("Return"),
          exit: 0, stdout: "06/15/25\n"),
    ]

    static let overrides: [ZenityCase] = [
        C("calendar: ZENITY_OK", ["--calendar"] + june15, env: ["ZENITY_OK": "7"], C.keys("Return"), exit: 7,
          stdout: "06/15/25\n"),
        C("calendar: ZENITY_CANCEL", ["--calendar"] + june15, env: ["ZENITY_CANCEL": "3"], C.keys("Left", "Return"),
          exit: 3),
        C("calendar: DIALOG_ESC on a window close", ["--calendar"] + june15, env: ["DIALOG_ESC": "6"],
          .windowManagerClose, exit: 6),
        C("calendar: DIALOG_TIMEOUT", ["--calendar", "--timeout=1"] + june15, env: ["DIALOG_TIMEOUT": "8"], .none,
          exit: 8, stdout: "06/15/25\n"),
        C("calendar: ZENITY_ESC on an extra button", ["--calendar", "--extra-button=X"] + june15,
          env: ["ZENITY_ESC": "9"], C.keys("Right", "Return"), exit: 9, stdout: "X\n"),
    ]

    /// Values no calendar has, which zenity ignores (or wraps) without a word on
    /// stdout, printing a day that was not asked for: beckon refuses them. Each
    /// prints only fields that do not depend on today.
    static let beyondTheCalendar: [ZenityCase] = [
        C("calendar: --month=13", ["--calendar", "--month=13", "--year=2020", "--day=2", "--date-format=%d"],
          C.keys("Return"), exit: 0, stdout: "02\n",
          zenityIsWrong: ("zenity's GtkCalendar refuses month 13 with a CRITICAL and shows today's month and year; "
                          + "beckon says --month must be from 1 to 12", .init(exitCode: 255, stdout: ""))),
        C("calendar: --month=0", ["--calendar", "--month=0", "--year=2020", "--day=2", "--date-format=%d"],
          C.keys("Return"), exit: 0, stdout: "02\n",
          zenityIsWrong: ("zenity's GtkCalendar refuses month 0 with a CRITICAL and shows today's month and year; "
                          + "beckon says --month must be from 1 to 12", .init(exitCode: 255, stdout: ""))),
        C("calendar: a negative --month", ["--calendar", "--month=-3", "--year=2020", "--day=2",
                                           "--date-format=%Y/%d"],
          C.keys("Return"), exit: 0, stdout: "2020/02\n",
          zenityIsWrong: ("zenity takes a negative month as no month given and shows today's; beckon says --month "
                          + "must be from 1 to 12", .init(exitCode: 255, stdout: ""))),
        C("calendar: --day=0", ["--calendar", "--day=0", "--month=3", "--year=2020", "--date-format=%Y-%m"],
          C.keys("Return"), exit: 0, stdout: "2020-03\n",
          zenityIsWrong: ("zenity skips day 0 and keeps today's day of the month; beckon says --day must be from "
                          + "1 to 31", .init(exitCode: 255, stdout: ""))),
        C("calendar: --day=32", ["--calendar", "--day=32", "--month=3", "--year=2020", "--date-format=%Y-%m"],
          C.keys("Return"), exit: 0, stdout: "2020-03\n",
          zenityIsWrong: ("zenity's GtkCalendar refuses day 32 with a CRITICAL and keeps today's day of the month; "
                          + "beckon says --day must be from 1 to 31", .init(exitCode: 255, stdout: ""))),
        C("calendar: a negative --day", ["--calendar", "--day=-4", "--month=3", "--year=2020", "--date-format=%Y-%m"],
          C.keys("Return"), exit: 0, stdout: "2020-03\n",
          zenityIsWrong: ("zenity takes a negative day as no day given and shows today's; beckon says --day must "
                          + "be from 1 to 31", .init(exitCode: 255, stdout: ""))),
        C("calendar: --year=99999", ["--calendar", "--day=2", "--month=3", "--year=99999", "--date-format=%F"],
          C.keys("Return"), exit: 0, stdout: "34463-03-02\n",
          zenityIsWrong: ("GLib's dates stop at 65535, so zenity prints year 99999 as 34463; beckon says --year must "
                          + "be from 1 to 65535", .init(exitCode: 255, stdout: ""))),
    ]

    static let commandLine: [ZenityCase] = [
        C("calendar: another dialog's option", ["--calendar", "--entry-text=x"], .none, exit: 255),
        C("calendar: --value is let through by zenity", ["--calendar", "--value=3", "--hide-value"] + june15,
          C.keys("Return"), exit: 0, stdout: "06/15/25\n"),
        C("calendar: a day that is not an integer", ["--calendar", "--day=x"], .none, exit: 255),
        C("calendar: unicode --title and --text with markup", ["--calendar", "--title=Kalender 📅",
                                                               #"--text=<b>Wann?</b>\nいつ？"#] + june15,
          C.keys("Return"), exit: 0, stdout: "06/15/25\n"),
        C("calendar: the last --day wins", ["--calendar", "--day=3", "--day=4", "--month=1", "--year=2000",
                                            "--date-format=%F"],
          C.keys("Return"), exit: 0, stdout: "2000-01-04\n"),
    ]

    /// What zenity prints no real date for.
    struct Garbage: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        /// What beckon's stderr says.
        var message: String
        var testDescription: String { name }
    }

    static let zenityPrintsGarbage: [Garbage] = [
        Garbage(name: "31 February", arguments: ["--day=31", "--month=2", "--year=2024"],
                message: "--day=31: February 2024 has 29 days"),
        Garbage(name: "29 February of a common year", arguments: ["--day=29", "--month=2", "--year=2023"],
                message: "--day=29: February 2023 has 28 days"),
        Garbage(name: "31 April", arguments: ["--day=31", "--month=4", "--year=2025"],
                message: "--day=31: April 2025 has 30 days"),
        Garbage(name: "year 0", arguments: ["--day=2", "--month=3", "--year=0"],
                message: "--year=0: a year is from 1 to 65535"),
    ]
}

extension CalendarDifferentialTests {
    /// The default title, from zenity's own catalogue, in the title bar.
    @Test(arguments: ["C.UTF-8", "ja_JP.UTF-8", "de_DE.UTF-8"])
    func sameDefaultTitle(locale: String) throws {
        try X11.require()
        let zenitys = try ScaleDifferentialTests.windowTitle(ZenityDifferentialTests.zenity, ["--calendar"], locale: locale)
        #expect(!zenitys.isEmpty)
        #expect(try ScaleDifferentialTests.windowTitle(Products.beckon, ["--calendar"], locale: locale) == zenitys)
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// `--list`, `--text-info` and `--progress` answered in the window and on the
/// terminal fallback: the same stdout and exit code. Their input comes on
/// stdin in both runs; on the terminal the keys come from /dev/tty.
@Suite(.serialized, .guiHangLimit) struct TerminalDataParityTests {
    @Test(arguments: TerminalDataCases.all)
    func sameAsTheWindow(_ c: TerminalCase) throws {
        try c.assertSameInWindowAndOnTerminal()
    }

    @Test func aHundredThousandRowsFromStdin() throws {
        // Only a page is drawn: End is at the last row as soon as it is read.
        let rows = (1...100_000).map(String.init).joined(separator: "\n") + "\n"
        let result = try TerminalRun.run(["--list", "--column=N", "--text=Pick"], stdin: rows,
                                         prompt: "100000 rows", [Key.end, Key.enter])
        #expect(result.exitCode == 0 && result.stdout == "100000\n", "\(result)")
    }

    @Test func typingFiltersALongList() throws {
        let rows = (1...5000).map { "row \($0)" }.joined(separator: "\n") + "\n"
        let result = try TerminalRun.run(["--list", "--column=N"], stdin: rows, prompt: "5000 rows",
                                         ["4999", Key.backspace, Key.home, Key.down, Key.enter])
        // "499" keeps rows 499, 1499, 2499, …: the cursor goes to the first, Down to the second.
        #expect(result.exitCode == 0 && result.stdout == "row 1499\n", "\(result)")
    }

    @Test func aTerminalAsStdinIsNotReadForRowsTextOrProgress() throws {
        // stdin is the terminal the keys come from: it cannot be the input too.
        let list = try TerminalRun.run(["--list", "--column=A"], prompt: "(no rows)", [Key.escape])
        #expect(list.exitCode == 1 && list.stderr.contains("is the terminal the list asks on"), "\(list)")
        let text = try TerminalRun.run(["--text-info", "--title=Notes"], prompt: "Notes", [Key.escape])
        #expect(text.exitCode == 1 && text.stderr.contains("the terminal the dialog asks on"), "\(text)")
        let bar = try TerminalRun.run(["--progress", "--text=Copying"], prompt: "Copying", [Key.escape])
        #expect(bar.exitCode == 1 && bar.stderr.contains("stdin is the terminal the bar is shown on"), "\(bar)")
    }

    @Test func aLongTextPagesFromStdin() throws {
        let text = (1...20_000).map { "line \($0)" }.joined(separator: "\n")
        let result = try TerminalRun.run(["--text-info", "--editable"], stdin: text,
                                         prompt: "of 20000 ", [Key.end, Key.ctrlS])
        #expect(result.exitCode == 0 && result.stdout == text, "\(result.exitCode) \(result.stdout.suffix(40))")
    }
}

/// Each case checked in the window; the terminal keys do what the window's keys
/// do there. On the terminal a list starts with no row under the cursor, as the
/// window's, but the first Down goes to the first row.
enum TerminalDataCases {
    typealias C = TerminalCase
    typealias P = DialogRun.Point
    static let all: [TerminalCase] = lists + texts + progress

    static let abc = ListCases.abc
    static let table = ListCases.table

    static let lists: [TerminalCase] = [
        C("list: the second row", abc, window: .keys(["Down", "Return"]), prompt: "Letter",
          terminal: [Key.down, Key.down, Key.enter], exit: 0, stdout: "b\n"),
        C("list: Escape", abc, window: .keys(["Escape"]), prompt: "Letter", terminal: [Key.escape], exit: 1),
        C("list: OK with nothing selected prints nothing", abc, window: .keys(["Tab", "Tab", "Return"]),
          prompt: "Letter", terminal: [Key.tab, Key.tab, Key.enter], exit: 0),
        C("list: all columns, a separator, a hidden column still printed",
          table + ["--print-column=ALL", "--separator=:", "--hide-column=2"], window: .keys(["End", "Return"]),
          prompt: "Kind", terminal: [Key.end, Key.enter], exit: 0, stdout: "c:3:z\n"),
        {
            var c = C("list: rows from stdin", ["--list", "--column=Fruit", "--column=Colour", "--print-column=2"],
                      stdin: "apple\nred\nbanana\nyellow\n", window: .keys(["Down", "Return"]), prompt: "yellow",
                      terminal: [Key.down, Key.down, Key.enter], exit: 0, stdout: "yellow\n")
            c.keysWaitForInput = true
            return c
        }(),
        C("list: typing finds the row", ["--list", "--column=N", "alpha", "beta", "gamma"],
          window: .keys(["g", "a", "Return"]), prompt: "gamma", terminal: ["ga", Key.enter], exit: 0,
          stdout: "gamma\n"),
        C("list --multiple: two rows", ["--multiple"] + abc,
          window: .clicks([P(40, 70), P(40, 110, holding: "ctrl")], then: ["Tab", "Tab", "Return"]), prompt: "Letter",
          terminal: [Key.down, " ", Key.down, Key.down, " ", Key.enter], exit: 0, stdout: "a|c\n"),
        C("list --multiple: ctrl+a selects every row", ["--multiple"] + abc,
          window: .keys(["ctrl+a", "Tab", "Tab", "Return"]), prompt: "Letter", terminal: ["\u{01}", Key.enter],
          exit: 0, stdout: "a|b|c\n"),
        C("checklist: the rows ticked at first", ListCases.checks, window: .keys(["Tab", "Tab", "Return"]),
          prompt: "Pick", terminal: [Key.enter], exit: 0, stdout: "a|c\n"),
        C("checklist: Space ticks the row under the cursor", ListCases.checks,
          window: .keys(["Down", "space", "Tab", "Tab", "Return"]), prompt: "Pick",
          terminal: [Key.down, Key.down, " ", Key.enter], exit: 0, stdout: "a|b|c\n"),
        C("radiolist: Space picks the row under the cursor", ListCases.radios,
          window: .keys(["End", "space", "Tab", "Tab", "Return"]), prompt: "Pick", terminal: [Key.end, " ", Key.enter],
          exit: 0, stdout: "c\n"),
        C("list: the timeout, nothing selected", abc + ["--timeout=1"], window: .none, prompt: "Letter",
          terminal: [], exit: 5),
        C("list: the timeout holds while stdin is still open", ["--list", "--column=N", "--timeout=1"],
          stdin: "first\n", stdinStaysOpen: true, window: .none, prompt: "first", terminal: [], exit: 5),
    ]

    static let twoLines = TextInfoFixtures.twoLines

    static let texts: [TerminalCase] = [
        // zenity's text dialog (and beckon's) keeps its stdin open at its end, so
        // the window's keys cannot wait for it to close: the writer stays.
        C("text-info: stdin, Return gives OK", ["--text-info"], stdin: "hello\nworld\n", stdinStaysOpen: true,
          window: .keys(["Return"]),
          prompt: "world", terminal: [Key.enter], exit: 0),
        C("text-info: Escape", ["--text-info", "--filename=\(twoLines)"], window: .keys(["Escape"]),
          prompt: "line two", terminal: [Key.escape], exit: 1),
        C("text-info: an extra button", ["--text-info", "--filename=\(twoLines)", "--extra-button=Zed"],
          window: .keys(["shift+Tab", "Return"]), prompt: "line two", terminal: [Key.backTab, Key.enter], exit: 1,
          stdout: "Zed\n"),
        C("text-info --editable: typing goes at the end", ["--text-info", "--editable", "--filename=\(twoLines)"],
          window: .type("hey", then: ["ctrl+Return"]), prompt: "line two", terminal: ["hey", Key.ctrlS], exit: 0,
          stdout: "line one\nline two\nhey"),
        C("text-info --editable: Return is a line break, Backspace takes a character back",
          ["--text-info", "--editable", "--filename=\(twoLines)"],
          window: .type("ab", then: ["BackSpace", "Return", "ctrl+Return"]), prompt: "line two",
          terminal: ["ab", Key.backspace, Key.enter, Key.ctrlS], exit: 0, stdout: "line one\nline two\na\n"),
        C("text-info --editable: the timeout prints the text as it stands", ["--text-info", "--editable",
                                                                              "--timeout=1"],
          stdin: "tab\there\n", window: .none, prompt: "here", terminal: [], exit: 5, stdout: "tab\there\n"),
        C("text-info --editable: the timeout while stdin is still open prints what came",
          ["--text-info", "--editable", "--timeout=1"], stdin: "so far\n", stdinStaysOpen: true, window: .none,
          prompt: "so far", terminal: [], exit: 5, stdout: "so far\n"),
        C("text-info: escape sequences in the text are shown, not obeyed", ["--text-info"],
          stdin: "red \u{1B}[31mtext\u{1B}[0m\n", stdinStaysOpen: true, window: .keys(["Return"]), prompt: "red �[31mtext",
          terminal: [Key.enter], exit: 0),
        C("text-info --checkbox: Return waits until the box is ticked",
          ["--text-info", "--filename=\(twoLines)", "--checkbox=I read it"],
          window: .keys(["Return", "Tab", "space", "Return"]), prompt: "I read it",
          terminal: [Key.enter, Key.tab, " ", Key.enter], exit: 0),
        C("text-info --checkbox: unticked, only the timeout ends it",
          ["--text-info", "--filename=\(twoLines)", "--checkbox=I read it", "--timeout=1"],
          window: .keys(["Return"]), prompt: "I read it", terminal: [Key.enter], exit: 5),
    ]

    static let progress: [TerminalCase] = [
        C("progress: --auto-close at 100", ["--progress", "--auto-close"], stdin: "10\n#Copying\n100\n",
          window: .none, prompt: "Running", terminal: [], exit: 0),
        C("progress: --json at the end of input", ["--progress", "--auto-close", "--json"], stdin: "30\n",
          window: .none, prompt: "Running", terminal: [], exit: 0,
          stdout: #"{"format":1,"kind":"progress","ended":"auto-close","button":null,"index":null,"label":null,"exit_code":0,"value":100.0}"# + "\n"),
        {
            // progress lets stdin go at its end, as zenity's does: the window's keys wait for that.
            var c = C("progress: the end of input gives OK the focus", ["--progress"], stdin: "30\n",
                      window: .keys(["Return"]), prompt: "100%", terminal: [Key.enter], exit: 0)
            c.keysWaitForInput = true
            return c
        }(),
        C("progress: Return presses Cancel while the work runs", ["--progress"],
          env: ["ZENITY_CANCEL": "3", "ZENITY_ESC": "4"], stdin: "50\n", stdinStaysOpen: true,
          window: .keys(["Return"]), prompt: "50%", terminal: [Key.enter], exit: 3),
        C("progress: Escape", ["--progress"], env: ["ZENITY_CANCEL": "3", "ZENITY_ESC": "4"], stdin: "50\n",
          stdinStaysOpen: true, window: .keys(["Escape"]), prompt: "50%", terminal: [Key.escape], exit: 4),
        C("progress: Ctrl-C stops it as Escape does", ["--progress"], stdin: "50\n", stdinStaysOpen: true,
          window: .keys(["Escape"]), prompt: "50%", terminal: [Key.ctrlC], exit: 1),
        C("progress --no-cancel: Escape still closes", ["--progress", "--no-cancel"], stdin: "50\n",
          stdinStaysOpen: true, window: .keys(["Escape"]), prompt: "50%", terminal: [Key.escape], exit: 1),
        C("progress: the timeout", ["--progress", "--timeout=1", "--pulsate"], stdin: "#working\n",
          stdinStaysOpen: true, window: .none, prompt: "working", terminal: [], exit: 5),
        {
            let zenityCase = ProgressCases.beyondZenity[0]
            var c = C("progress --kill-writers: Escape stops the work writing stdin", zenityCase.arguments,
                      window: .keys(["Escape"]), prompt: "10%", terminal: [Key.escape], exit: 0,
                      stdout: "dialog 1, writer stopped\n")
            c.shell = zenityCase.shell
            c.windowName = zenityCase.windowName
            return c
        }(),
    ]
}

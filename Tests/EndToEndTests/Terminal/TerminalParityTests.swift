import BeckonTestSupport
import Foundation
import Testing

/// The same arguments answered in the window (Xvfb, xdotool keys) and on the
/// terminal fallback (a pseudo-terminal, its keys): the same stdout and exit
/// code, since both presenters give the same reply to the same shared output.
struct TerminalCase: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: [String]
    var env: [String: String] = [:]
    var window: ZenityCase.Answer
    /// Text the terminal prompt shows before the keys are typed.
    var prompt: String
    var keys: [String]
    var exit: Int32
    var stdout: String
    /// What both runs read on stdin (nil: none, as before); with
    /// `stdinStaysOpen` the writer is not done until the program exits.
    var stdin: String?
    var stdinStaysOpen = false
    /// Whether the window's keys wait until stdin has been read and let go
    /// (``ZenityCase/keysWaitForInput``); the terminal's wait for `prompt`.
    var keysWaitForInput = false
    /// A shell command line in which "$DIALOG" is beckon, `arguments` its "$@"
    /// (see ``ZenityCase/shell``); the window is found by `windowName` then.
    var shell: String?
    var windowName: String?

    var testDescription: String { name }

    init(_ name: String, _ arguments: [String], env: [String: String] = [:], stdin: String? = nil,
         stdinStaysOpen: Bool = false, window: ZenityCase.Answer,
         prompt: String, terminal keys: [String], exit: Int32, stdout: String = "") {
        self.stdin = stdin
        self.stdinStaysOpen = stdinStaysOpen
        self.name = name
        self.arguments = arguments
        self.env = env
        self.window = window
        self.prompt = prompt
        self.keys = keys
        self.exit = exit
        self.stdout = stdout
    }
}

@Suite(.serialized, .guiHangLimit) struct TerminalParityTests {
    @Test(arguments: TerminalCases.all)
    func sameAsTheWindow(_ c: TerminalCase) throws {
        try c.assertSameInWindowAndOnTerminal()
    }
}

extension TerminalCase {
    /// Runs the case in a window and on a terminal and checks both against it.
    func assertSameInWindowAndOnTerminal() throws {
        try X11.require()
        var windowCase = ZenityCase(name, arguments, env: env, stdin: stdin, window, exit: exit, stdout: stdout)
        windowCase.stdinStaysOpen = stdinStaysOpen
        windowCase.keysWaitForInput = keysWaitForInput
        windowCase.shell = shell
        windowCase.windowName = windowName
        let (inWindow, _) = try windowCase.run(Products.beckon)
        let onTerminal = try TerminalRun.run(arguments, env: env, stdin: stdin, stdinStaysOpen: stdinStaysOpen,
                                             shell: shell, prompt: prompt, keys)
        #expect(inWindow == .init(exitCode: exit, stdout: stdout), "the window: \(inWindow)")
        #expect(onTerminal.exitCode == exit && onTerminal.stdout == stdout, "the terminal: \(onTerminal)")
        #expect(!onTerminal.stderr.contains("display"), "no display error on the terminal: \(onTerminal.stderr)")
    }
}

/// Each case checked in the window first; the terminal keys do what the
/// window's keys do there.
enum TerminalCases {
    typealias C = TerminalCase
    static let all: [TerminalCase] = messages + entries + passwords + scales + calendars + colors + json

    static let messages: [TerminalCase] = [
        C("question: Return is Yes", ["--question", "--text=Back up now?"], window: .keys(["Return"]),
          prompt: "Back up now?", terminal: [Key.enter], exit: 0),
        C("question: Escape", ["--question", "--text=Back up now?"], window: .keys(["Escape"]),
          prompt: "Back up now?", terminal: [Key.escape], exit: 1),
        C("question: No by its mnemonic", ["--question", "--text=Back up now?"], window: .keys(["alt+n"]),
          prompt: "Back up now?", terminal: ["n"], exit: 1),
        C("question: Left then Return is No", ["--question", "--text=Sure?"], window: .keys(["Left", "Return"]),
          prompt: "Sure?", terminal: [Key.left, Key.enter], exit: 1),
        C("question: --default-cancel, Return is No", ["--question", "--default-cancel", "--text=Sure?"],
          window: .keys(["Return"]), prompt: "Sure?", terminal: [Key.enter], exit: 1),
        C("question: an extra button prints its label", ["--question", "--extra-button=Later", "--text=Update?"],
          window: .keys(["Left", "Left", "Return"]), prompt: "Update?", terminal: [Key.left, Key.left, Key.enter],
          exit: 1, stdout: "Later\n"),
        C("question: an extra button's mnemonic", ["--question", "--extra-button=_Läter", "--text=Update?"],
          window: .keys(["alt+l"]), prompt: "Update?", terminal: ["l"], exit: 1, stdout: "_Läter\n"),
        C("question: custom buttons exit with their codes", ["--question", "--text=Install?",
                                                             "--button=Later:3", "--button=_Install:0"],
          window: .keys(["Left", "Return"]), prompt: "Install?", terminal: [Key.left, Key.enter], exit: 3),
        C("question: --switch, Return takes the first extra button",
          ["--question", "--switch", "--extra-button=A", "--extra-button=B", "--text=Which?"],
          window: .keys(["Return"]), prompt: "Which?", terminal: [Key.enter], exit: 1, stdout: "A\n"),
        C("info: Return is OK", ["--info", "--text=Done."], window: .keys(["Return"]), prompt: "Done.",
          terminal: [Key.enter], exit: 0),
        C("info: Right to the extra button", ["--info", "--extra-button=Más", "--text=Done."],
          window: .keys(["Right", "Return"]), prompt: "Done.", terminal: [Key.right, Key.enter], exit: 1, stdout: "Más\n"),
        C("warning: markup is shown as text", ["--warning", "--text=<b>Disk</b> &amp; full"],
          window: .keys(["Return"]), prompt: "Disk & full", terminal: [Key.enter], exit: 0),
        C("error: the timeout", ["--error", "--text=Failed", "--timeout=1"], window: .none, prompt: "Failed",
          terminal: [], exit: 5),
    ]

    static let entries: [TerminalCase] = [
        C("entry: typed text, Return", ["--entry", "--text=Name?"], window: .type("hello world", then: ["Return"]),
          prompt: "Name?", terminal: ["hello world", Key.enter], exit: 0, stdout: "hello world\n"),
        C("entry: --entry-text starts selected, typing replaces it", ["--entry", "--entry-text=abc", "--text=Name?"],
          window: .type("x", then: ["Return"]), prompt: "Name?", terminal: ["x", Key.enter], exit: 0, stdout: "x\n"),
        C("entry: --entry-text kept", ["--entry", "--entry-text=Grüße 日本語", "--text=Name?"],
          window: .keys(["Return"]), prompt: "Name?", terminal: [Key.enter], exit: 0, stdout: "Grüße 日本語\n"),
        C("entry: Escape prints nothing", ["--entry", "--text=Name?"], window: .type("typed", then: ["Escape"]),
          prompt: "Name?", terminal: ["typed", Key.escape], exit: 1),
        C("entry: --hide-text prints what was typed", ["--entry", "--hide-text", "--text=Token?"],
          window: .type("s3cret", then: ["Return"]), prompt: "Token?", terminal: ["s3cret", Key.enter], exit: 0,
          stdout: "s3cret\n"),
        C("entry: the timeout prints the text, exit 5", ["--entry", "--entry-text=draft", "--timeout=1", "--text=Name?"],
          window: .none, prompt: "Name?", terminal: [], exit: 5, stdout: "draft\n"),
        C("entry: Down picks the first choice", ["--entry", "--text=Pick", "one", "two"],
          window: .keys(["Down", "Return"]), prompt: "Pick", terminal: [Key.down, Key.enter], exit: 0, stdout: "one\n"),
    ]

    static let passwords: [TerminalCase] = [
        C("password: typed, Return", ["--password"], window: .type("s3cret", then: ["Return"]),
          prompt: "Type your password", terminal: ["s3cret", Key.enter], exit: 0, stdout: "s3cret\n"),
        C("password: user name, Tab, password", ["--password", "--username"],
          window: .type("bob", then: ["Tab", "p", "w", "Return"]), prompt: "Type your username and password",
          terminal: ["bob", Key.tab, "pw", Key.enter], exit: 0, stdout: "bob|pw\n"),
        C("password: Escape prints nothing", ["--password"], window: .type("s3cret", then: ["Escape"]),
          prompt: "Type your password", terminal: ["s3cret", Key.escape], exit: 1),
        C("password: the timeout prints nothing, exit 1", ["--password", "--timeout=1"], window: .none,
          prompt: "Type your password", terminal: [], exit: 1),
    ]

    static let scales: [TerminalCase] = [
        C("scale: Right twice", ["--scale", "--value=5", "--text=Volume"], window: .keys(["Right", "Right", "Return"]),
          prompt: "Volume", terminal: [Key.right, Key.right, Key.enter], exit: 0, stdout: "7\n"),
        C("scale: --print-partial", ["--scale", "--value=5", "--print-partial", "--text=Volume"],
          window: .keys(["Right", "Right", "Return"]), prompt: "Volume", terminal: [Key.right, Key.right, Key.enter],
          exit: 0, stdout: "6\n7\n7\n"),
        C("scale: End goes to the maximum", ["--scale", "--max-value=11", "--text=Level"],
          window: .keys(["End", "Return"]), prompt: "Level", terminal: [Key.end, Key.enter], exit: 0, stdout: "11\n"),
        C("scale: the timeout prints the value, exit 5", ["--scale", "--value=40", "--timeout=1", "--text=Volume"],
          window: .none, prompt: "Volume", terminal: [], exit: 5, stdout: "40\n"),
    ]

    static let june15 = ["--day=15", "--month=6", "--year=2025", "--date-format=%F"]
    static let calendars: [TerminalCase] = [
        C("calendar: Return on OK", ["--calendar", "--text=When?"] + june15, window: .keys(["Return"]),
          prompt: "When?", terminal: [Key.enter], exit: 0, stdout: "2025-06-15\n"),
        C("calendar: Escape", ["--calendar", "--text=When?"] + june15, window: .keys(["Escape"]), prompt: "When?",
          terminal: [Key.escape], exit: 1),
        C("calendar: the timeout prints the date, exit 5", ["--calendar", "--timeout=1", "--text=When?"] + june15,
          window: .none, prompt: "When?", terminal: [], exit: 5, stdout: "2025-06-15\n"),
    ]

    static let colors: [TerminalCase] = [
        C("color: --color selected as it is", ["--color-selection", "--color=navy"], window: .keys(["alt+s"]),
          prompt: "Colour", terminal: [Key.enter], exit: 0, stdout: "rgb(0,0,128)\n"),
        C("color: #hex typed", ["--color-selection"], window: .type("#ff8000", then: ["Return", "Tab", "Return"]),
          prompt: "Colour", terminal: ["#ff8000", Key.enter], exit: 0, stdout: "rgb(255,128,0)\n"),
        C("color: Escape", ["--color-selection", "--color=red"], window: .keys(["Escape"]), prompt: "Colour",
          terminal: [Key.escape], exit: 1),
        C("color: the timeout prints nothing, exit 1", ["--color-selection", "--timeout=1"], window: .none,
          prompt: "Colour", terminal: [], exit: 1),
    ]

    static let json: [TerminalCase] = [
        C("json: an entry's value", ["--entry", "--text=Name?", "--json"], window: .type("Ada", then: ["Return"]),
          prompt: "Name?", terminal: ["Ada", Key.enter], exit: 0,
          stdout: #"{"format":1,"kind":"entry","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":"Ada"}"# + "\n"),
        C("json: Escape on a question", ["--question", "--text=Sure?", "--json"], window: .keys(["Escape"]),
          prompt: "Sure?", terminal: [Key.escape], exit: 1,
          stdout: #"{"format":1,"kind":"question","ended":"escape","button":null,"index":null,"label":null,"exit_code":1,"value":null}"# + "\n"),
        C("json: a timeout", ["--info", "--text=Later", "--timeout=1", "--json"], window: .none, prompt: "Later",
          terminal: [], exit: 5,
          stdout: #"{"format":1,"kind":"info","ended":"timeout","button":null,"index":null,"label":null,"exit_code":5,"value":null}"# + "\n"),
    ]
}

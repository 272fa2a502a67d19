import BeckonTestSupport
import Testing

/// `--entry`, side by side with zenity 3.44.
@Suite(.serialized, .guiHangLimit) struct EntryDifferentialTests {
    @Test(arguments: EntryCases.all)
    func sameAsZenity(_ c: ZenityCase) throws {
        try assertSameAsZenity(c)
    }
}

/// The `--entry` cases, each checked by hand against zenity 3.44 first.
enum EntryCases {
    typealias C = ZenityCase
    static let ok = C.keys("Return")

    static let all: [ZenityCase] = typing + combo + timeouts + buttons + overrides + window + commandLine

    static let typing: [ZenityCase] = [
        C("entry: typed text, Return", ["--entry"], .type("hello world", then: ["Return"]), exit: 0, stdout: "hello world\n"),
        C("entry: nothing typed prints an empty line", ["--entry"], ok, exit: 0, stdout: "\n"),
        C("entry: --entry-text, Return", ["--entry", "--entry-text=abc"], ok, exit: 0, stdout: "abc\n"),
        C("entry: --entry-text starts selected, typing replaces it", ["--entry", "--entry-text=abc"],
          .type("x", then: ["Return"]), exit: 0, stdout: "x\n"),
        C("entry: unicode --entry-text", ["--entry", "--entry-text=Grüße, 日本語, עברית 🎉"], ok, exit: 0,
          stdout: "Grüße, 日本語, עברית 🎉\n"),
        C("entry: --entry-text keeps backslashes (no escapes)", ["--entry", #"--entry-text=a\tb"#], ok, exit: 0,
          stdout: "a\\tb\n"),
        C("entry: --entry-text whose value starts with a dash", ["--entry", "--entry-text", "-x"], ok, exit: 0,
          stdout: "-x\n"),
        C("entry: --hide-text still prints what was typed", ["--entry", "--hide-text"],
          .type("s3cret", then: ["Return"]), exit: 0, stdout: "s3cret\n"),
        C("entry: Escape prints nothing", ["--entry"], .type("typed", then: ["Escape"]), exit: 1),
        C("entry: window-manager close", ["--entry", "--entry-text=abc"], .windowManagerClose, exit: 1),
        C("entry: the --text mnemonic focuses the field", ["--entry", "--text=_Name:", "--entry-text=q"],
          C.keys("Tab", "alt+n", "x", "Return"), exit: 0, stdout: "x\n"),
        C("entry: --text with markup and escapes is only shown", ["--entry", #"--text=<b>bold</b> & \t tab"#],
          .type("v", then: ["Return"]), exit: 0, stdout: "v\n"),
        C("entry: unicode --text and --title", ["--entry", "--text=名前 (_N):", "--title=Einträge ✓"],
          .type("x", then: ["Return"]), exit: 0, stdout: "x\n"),
    ]

    static let combo: [ZenityCase] = [
        C("entry combo: Return with nothing picked", ["--entry", "a", "b"], ok, exit: 0, stdout: "\n"),
        C("entry combo: Down Down picks the second", ["--entry", "a", "b", "c"], C.keys("Down", "Down", "Return"),
          exit: 0, stdout: "b\n"),
        C("entry combo: typed text wins", ["--entry", "a", "b"], .type("mine", then: ["Return"]), exit: 0,
          stdout: "mine\n"),
        C("entry combo: --entry-text on top and selected", ["--entry", "--entry-text=X", "a", "b"], ok, exit: 0,
          stdout: "X\n"),
        C("entry combo: Down from --entry-text", ["--entry", "--entry-text=X", "a", "b"], C.keys("Down", "Return"),
          exit: 0, stdout: "a\n"),
        C("entry combo: empty --entry-text is the top entry", ["--entry", "--entry-text=", "a", "b"],
          C.keys("Down", "Return"), exit: 0, stdout: "a\n"),
        C("entry combo: unicode entries", ["--entry", "ä", "日本", "🎉"], C.keys("Down", "Down", "Return"), exit: 0,
          stdout: "日本\n"),
        C("entry combo: --hide-text", ["--entry", "--hide-text", "a", "b"], C.keys("Down", "Return"), exit: 0,
          stdout: "a\n"),
        C("entry combo: GLib keeps '--' when a dash word follows", ["--entry", "--", "--x", "--y"],
          C.keys("Down", "Return"), exit: 0, stdout: "--\n"),
        C("entry combo: '--' alone goes", ["--entry", "--", "a", "b"], C.keys("Down", "Return"), exit: 0, stdout: "a\n"),
        C("entry: a single extra argument, Return", ["--entry", "only"], ok, exit: 0, stdout: "\n"),
        C("entry: a single extra argument can be picked", ["--entry", "only"], C.keys("Down", "Return"),
          exit: 0, stdout: "\n",
          zenityIsWrong: ("zenity 3.44 makes the combo only from two arguments and drops a single one; beckon "
                          + "offers it as the combo's only entry, as it offers two", .init(exitCode: 0, stdout: "only\n"))),
        C("entry: --entry-text and one extra argument", ["--entry", "--entry-text=X", "a"], C.keys("Down", "Return"),
          exit: 0, stdout: "X\n",
          zenityIsWrong: ("zenity 3.44 drops the argument; from 3.44.3 zenity counts --entry-text as an entry and "
                          + "makes the combo [X, a], as beckon does", .init(exitCode: 0, stdout: "a\n"))),
    ]

    static let timeouts: [ZenityCase] = [
        C("entry: the timeout prints the text, exits 5", ["--entry", "--entry-text=abc", "--timeout=1"], .none,
          exit: 5, stdout: "abc\n"),
        C("entry: the timeout prints an empty field", ["--entry", "--timeout=1"], .none, exit: 5, stdout: "\n"),
        C("entry: ZENITY_TIMEOUT", ["--entry", "--entry-text=abc", "--timeout=1"], env: ["ZENITY_TIMEOUT": "7"],
          .none, exit: 7, stdout: "abc\n"),
        C("entry combo: the timeout prints the current text", ["--entry", "--entry-text=X", "a", "b", "--timeout=1"],
          .none, exit: 5, stdout: "X\n"),
        C("entry: answered before the timeout", ["--entry", "--timeout=30"], .type("fast", then: ["Return"]),
          exit: 0, stdout: "fast\n"),
    ]

    static let buttons: [ZenityCase] = [
        C("entry: Return on a focused Cancel still answers OK", ["--entry", "--entry-text=q"], C.keys("Tab", "Return"),
          exit: 0, stdout: "q\n"),
        C("entry: Space on the focused Cancel", ["--entry", "--entry-text=q"], C.keys("Tab", "space"), exit: 1),
        C("entry: Space on the focused OK", ["--entry", "--entry-text=q"], C.keys("Tab", "Tab", "space"), exit: 0,
          stdout: "q\n"),
        C("entry: extra button after OK takes Return", ["--entry", "--entry-text=q", "--extra-button=More"],
          C.keys("Tab", "Tab", "Tab", "Return"), exit: 1, stdout: "More\n"),
        C("entry: extra button mnemonic, unicode label", ["--entry", "--entry-text=q", "--extra-button=_Más"],
          C.keys("alt+m"), exit: 1, stdout: "_Más\n"),
        C("entry: unicode --ok-label and --cancel-label", ["--entry", "--ok-label=Jä ✓", "--cancel-label=Nein 🚫"],
          .type("v", then: ["Return"]), exit: 0, stdout: "v\n"),
        C("entry: the sixth extra button", ["--entry", "--entry-text=v", "--extra-button=A", "--extra-button=B",
                                            "--extra-button=C", "--extra-button=D", "--extra-button=E",
                                            "--extra-button=_F"],
          C.keys("alt+f"), exit: 5, stdout: "v\n",
          zenityIsWrong: ("zenity 3.44 gives the sixth extra button response 5, its timeout code, so it prints the "
                          + "text and exits 5; beckon prints the label as for any extra button",
                          .init(exitCode: 1, stdout: "_F\n"))),
        C("entry: --ok-label mnemonic", ["--entry", "--ok-label=_Go", "--entry-text=v", "--timeout=2"],
          C.keys("alt+g"), exit: 5, stdout: "v\n",
          zenityIsWrong: ("zenity's entry sets --ok-label without its mnemonic, so '_Go' shows the underscore and "
                          + "alt+g does nothing (its question and password dialogs honour it); beckon honours it",
                          .init(exitCode: 0, stdout: "v\n"))),
        C("entry: Cancel's mnemonic", ["--entry", "--entry-text=v", "--timeout=2"], C.keys("alt+c"), exit: 5,
          stdout: "v\n",
          zenityIsWrong: ("zenity's entry buttons come from its UI file without mnemonics, while its password "
                          + "dialog has GTK's _Cancel and _OK; beckon gives every Cancel and OK GTK's mnemonics",
                          .init(exitCode: 1, stdout: ""))),
    ]

    static let overrides: [ZenityCase] = [
        C("entry: ZENITY_OK", ["--entry"], env: ["ZENITY_OK": "3"], .type("x", then: ["Return"]), exit: 3, stdout: "x\n"),
        C("entry: DIALOG_CANCEL", ["--entry", "--entry-text=q"], env: ["DIALOG_CANCEL": "4"], C.keys("Tab", "space"),
          exit: 4),
        C("entry: ZENITY_ESC on Escape", ["--entry"], env: ["ZENITY_ESC": "6"], C.keys("Escape"), exit: 6),
        C("entry: ZENITY_ESC on a window close", ["--entry"], env: ["ZENITY_ESC": "6"], .windowManagerClose, exit: 6),
        C("entry: ZENITY_ESC for an extra button", ["--entry", "--extra-button=_More"], env: ["ZENITY_ESC": "9"],
          C.keys("alt+m"), exit: 9, stdout: "_More\n"),
    ]

    static let window: [ZenityCase] = [
        C("entry: --title --width --height --window-icon", ["--entry", "--title=Sized", "--width=500", "--height=200",
                                                            "--window-icon=info"],
          .type("x", then: ["Return"]), exit: 0, stdout: "x\n"),
        C("entry: --modal, --attach to a missing window", ["--entry", "--modal", "--attach=0x12345"],
          .type("x", then: ["Return"]), exit: 0, stdout: "x\n"),
    ]

    static let commandLine: [ZenityCase] = [
        C("entry: --username is password's", ["--entry", "--username"], .none, exit: 255),
        C("entry: --separator is refused", ["--entry", "--separator=,"], .none, exit: 255),
        C("entry: --separator=| (zenity's default) passes", ["--entry", "--separator=|"], .type("x", then: ["Return"]),
          exit: 0, stdout: "x\n"),
        C("entry: --entry-text without its value", ["--entry", "--entry-text"], .none, exit: 255),
        C("entry: --hide-text on another dialog", ["--info", "--hide-text"], .none, exit: 255),
        C("entry: with --password", ["--entry", "--password"], .none, exit: 255),
        C("entry: --timeout that is not a number", ["--entry", "--timeout=soon"], .none, exit: 255),
    ]
}

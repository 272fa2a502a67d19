/// The differential table: each case is answered the same way by zenity 3.44
/// and by beckon, and must give the same stdout and exit code.
enum ZenityCases {
    typealias C = ZenityCase
    static let yes = C.keys("Return")

    static let all: [ZenityCase] = buttons + labels + text + timeouts + extraButtons
        + overrides + window + localized + commandLine

    static let buttons: [ZenityCase] = [
        C("question: Return answers Yes", ["--question"], yes, exit: 0),
        C("question: Escape", ["--question"], C.keys("Escape"), exit: 1),
        C("question: Tab Tab from Yes reaches the first button (the text is a Tab stop)",
          ["--question", "--extra-button=E", "--timeout=3"], C.keys("Tab", "Tab", "Return"), exit: 1, stdout: "E\n"),
        C("question: Return with the text focused", ["--question", "--timeout=2"], C.keys("Tab", "Return"), exit: 5,
          zenityIsWrong: ("zenity sets no default button, so once Tab has put the focus on the text, Return does "
                          + "nothing and the dialog waits; beckon answers with the default button (Yes), as GTK "
                          + "dialogs do", .init(exitCode: 0, stdout: ""))),
        C("question: window-manager close", ["--question"], .windowManagerClose, exit: 1),
        C("question: Left then Return is No", ["--question"], C.keys("Left", "Return"), exit: 1),
        C("question --default-cancel: Return is No", ["--question", "--default-cancel"], yes, exit: 1),
        C("question --default-cancel: Right then Return is Yes", ["--question", "--default-cancel"],
          C.keys("Right", "Return"), exit: 0),
        C("info: Return", ["--info"], yes, exit: 0),
        C("info: Escape", ["--info"], C.keys("Escape"), exit: 1),
        C("warning: Return", ["--warning"], yes, exit: 0),
        C("warning: window-manager close", ["--warning"], .windowManagerClose, exit: 1),
        C("error: Return", ["--error"], yes, exit: 0),
        C("error: Escape", ["--error"], C.keys("Escape"), exit: 1),
    ]

    static let labels: [ZenityCase] = [
        C("question: unicode --ok-label/--cancel-label, Left Return", ["--question", "--ok-label=Jä ✓", "--cancel-label=Nein 🚫"],
          C.keys("Left", "Return"), exit: 1),
        C("question: --ok-label mnemonic", ["--question", "--ok-label=_Go", "--default-cancel"], C.keys("alt+g"), exit: 0),
        C("question: --cancel-label mnemonic", ["--question", "--cancel-label=_Stop"], C.keys("alt+s"), exit: 1),
        C("question: the default Yes mnemonic", ["--question", "--default-cancel"], C.keys("alt+y"), exit: 0),
        C("info: --ok-label", ["--info", "--ok-label=Verstanden"], yes, exit: 0),
        C("warning: unicode --title", ["--warning", "--title=Wärning — 警告 🎉"], yes, exit: 0),
    ]

    static let text: [ZenityCase] = [
        C("info: unicode text", ["--info", "--text=日本語のテキスト, émoji 🎉, עברית"], yes, exit: 0),
        C("info: GLib escapes in --text", ["--info", #"--text=line one\nline two\ttab \\ backslash \101"#], yes, exit: 0),
        C("info: markup", ["--info", "--text=<b>bold</b> <i>italic</i> <span foreground='red'>red</span> &amp;"],
          yes, exit: 0),
        C("info: broken markup shows, and exits as zenity", ["--info", "--text=broken <b>unclosed & raw"], yes, exit: 0),
        C("question: broken markup, Escape", ["--question", "--text=<i>oops</b>"], C.keys("Escape"), exit: 1),
        C("info: --no-markup", ["--info", "--no-markup", #"--text=<b>not bold</b> & \n literal"#], yes, exit: 0),
        C("error: empty --text", ["--error", "--text="], yes, exit: 0),
        C("info: --text whose value starts with a dash", ["--info", "--text", "--timeout=1"], yes, exit: 0),
        C("warning: long text with --no-wrap", ["--warning", "--no-wrap", "--text=" + String(repeating: "long words ", count: 30)],
          yes, exit: 0),
        C("warning: long text with --ellipsize", ["--warning", "--ellipsize", "--text=" + String(repeating: "long words ", count: 60)],
          yes, exit: 0),
    ]

    static let timeouts: [ZenityCase] = [
        C("question: --timeout=1 exits 5", ["--question", "--timeout=1"], .none, exit: 5),
        C("info: --timeout 1 (separate value)", ["--info", "--timeout", "1"], .none, exit: 5),
        C("error: --timeout=0x1 (GLib reads hex)", ["--error", "--timeout=0x1"], .none, exit: 5),
        C("info: --timeout=0 means none", ["--info", "--timeout=0"], yes, exit: 0),
        C("question: answered before the timeout", ["--question", "--timeout=30"], yes, exit: 0),
        C("question: the largest --timeout (2^31 - 1 s) waits for the answer", ["--question", "--timeout=2147483647"],
          yes, exit: 0),
        C("info: a --timeout past 2^31 - 1 is refused", ["--info", "--timeout=2147483648"], .none, exit: 255),
        C("info: ZENITY_TIMEOUT", ["--info", "--timeout=1"], env: ["ZENITY_TIMEOUT": "9"], .none, exit: 5,
          zenityIsWrong: ("zenity 3.44 defines ZENITY_TIMEOUT but its message dialogs exit 5 regardless; "
                          + "beckon honours the override", .init(exitCode: 9, stdout: ""))),
    ]

    static let extraButtons: [ZenityCase] = [
        C("question: extra button prints its label, exits 1", ["--question", "--extra-button=Later"],
          C.keys("Left", "Left", "Return"), exit: 1, stdout: "Later\n"),
        C("question: the first of two extra buttons", ["--question", "--extra-button=Eins", "--extra-button", "Zwei"],
          C.keys("Left", "Left", "Left", "Return"), exit: 1, stdout: "Eins\n"),
        C("question: extra button with a mnemonic and unicode", ["--question", "--extra-button=_Läter"],
          C.keys("alt+l"), exit: 1, stdout: "_Läter\n"),
        C("question: Yes still works beside extra buttons", ["--question", "--extra-button=Later"], yes, exit: 0),
        C("info: extra buttons come after OK", ["--info", "--extra-button=Más"], C.keys("Right", "Return"),
          exit: 1, stdout: "Más\n"),
        C("error: second extra button", ["--error", "--extra-button=A", "--extra-button=B"],
          C.keys("Right", "Right", "Return"), exit: 1, stdout: "B\n"),
        C("question --switch: Return takes the first extra button", ["--question", "--switch", "--extra-button=A", "--extra-button=B"],
          yes, exit: 1, stdout: "A\n"),
        C("question --switch: Escape", ["--question", "--switch", "--extra-button=A"], C.keys("Escape"), exit: 1),
        C("info --switch keeps OK (zenity ignores it there)", ["--info", "--switch", "--extra-button=A"], yes, exit: 0),
        C("warning --switch: Right to the extra button", ["--warning", "--switch", "--extra-button=A"],
          C.keys("Right", "Return"), exit: 1, stdout: "A\n"),
        C("question: extra button with ZENITY_ESC", ["--question", "--extra-button=X"], env: ["ZENITY_ESC": "9"],
          C.keys("Left", "Left", "Return"), exit: 9, stdout: "X\n"),
        C("question: ZENITY_EXTRA", ["--question", "--extra-button=X"], env: ["ZENITY_EXTRA": "4"],
          C.keys("Left", "Left", "Return"), exit: 1, stdout: "X\n",
          zenityIsWrong: ("zenity 3.44 defines ZENITY_EXTRA but exits with the ESC code for extra buttons; "
                          + "beckon uses ZENITY_EXTRA when it is set", .init(exitCode: 4, stdout: "X\n"))),
    ]

    static let overrides: [ZenityCase] = [
        C("ZENITY_OK", ["--question"], env: ["ZENITY_OK": "7"], yes, exit: 7),
        C("DIALOG_OK", ["--info"], env: ["DIALOG_OK": "8"], yes, exit: 8),
        C("ZENITY_OK wins over DIALOG_OK", ["--info"], env: ["ZENITY_OK": "7", "DIALOG_OK": "8"], yes, exit: 7),
        C("ZENITY_OK that is not a number is 0 (atoi)", ["--question"], env: ["ZENITY_OK": "abc"], yes, exit: 0),
        C("ZENITY_OK=300 wraps to 44", ["--question"], env: ["ZENITY_OK": "300"], yes, exit: 44),
        C("ZENITY_CANCEL", ["--question"], env: ["ZENITY_CANCEL": "3"], C.keys("Left", "Return"), exit: 3),
        C("DIALOG_CANCEL", ["--question"], env: ["DIALOG_CANCEL": "4"], C.keys("Left", "Return"), exit: 4),
        C("ZENITY_ESC on Escape", ["--warning"], env: ["ZENITY_ESC": "6"], C.keys("Escape"), exit: 6),
        C("DIALOG_ESC on a window close", ["--error"], env: ["DIALOG_ESC": "6"], .windowManagerClose, exit: 6),
        C("ZENITY_CANCEL does not apply to Escape", ["--question"], env: ["ZENITY_CANCEL": "3"], C.keys("Escape"), exit: 1),
        C("ZENITY_ERROR does not apply to bad options", ["--bogus"], env: ["ZENITY_ERROR": "3"], .none, exit: 255),
    ]

    static let window: [ZenityCase] = [
        C("--title --width --height", ["--question", "--title=Sized", "--width=500", "--height=220"], yes, exit: 0),
        C("--icon-name and --window-icon", ["--info", "--icon-name=dialog-password", "--window-icon=error"], yes, exit: 0),
        C("--window-icon that is a missing file", ["--warning", "--window-icon=/nonexistent/icon.png"], yes, exit: 0),
        C("--modal", ["--error", "--modal"], yes, exit: 0),
        C("--attach to a window that does not exist", ["--info", "--attach=0x12345"], yes, exit: 0),
        C("WINDOWID names the parent", ["--question"], env: ["WINDOWID": "0x12345"], C.keys("Left", "Return"), exit: 1),
        C("negative --width is ignored", ["--info", "--width=-5"], yes, exit: 0),
        C("GTK's --class and --name", ["--info", "--class=Beckon", "--name=beckon-test"], yes, exit: 0),
    ]

    static let localized: [ZenityCase] = [
        C("ja_JP: the No mnemonic of いいえ(_N)", ["--question"], env: ["LANG": "ja_JP.UTF-8"], C.keys("alt+n"), exit: 1),
        C("ja_JP: unicode text, Return", ["--question", "--text=続けますか？"], env: ["LANG": "ja_JP.UTF-8"], yes, exit: 0),
        C("de_DE: the Ja mnemonic", ["--question", "--default-cancel"], env: ["LANG": "de_DE.UTF-8"], C.keys("alt+j"), exit: 0),
        C("de_DE: the Nein mnemonic", ["--question"], env: ["LANG": "de_DE.UTF-8"], C.keys("alt+n"), exit: 1),
    ]

    static let commandLine: [ZenityCase] = [
        C("unknown option", ["--question", "--bogus"], .none, exit: 255),
        C("unknown short option", ["-x", "--info"], .none, exit: 255),
        C("no dialog type", ["--text=hello"], .none, exit: 255),
        C("two dialog types", ["--info", "--question"], .none, exit: 255),
        C("the same dialog type twice is taken as once", ["--question", "--question"], yes, exit: 0),
        C("the same dialog type twice, with options between", ["--info", "--text=x", "--info"], yes, exit: 0),
        C("not an integer", ["--question", "--width=abc"], .none, exit: 255),
        C("integer overflow", ["--question", "--timeout=99999999999"], .none, exit: 255),
        C("missing value", ["--info", "--timeout"], .none, exit: 255),
        C("another dialog's option", ["--question", "--entry-text=x"], .none, exit: 255),
        C("--cancel-label on info", ["--info", "--cancel-label=x"], .none, exit: 255),
        C("--switch without extra buttons", ["--question", "--switch"], .none, exit: 255),
        C("--version", ["--version"], .none, exit: 0, stdout: "3.44.0\n"),
        C("-- ends the options", ["--info", "--", "--bogus"], yes, exit: 0),
        C("stray arguments are ignored", ["--info", "stray", "words"], yes, exit: 0),
        C("the last --title and --text win", ["--question", "--text=first", "--text=second", "--title=a", "--title=b"],
          C.keys("Left", "Return"), exit: 1),
        C("--timeout octal 010 is 8, answered first", ["--info", "--timeout=010"], yes, exit: 0),
    ]
}

import BeckonTestSupport
import Testing

/// `--password`, side by side with zenity 3.44.
@Suite(.serialized, .guiHangLimit) struct PasswordDifferentialTests {
    @Test(arguments: PasswordCases.all)
    func sameAsZenity(_ c: ZenityCase) throws {
        try assertSameAsZenity(c)
    }
}

/// The `--password` cases, each checked by hand against zenity 3.44 first.
enum PasswordCases {
    typealias C = ZenityCase

    static let all: [ZenityCase] = typing + username + timeouts + buttons + overrides + commandLine

    static let typing: [ZenityCase] = [
        C("password: typed, Return", ["--password"], .type("s3cret", then: ["Return"]), exit: 0, stdout: "s3cret\n"),
        C("password: with a bar and spaces", ["--password"], .type("a|b c", then: ["Return"]), exit: 0,
          stdout: "a|b c\n"),
        C("password: empty", ["--password"], C.keys("Return"), exit: 0, stdout: "\n"),
        C("password: Escape prints nothing", ["--password"], .type("s3cret", then: ["Escape"]), exit: 1),
        C("password: window-manager close", ["--password"], .windowManagerClose, exit: 1),
        C("password: --text, --width and --window-icon are taken",
          ["--password", "--text=Vault key", "--width=600", "--window-icon=error"],
          .type("pw", then: ["Return"]), exit: 0, stdout: "pw\n"),
        C("password: unicode --title", ["--password", "--title=Tresor — 金庫 🔑"], .type("pw", then: ["Return"]),
          exit: 0, stdout: "pw\n"),
        C("password: stray arguments are ignored", ["--password", "stray", "words"], .type("pw", then: ["Return"]),
          exit: 0, stdout: "pw\n"),
    ]

    static let username: [ZenityCase] = [
        C("password --username: user|pass", ["--password", "--username"],
          .type("ann", then: ["Tab", "p", "w", "Return"]), exit: 0, stdout: "ann|pw\n"),
        C("password --username: Return in the user-name field does not answer", ["--password", "--username"],
          .type("ann", then: ["Return", "e", "Tab", "p", "Return"]), exit: 0, stdout: "anne|p\n"),
        C("password --username: both empty still print the bar", ["--password", "--username"],
          C.keys("Tab", "Return"), exit: 0, stdout: "|\n"),
        C("password --username: a bar in the user name", ["--password", "--username"],
          .type("a|b", then: ["Tab", "c", "Return"]), exit: 0, stdout: "a|b|c\n"),
        C("password --username: Escape", ["--password", "--username"], .type("ann", then: ["Tab", "p", "Escape"]),
          exit: 1),
    ]

    static let timeouts: [ZenityCase] = [
        C("password: the timeout exits 1 and prints nothing", ["--password", "--timeout=1"], .none, exit: 1),
        C("password: the timeout uses ZENITY_ESC", ["--password", "--timeout=1"], env: ["ZENITY_ESC": "3"], .none,
          exit: 3),
        C("password: the timeout ignores ZENITY_TIMEOUT and ZENITY_CANCEL", ["--password", "--username", "--timeout=1"],
          env: ["ZENITY_TIMEOUT": "6", "ZENITY_CANCEL": "4"], .none, exit: 1),
        C("password: answered before the timeout", ["--password", "--timeout=30"], .type("pw", then: ["Return"]),
          exit: 0, stdout: "pw\n"),
    ]

    static let buttons: [ZenityCase] = [
        C("password: Return on a focused Cancel cancels", ["--password"], .type("pw", then: ["Tab", "Return"]), exit: 1),
        C("password: Space on the focused OK", ["--password"], .type("pw", then: ["Tab", "Tab", "space"]), exit: 0,
          stdout: "pw\n"),
        C("password: Cancel's mnemonic", ["--password"], .type("pw", then: ["alt+c"]), exit: 1),
        C("password: --ok-label mnemonic", ["--password", "--ok-label=_Go"], .type("pw", then: ["alt+g"]), exit: 0,
          stdout: "pw\n"),
        C("password: extra button prints its label", ["--password", "--extra-button=_More"],
          .type("pw", then: ["alt+m"]), exit: 1, stdout: "_More\n"),
        C("password: extra buttons stand before Cancel", ["--password", "--extra-button=Later"],
          .type("pw", then: ["Tab", "Return"]), exit: 1, stdout: "Later\n"),
        C("password: Tab three times from the field reaches OK", ["--password", "--extra-button=Later"],
          .type("pw", then: ["Tab", "Tab", "Tab", "Return"]), exit: 0, stdout: "pw\n"),
    ]

    static let overrides: [ZenityCase] = [
        C("password: ZENITY_OK", ["--password"], env: ["ZENITY_OK": "2"], .type("pw", then: ["Return"]), exit: 2,
          stdout: "pw\n"),
        C("password: ZENITY_CANCEL", ["--password"], env: ["ZENITY_CANCEL": "4"], .type("pw", then: ["alt+c"]), exit: 4),
        C("password: DIALOG_ESC on a window close", ["--password"], env: ["DIALOG_ESC": "6"], .windowManagerClose,
          exit: 6),
    ]

    static let commandLine: [ZenityCase] = [
        C("password: --separator is refused", ["--password", "--separator=,"], .none, exit: 255),
        C("password: --separator=| passes", ["--password", "--separator=|"], .type("pw", then: ["Return"]), exit: 0,
          stdout: "pw\n"),
        C("password: --entry-text is entry's", ["--password", "--entry-text=x"], .none, exit: 255),
        C("password: --hide-text is entry's", ["--password", "--hide-text"], .none, exit: 255),
        C("password: --username on another dialog", ["--question", "--username"], .none, exit: 255),
    ]
}

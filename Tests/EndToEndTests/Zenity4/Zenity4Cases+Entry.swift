import BeckonTestSupport

/// `--entry` and `--password` as zenity 4.2.2 answers them.
extension Zenity4Cases {
    static let entry: [Zenity4Case] = [
        C(z42, "entry --icon (4.2.2 takes it on entry too): typed text, Return", ["--entry", "--icon=dialog-warning"],
          .type("v", then: ["Return"]), exit: 0, stdout: "v\n"),
        C(union, "entry --icon: typed text, Return", ["--entry", "--icon=dialog-warning"],
          .type("v", then: ["Return"]), exit: 0, stdout: "v\n"),
        C(z42, "entry --entry-text, Return", ["--entry", "--entry-text=abc"], keys("Return"), exit: 0, stdout: "abc\n"),
        C(z42, "entry: Escape prints nothing", ["--entry"], .type("typed", then: ["Escape"]), exit: 1),
        C(z42, "entry --hide-text: what was typed", ["--entry", "--hide-text"], .type("s3cret", then: ["Return"]),
          exit: 0, stdout: "s3cret\n"),
        C(z42, "entry combo: Down Down Return", ["--entry", "a", "b", "c"], keys("Down", "Down", "Return"),
          exit: 0, stdout: "b\n"),
    ]

    static let password: [Zenity4Case] = [
        C(z42, "password --timeout 1: exit 5 (4.2)", ["--password", "--timeout=1"], .none, exit: 5),
        C(union, "password --timeout 1: exit 1 by default (3.44)", ["--password", "--timeout=1"], .none, exit: 1,
          zenity4: .differs(.init(exitCode: 5, stdout: ""), why: "4.2 exits 5, 3.44 exits 1"), zenity344: true),
        C(z42, "password --text: typed, Return", ["--password", "--text", "Enter it"], .type("pw", then: ["Return"]),
          exit: 0, stdout: "pw\n"),
        C(union, "password --text (a zenity 4 option): typed, Return", ["--password", "--text", "Enter it"],
          .type("pw", then: ["Return"]), exit: 0, stdout: "pw\n"),
        C(z42, "password: Escape", ["--password"], .type("pw", then: ["Escape"]), exit: 1),
        C(union, "password --text: Escape", ["--password", "--text=Key?"], .type("pw", then: ["Escape"]), exit: 1),
        C(z42, "password --username: Tab to the password, Return", ["--password", "--username"],
          .type("me", then: ["Tab", "p", "w", "Return"]), exit: 0, stdout: "me|pw\n"),
    ]
}

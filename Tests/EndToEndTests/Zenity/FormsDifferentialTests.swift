import Foundation
import BeckonTestSupport
import Testing

/// `--forms`, side by side with zenity 3.44: the same keys, the same stdout
/// and exit code.
@Suite(.serialized, .guiHangLimit) struct FormsDifferentialTests {
    @Test(arguments: FormsCases.all)
    func sameAsZenity(_ c: ZenityCase) throws {
        try assertSameAsZenity(c)
    }
}

/// The forms' differential table, each case checked by hand against zenity
/// 3.44 first. The first field has the focus when the window opens; Tab goes
/// field by field, then to Cancel, OK and the extra buttons. No button is the
/// default: Return in a field does nothing, so OK is pressed with Space.
enum FormsCases {
    typealias C = ZenityCase

    static let all: [ZenityCase] = buttons + output + lists + combos + commandLine

    /// From the only field: Tab to Cancel, Tab to OK, Space presses it.
    static let ok = ["Tab", "Tab", "space"]

    static let buttons: [ZenityCase] = [
        C("forms: typed text, OK", ["--forms", "--add-entry=Name"], .type("hello world", then: ok), exit: 0,
          stdout: "hello world\n"),
        C("forms: Return in an entry does not press OK", ["--forms", "--add-entry=Name", "--timeout=1"],
          .type("abc", then: ["Return"]), exit: 5, stdout: "abc\n"),
        C("forms: Tab then Return is Cancel", ["--forms", "--add-entry=Name"], .type("abc", then: ["Tab", "Return"]),
          exit: 1),
        C("forms: Escape", ["--forms", "--add-entry=Name"], .type("abc", then: ["Escape"]), exit: 1),
        C("forms: window-manager close", ["--forms", "--add-entry=Name"], .windowManagerClose, exit: 1),
        C("forms: an extra button after OK", ["--forms", "--add-entry=Name", "--extra-button=Später"],
          C.keys("Tab", "Tab", "Tab", "space"), exit: 1, stdout: "Später\n"),
        C("forms: --ok-label and --cancel-label", ["--forms", "--add-entry=Name", "--ok-label=Go",
                                                   "--cancel-label=No"], .type("x", then: ok), exit: 0,
          stdout: "x\n"),
        C("forms: ZENITY_OK", ["--forms", "--add-entry=Name"], env: ["ZENITY_OK": "7"], .type("x", then: ok), exit: 7,
          stdout: "x\n"),
        C("forms: DIALOG_TIMEOUT", ["--forms", "--add-entry=A", "--add-entry=B", "--timeout=1"],
          env: ["DIALOG_TIMEOUT": "8"], .type("a", then: ["Tab", "b"]), exit: 8, stdout: "a|b\n"),
    ]

    static let output: [ZenityCase] = [
        C("forms: fields in command-line order, joined by '|'", ["--forms", "--add-password=Secret",
                                                                 "--add-entry=Name"],
          C.keys("x", "Tab", "y", "Tab", "Tab", "space"), exit: 0, stdout: "x|y\n"),
        C("forms: --separator is taken literally", ["--forms", "--add-entry=A", "--add-entry=B", #"--separator=\n"#,
                                                    "--timeout=1"],
          C.keys("a", "Tab", "b"), exit: 5, stdout: #"a\nb"# + "\n"),
        C("forms: a unicode separator of several characters", ["--forms", "--add-entry=A", "--add-entry=B",
                                                               "--separator= ☃ ", "--timeout=1"],
          C.keys("a", "Tab", "b"), exit: 5, stdout: "a ☃ b\n"),
        C("forms: a calendar through --forms-date-format", ["--forms", "--add-entry=A", "--add-calendar=Day",
                                                            "--forms-date-format=100%% — day", "--timeout=1"],
          .none, exit: 5, stdout: "|100% — day\n"),
        C("forms: no fields at all", ["--forms", "--text=<b>Nothing</b>", "--timeout=1"], .none, exit: 5,
          stdout: "\n"),
    ]

    static let lists: [ZenityCase] = [
        C("forms: a first list selects its first row; a comma follows each cell unless last",
          ["--forms", "--add-list=L", "--list-values=a|b|c", "--add-entry=E", "--timeout=1"], .none, exit: 5,
          stdout: "a,|\n"),
        C("forms: a list after another field selects nothing", ["--forms", "--add-entry=E", "--add-list=L",
                                                                "--list-values=a|b", "--timeout=1"],
          .none, exit: 5, stdout: "|\n"),
        C("forms: Tab into a list chooses its first row", ["--forms", "--add-entry=E", "--add-list=L",
                                                           "--list-values=a|b", "--timeout=2"],
          C.keys("Tab"), exit: 5, stdout: "|a\n"),
        C("forms: a last list's cells are joined with nothing", ["--forms", "--add-list=L", "--list-values=a|b|c|d",
                                                                 "--column-values=x|y", "--show-header",
                                                                 "--timeout=2"],
          C.keys("Down"), exit: 5, stdout: "cd\n"),
        C("forms: a short last row prints (null)", ["--forms", "--add-list=L", "--list-values=a|b|c",
                                                    "--column-values=x|y", "--timeout=2"],
          C.keys("Down"), exit: 5, stdout: "c(null)\n"),
        C("forms: the second list's columns are the second --list-values",
          ["--forms", "--add-list=L", "--list-values=a|b", "--column-values=c1", "--add-list=M",
           "--list-values=p|q|r", "--column-values=d1|d2", "--timeout=2"],
          C.keys("Tab", "space"), exit: 5, stdout: "a,|pqr\n"),
        C("forms: --show-header, then Tab from the list to the next field",
          ["--forms", "--add-list=L", "--list-values=a|b", "--show-header", "--add-entry=E", "--timeout=2"],
          C.keys("Down", "Tab", "x"), exit: 5, stdout: "b,|x\n"),
        C("forms: an empty --list-values has no rows", ["--forms", "--add-list=L", "--list-values=", "--add-entry=E",
                                                        "--timeout=1"], .none, exit: 5, stdout: "|\n"),
    ]

    static let combos: [ZenityCase] = [
        C("forms: Down picks a combo's entry; an unpicked combo prints a space",
          ["--forms", "--add-combo=C", "--combo-values=x|y|z", "--add-combo=D", "--combo-values=u|v", "--timeout=2"],
          C.keys("Down", "Down"), exit: 5, stdout: "y| \n"),
        C("forms: Up in a combo goes back", ["--forms", "--add-combo=C", "--combo-values=x|y|z", "--timeout=2"],
          C.keys("Down", "Down", "Down", "Up"), exit: 5, stdout: "y\n"),
        C("forms: a combo without --combo-values", ["--forms", "--add-entry=E", "--add-combo=C", "--timeout=1"],
          .none, exit: 5, stdout: "| \n"),
    ]

    static let commandLine: [ZenityCase] = [
        C("forms: --column-values without --list-values", ["--forms", "--add-list=L", "--column-values=a|b"],
          .none, exit: 11,
          zenityIsWrong: ("zenity 3.44 reads the second column set from the missing --list-values: a segfault "
                          + "(139 in a shell) before any window; beckon says --list-values is needed",
                          .init(exitCode: 255, stdout: ""))),
        C("forms: --day is not supported", ["--forms", "--add-entry=A", "--day=3"], .none, exit: 255),
    ]
}

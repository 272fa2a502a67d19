import BeckonTestSupport
import Foundation
import Testing

/// `--list`, side by side with zenity 3.44: the same keys and clicks, the same
/// stdout and exit code.
@Suite(.serialized, .guiHangLimit) struct ListDifferentialTests {
    @Test(arguments: ListCases.all)
    func sameAsZenity(_ c: ZenityCase) throws {
        try assertSameAsZenity(c)
    }
}

/// The list's differential table, each case checked against zenity 3.44. The
/// list has the keyboard when the window opens, with no row under the cursor:
/// Down selects the second row, space the first, and Return with no row does
/// nothing. Clicks land at x 20 and y 70, 90 and 110 in zenity's 300 by 196
/// window: the first three rows below the text and the headers.
enum ListCases {
    typealias C = ZenityCase
    typealias P = DialogRun.Point

    static let all: [ZenityCase] = keys + printColumn + separators + multiple + toggles + options + stdin
        + endings + errors

    static let abc = ["--list", "--column=Letter", "a", "b", "c"]
    static let table = ["--list", "--column=Name", "--column=Size", "--column=Kind", "a", "1", "x", "b", "2", "y",
                        "c", "3", "z"]
    static let checks = ["--list", "--checklist", "--column=Pick", "--column=Name", "--column=Size",
                         "TRUE", "a", "1", "FALSE", "b", "2", "true", "c", "3"]
    static let radios = ["--list", "--radiolist", "--column=Pick", "--column=Name", "--column=Size",
                         "FALSE", "a", "1", "FALSE", "b", "2", "FALSE", "c", "3"]

    static let keys: [ZenityCase] = [
        C("list: Down, then Return answers with the second row", abc, C.keys("Down", "Return"), exit: 0,
          stdout: "b\n"),
        C("list: space selects the first row", abc, C.keys("space", "Return"), exit: 0, stdout: "a\n"),
        C("list: End, then Return", abc, C.keys("End", "Return"), exit: 0, stdout: "c\n"),
        C("list: Down, Down, Up", abc, C.keys("Down", "Down", "Up", "Return"), exit: 0, stdout: "b\n"),
        C("list: Return with no row under the cursor does nothing", abc, C.keys("Return", "Escape"), exit: 1),
        C("list: OK with nothing selected prints nothing", abc, C.keys("Tab", "Tab", "Return"), exit: 0),
        C("list: a double click on a row answers", abc, .doubleClick(P(40, 90)), exit: 0, stdout: "b\n"),
        C("list: typing finds a row by its start", ["--list", "--column=N", "alpha", "beta", "gamma"],
          C.keys("g", "a", "Return"), exit: 0, stdout: "gamma\n"),
        C("list: --mid-search finds a row by any part", ["--list", "--mid-search", "--column=N", "alpha", "beta",
                                                          "gamma"],
          C.keys("m", "m", "Return"), exit: 0, stdout: "gamma\n"),
    ]

    static let printColumn: [ZenityCase] = [
        C("list: the first column by default", table, C.keys("Down", "Return"), exit: 0, stdout: "b\n"),
        C("list: --print-column=2", table + ["--print-column=2"], C.keys("Down", "Return"), exit: 0, stdout: "2\n"),
        C("list: --print-column=3,1 keeps that order", table + ["--print-column=3,1"], C.keys("Down", "Return"),
          exit: 0, stdout: "y|b\n"),
        C("list: --print-column=ALL", table + ["--print-column=ALL"], C.keys("End", "Return"), exit: 0,
          stdout: "c|3|z\n"),
        C("list: --print-column=all in lower case", table + ["--print-column=all"], C.keys("space", "Return"),
          exit: 0, stdout: "a|1|x\n"),
        C("list: out-of-range print columns are dropped", table + ["--print-column=9,2,0,-1"],
          C.keys("Down", "Return"), exit: 0, stdout: "2\n"),
        C("list: no print column left prints nothing", table + ["--print-column=0"], C.keys("Down", "Return"),
          exit: 0),
        C("list: a column printed twice", table + ["--print-column=1,1"], C.keys("Down", "Return"), exit: 0,
          stdout: "b|b\n"),
        C("list: --hide-column still prints the hidden column", table + ["--hide-column=1"],
          C.keys("Down", "Return"), exit: 0, stdout: "b\n"),
        C("list: a short last row's empty cell", ["--list", "--column=A", "--column=B", "--print-column=ALL",
                                                   "a", "1", "b"],
          C.keys("Down", "Return"), exit: 0, stdout: "b|(null)\n",
          zenityIsWrong: ("zenity prints \"(null)\" for a cell with no text; beckon prints it empty",
                          .init(exitCode: 0, stdout: "b|\n"))),
    ]

    static let separators: [ZenityCase] = [
        C(#"list: --separator='\n' is an escape"#, table + ["--print-column=ALL", #"--separator=\n"#],
          C.keys("Down", "Return"), exit: 0, stdout: "b\n2\ny\n"),
        C(#"list: --separator='\t'"#, table + ["--print-column=2,1", #"--separator=\t"#],
          C.keys("Down", "Return"), exit: 0, stdout: "2\tb\n"),
        C("list: a separator of several characters", table + ["--print-column=ALL", "--separator=, "],
          C.keys("Down", "Return"), exit: 0, stdout: "b, 2, y\n"),
        C(#"list: an octal escape in --separator"#, table + ["--print-column=1,2", #"--separator=\055"#],
          C.keys("Down", "Return"), exit: 0, stdout: "b-2\n"),
        C("list: an empty separator", table + ["--print-column=ALL", "--separator="], C.keys("Down", "Return"),
          exit: 0, stdout: "b2y\n"),
    ]

    static let multiple: [ZenityCase] = [
        C("list --multiple: a click, then a shift+click", ["--multiple"] + abc,
          .clicks([P(40, 70), P(40, 110, holding: "shift")], then: ["Tab", "Tab", "Return"]), exit: 0,
          stdout: "a|b|c\n"),
        C("list --multiple: a click, then a ctrl+click", ["--multiple"] + abc,
          .clicks([P(40, 70), P(40, 110, holding: "ctrl")], then: ["Tab", "Tab", "Return"]), exit: 0,
          stdout: "a|c\n"),
        C("list --multiple: rows print in list order, with the separator", ["--multiple", #"--separator=\n"#]
            + table + ["--print-column=2"],
          .clicks([P(40, 110), P(40, 70, holding: "ctrl")], then: ["Tab", "Tab", "Return"]), exit: 0,
          stdout: "1\n3\n"),
        C("list --multiple: ctrl+a selects every row", ["--multiple"] + abc,
          C.keys("ctrl+a", "Tab", "Tab", "Return"), exit: 0, stdout: "a|b|c\n"),
        C("list --multiple: Return answers with the row under the cursor", ["--multiple"] + abc,
          C.keys("Down", "Down", "Return"), exit: 0, stdout: "b\n"),
    ]

    static let toggles: [ZenityCase] = [
        C("checklist: the rows ticked at first, TRUE in any case", checks, C.keys("Tab", "Tab", "Return"), exit: 0,
          stdout: "a|c\n"),
        C("checklist: a click ticks a row", checks, .clicks([P(20, 90)], then: ["Tab", "Tab", "Return"]), exit: 0,
          stdout: "a|b|c\n"),
        C("checklist: a click unticks a row", checks, .clicks([P(20, 70)], then: ["Tab", "Tab", "Return"]),
          exit: 0, stdout: "c\n"),
        C("checklist: --print-column=ALL skips the toggles", checks + ["--print-column=ALL"],
          C.keys("Tab", "Tab", "Return"), exit: 0, stdout: "a|1|c|3\n"),
        C("checklist: --print-column=3", checks + ["--print-column=3"], C.keys("Tab", "Tab", "Return"), exit: 0,
          stdout: "1|3\n"),
        C("checklist: --print-column=1 names the toggles", checks + ["--print-column=1"],
          C.keys("Tab", "Tab", "Return"), exit: 0, stdout: "(null)|(null)\n",
          zenityIsWrong: ("zenity reads the toggle as a string (a CRITICAL) and prints \"(null)\"; beckon prints "
                          + "nothing for it", .init(exitCode: 0, stdout: "|\n"))),
        C("checklist: Return neither ticks nor answers", checks, C.keys("Down", "Return", "Tab", "Tab", "Return"),
          exit: 0, stdout: "a|c\n"),
        C("checklist: Space ticks the row under the cursor", checks, C.keys("Down", "space", "Tab", "Tab", "Return"),
          exit: 0, stdout: "a|c\n",
          zenityIsWrong: ("zenity's check rows toggle only by mouse; beckon's Space ticks the row under the cursor",
                          .init(exitCode: 0, stdout: "a|b|c\n"))),
        C("radiolist: a click picks the row", radios, .clicks([P(20, 90)], then: ["Tab", "Tab", "Return"]), exit: 0,
          stdout: "b\n"),
        C("radiolist: a second click moves the pick", radios,
          .clicks([P(20, 90), P(20, 110)], then: ["Tab", "Tab", "Return"]), exit: 0, stdout: "c\n"),
        C("radiolist: --print-column=ALL", radios + ["--print-column=ALL"],
          .clicks([P(20, 70)], then: ["Tab", "Tab", "Return"]), exit: 0, stdout: "a|1\n"),
        C("radiolist: nothing picked prints nothing", radios, C.keys("Tab", "Tab", "Return"), exit: 0),
        C("radiolist: Space picks the row under the cursor", radios, C.keys("End", "space", "Tab", "Tab", "Return"),
          exit: 0,
          zenityIsWrong: ("zenity's radio rows are picked only by mouse; beckon's Space picks the row under the "
                          + "cursor", .init(exitCode: 0, stdout: "c\n"))),
    ]

    static let options: [ZenityCase] = [
        C("list --editable: Return edits the cell, OK prints the edit", ["--editable"] + table,
          C.keys("Down", "Return", "X", "Y", "Return", "Tab", "Tab", "Return"), exit: 0, stdout: "XY\n"),
        C("list --editable: an edit with --print-column=ALL", ["--editable", "--print-column=ALL"] + table,
          C.keys("End", "Return", "ctrl+a", "Z", "Return", "Tab", "Tab", "Return"), exit: 0, stdout: "Z|3|z\n"),
        C("list --hide-header", ["--hide-header"] + table, C.keys("Down", "Return"), exit: 0, stdout: "b\n"),
        C("list --imagelist prints the image's path", ["--list", "--imagelist", "--column=Icon", "--column=Name",
                                                        "/usr/share/zenity/zenity-list.png", "list",
                                                        "/usr/share/zenity/zenity-entry.png", "entry"],
          C.keys("Down", "Return"), exit: 0, stdout: "/usr/share/zenity/zenity-entry.png\n"),
        C("list: markup and escapes in --text, unicode rows", ["--list", #"--text=<b>Pick</b> one:\n—"#,
                                                               "--title=Wähle 🎲", "--column=Wort", "Grüße", "日本語",
                                                               "🎲 dice"],
          C.keys("End", "Return"), exit: 0, stdout: "🎲 dice\n"),
        C("list: --width, --height, --modal", abc + ["--width=500", "--height=400", "--modal"],
          C.keys("Down", "Return"), exit: 0, stdout: "b\n"),
        C("list: --ok-label and --cancel-label", abc + ["--ok-label=Take", "--cancel-label=Leave"],
          C.keys("Down", "Tab", "space"), exit: 1),
        C("list: an extra button prints its label", abc + ["--extra-button=More"],
          C.keys("Down", "Tab", "Tab", "Tab", "Return"), exit: 1, stdout: "More\n"),
        C("list: the Cancel button", abc, C.keys("Down", "Tab", "Return"), exit: 1),
    ]

    /// zenity reads a row per 10 ms and closes stdin at its end: the keys wait for that.
    static let stdin: [ZenityCase] = stdinCases.map { var c = $0; c.keysWaitForInput = true; return c }

    private static let stdinCases: [ZenityCase] = [
        C("list: rows from stdin, one cell per line", ["--list", "--column=A", "--column=B", "--print-column=ALL"],
          stdin: "a\n1\nb\n2\n", C.keys("Down", "Return"), exit: 0, stdout: "b|2\n"),
        C("list: a last line without a newline is a cell", ["--list", "--column=A"], stdin: "a\nb\nc",
          C.keys("End", "Return"), exit: 0, stdout: "c\n"),
        C("list: an empty line is an empty cell", ["--list", "--column=A"], stdin: "a\n\nc\n",
          C.keys("Down", "Return"), exit: 0, stdout: "\n"),
        C("list: a carriage return stays in the cell", ["--list", "--column=A"], stdin: "a\r\nb\r\n",
          C.keys("Down", "Return"), exit: 0, stdout: "b\r\n"),
        C("list: check rows from stdin", ["--list", "--checklist", "--column=", "--column=A"],
          stdin: "TRUE\na\nFALSE\nb\ntrue\nc\n", C.keys("Tab", "Tab", "Return"), exit: 0, stdout: "a|c\n"),
        C("list: a short last row from stdin", ["--list", "--column=A", "--column=B", "--print-column=ALL"],
          stdin: "a\n1\nb\n", C.keys("Down", "Return"), exit: 0, stdout: "b|(null)\n",
          zenityIsWrong: ("zenity prints \"(null)\" for the missing cell; beckon prints it empty",
                          .init(exitCode: 0, stdout: "b|\n"))),
        C("list: an empty stdin", ["--list", "--column=A"], stdin: "", C.keys("space", "Return", "Escape"),
          exit: 0, stdout: "(null)\n",
          zenityIsWrong: ("zenity adds a blank row before reading and prints \"(null)\" for it; beckon shows no "
                          + "row, so space and Return find nothing and Escape closes",
                          .init(exitCode: 1, stdout: ""))),
        C("list: 300 rows from stdin, End gives the last", ["--list", "--column=N"],
          stdin: (1...300).map { "\($0)\n" }.joined(), C.keys("End", "Return"), exit: 0, stdout: "300\n"),
        // zenity writes the byte as it came; the harness reads both outputs as UTF-8, so both show U+FFFD.
        // beckon's own bytes and its one warning are checked in ListExtrasTests.
        C("list: a row that is not UTF-8", ["--list", "--column=A"], stdinBytes: Array("a\u{1}".utf8) + [0xFF, 0x62, 0x0A],
          C.keys("space", "Return"), exit: 0, stdout: "a\u{1}\u{FFFD}b\n"),
    ]

    static let endings: [ZenityCase] = [
        C("list: Escape after moving", abc, C.keys("Down", "Escape"), exit: 1),
        C("list: window-manager close", abc, .windowManagerClose, exit: 1),
        C("list --timeout prints the row selected and exits 5", abc + ["--timeout=2"], C.keys("Down"), exit: 5,
          stdout: "b\n"),
        C("list --timeout with nothing selected", abc + ["--timeout=1"], .none, exit: 5),
        C("checklist --timeout prints the ticked rows", checks + ["--timeout=1"], .none, exit: 5, stdout: "a|c\n"),
        C("list: ZENITY_TIMEOUT", abc + ["--timeout=1"], env: ["ZENITY_TIMEOUT": "9"], .none, exit: 9),
        C("list: ZENITY_OK", abc, env: ["ZENITY_OK": "7"], C.keys("Down", "Return"), exit: 7, stdout: "b\n"),
        C("list: ZENITY_ESC", abc, env: ["ZENITY_ESC": "6"], C.keys("Escape"), exit: 6),
    ]

    static let errors: [ZenityCase] = [
        C("list: no --column", ["--list", "a", "b"], .none, exit: 255),
        C("list: --checklist with --radiolist", ["--list", "--checklist", "--radiolist", "--column=A", "a"], .none,
          exit: 255),
        C("list: --imagelist with --checklist", ["--list", "--imagelist", "--checklist", "--column=A", "a"], .none,
          exit: 255),
        C("list: ZENITY_ERROR on no --column", ["--list", "a"], env: ["ZENITY_ERROR": "3"], .none, exit: 3),
        C("list: --separator with no value", ["--list", "--column=A", "--separator"], .none, exit: 255),
        C("list: an option of another dialog", ["--list", "--column=A", "--entry-text=x", "a"], .none, exit: 255),
    ]
}

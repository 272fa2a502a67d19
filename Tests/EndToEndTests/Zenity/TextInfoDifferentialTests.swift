import Foundation
import BeckonTestSupport
import Synchronization
import Testing

/// `--text-info`, side by side with zenity 3.44: the same input, the same
/// keys, the same stdout and exit code.
@Suite(.serialized, .guiHangLimit) struct TextInfoDifferentialTests {
    @Test(arguments: TextInfoCases.all)
    func sameAsZenity(_ c: ZenityCase) throws {
        try #require(TextInfoFixtures.unwritten.withLock { $0 }.isEmpty,
                     "fixtures not written: \(TextInfoFixtures.unwritten.withLock { $0 })")
        try assertSameAsZenity(c)
    }
}

/// The files the cases show, written once per test process.
enum TextInfoFixtures {
    static let directory: URL = {
        URL(fileURLWithPath: TestRunDirectory.make("beckon-text-info"), isDirectory: true)
    }()

    /// The fixtures that could not be written, which every case checks first:
    /// beckon and zenity would both refuse a missing file alike, and the
    /// comparison would pass without reading anything. Kept rather than
    /// recorded as an issue, since the fixtures are written while the cases
    /// are listed, outside any test, where an issue is lost.
    static let unwritten = Mutex<[String]>([])

    /// Writes `bytes` to `name` in the fixtures' directory and returns its path.
    static func file(_ name: String, _ bytes: [UInt8]) -> String {
        let url = directory.appendingPathComponent(name)
        do {
            try Data(bytes).write(to: url)
        } catch {
            unwritten.withLock { $0.append("\(url.path): \(error)") }
        }
        return url.path
    }

    static let twoLines = file("two-lines.txt", Array("line one\nline two\n".utf8))
    static let empty = file("empty.txt", [])
    /// "abc", a byte that is not UTF-8, "def": zenity shows "abc" only.
    static let latin1 = file("latin1.txt", Array("abc".utf8) + [0xFF] + Array("def\n".utf8))
    static let longLine = file("long-line.txt", Array((String(repeating: "wide ", count: 400) + "\n").utf8))
    static let big = file("big.txt", Array(TextInfoCases.bigText.utf8))
    static let missing = directory.appendingPathComponent("no-such-file.txt").path
    /// What /etc/gdm/banner holds under the SLES STIG: the DoD notice, plain text.
    static let banner = file("banner", Array(("You are accessing a U.S. Government (USG) Information System (IS) that is "
        + "provided for USG-authorized use only.\n\nBy using this IS (which includes any device attached to this IS), "
        + "you consent to the following conditions:\n\n-The USG routinely intercepts and monitors communications on "
        + "this IS for purposes including, but not limited to, penetration testing, COMSEC monitoring, network "
        + "operations and defense, personnel misconduct (PM), law enforcement (LE), and counterintelligence (CI) "
        + "investigations.\n").utf8))
}

/// The text dialog's differential table, each case checked by hand against
/// zenity 3.44 first. The text view has the focus when the window opens:
/// read-only, Return reaches OK (the default); editable, Return is a line
/// break and Tab a tab, so ctrl+Tab leaves the text. Tab order: the text,
/// [the checkbox,] Cancel, OK, the extra buttons.
enum TextInfoCases {
    typealias C = ZenityCase
    typealias F = TextInfoFixtures

    static let all: [ZenityCase] = reading + editing + checkbox + slesXsession + options + input

    /// The line the SLES 12/15 STIG puts at the top of /etc/gdm/Xsession
    /// (ComplianceAsCode `gui_login_dod_acknowledgement`), word for word, with
    /// its two stray positional arguments:
    /// `zenity --text-info --title "Consent" --filename=/etc/gdm/banner --no-markup --checkbox="Accept." 10 10`.
    /// Only exit 0 lets the session start.
    static let slesLine = ["--text-info", "--title", "Consent", "--filename=\(F.banner)", "--no-markup",
                           "--checkbox=Accept.", "10", "10"]
    static let slesXsession: [ZenityCase] = [
        C("SLES Xsession line: Return does nothing unticked; ticked, Return starts the session", slesLine,
          C.keys("Return", "Tab", "space", "Return"), exit: 0),
        C("SLES Xsession line: Cancel unticked stops the session", slesLine, C.keys("Tab", "Tab", "space"), exit: 1),
        C("SLES Xsession line: Escape stops the session", slesLine, C.keys("Escape"), exit: 1),
        C("SLES Xsession line: the window manager's close stops the session", slesLine, .windowManagerClose, exit: 1),
    ]

    static let reading: [ZenityCase] = [
        C("text-info: stdin, Return gives OK", ["--text-info"], stdin: "hello\nworld\n", C.keys("Return"), exit: 0),
        C("text-info: --filename, Return gives OK", ["--text-info", "--filename=\(F.twoLines)"], C.keys("Return"),
          exit: 0),
        C("text-info: Escape", ["--text-info", "--filename=\(F.twoLines)"], C.keys("Escape"), exit: 1),
        C("text-info: window-manager close", ["--text-info", "--filename=\(F.twoLines)"], .windowManagerClose,
          exit: 1),
        C("text-info: Tab, Tab reaches OK", ["--text-info", "--filename=\(F.twoLines)"],
          C.keys("Tab", "Tab", "Return"), exit: 0),
        C("text-info: space on Cancel", ["--text-info", "--filename=\(F.twoLines)"], C.keys("Tab", "space"), exit: 1),
        C("text-info: Tab then Return", ["--text-info", "--filename=\(F.twoLines)"], C.keys("Tab", "Return"),
          exit: 0,
          zenityIsWrong: ("zenity's Cancel comes from its UI file with receives-default off, so Return with "
                          + "Cancel focused still gives OK; beckon presses the focused button, Cancel, as GTK's "
                          + "dialogs do (as for the scale)", .init(exitCode: 1, stdout: ""))),
        C("text-info: an extra button, reached backwards", ["--text-info", "--filename=\(F.twoLines)",
                                                            "--extra-button=Zed"],
          C.keys("shift+Tab", "Return"), exit: 1, stdout: "Zed\n"),
        C("text-info: an extra button after OK", ["--text-info", "--filename=\(F.twoLines)", "--extra-button=Zed"],
          C.keys("Tab", "Tab", "Tab", "Return"), exit: 1, stdout: "Zed\n"),
        C("text-info: --timeout exits 5 and prints nothing", ["--text-info", "--filename=\(F.twoLines)",
                                                             "--timeout=1"], .none, exit: 5),
        C("text-info: --ok-label", ["--text-info", "--ok-label=I agree", "--filename=\(F.twoLines)"],
          C.keys("Return"), exit: 0),
    ]

    static let editing: [ZenityCase] = [
        C("text-info --editable: typed text is printed exactly, no newline added",
          ["--text-info", "--editable", "--filename=\(F.twoLines)"],
          .type("hey", then: ["ctrl+Tab", "Tab", "Return"]), exit: 0, stdout: "line one\nline two\nhey"),
        C("text-info --editable: Return is a line break, not OK",
          ["--text-info", "--editable", "--filename=\(F.twoLines)"],
          .type("a", then: ["Return", "ctrl+Tab", "Tab", "Return"]), exit: 0, stdout: "line one\nline two\na\n"),
        C("text-info --editable: untouched, printed as read", ["--text-info", "--editable"],
          stdin: "no newline at the end", C.keys("ctrl+Tab", "Tab", "Return"), exit: 0,
          stdout: "no newline at the end"),
        C("text-info --editable: typing goes at the end of stdin's text", ["--text-info", "--editable"],
          stdin: "from stdin\n", .type("!", then: ["ctrl+Tab", "Tab", "Return"]), exit: 0,
          stdout: "from stdin\n!"),
        C("text-info --editable: the timeout prints the text as it stands",
          ["--text-info", "--editable", "--filename=\(F.twoLines)", "--timeout=3"],
          .type("hey", then: []), exit: 5, stdout: "line one\nline two\nhey"),
        C("text-info --editable: the timeout, untouched", ["--text-info", "--editable", "--timeout=1"],
          stdin: "tab\there\n", .none, exit: 5, stdout: "tab\there\n"),
        C("text-info --editable: ctrl+Return gives OK from inside the text",
          ["--text-info", "--editable", "--filename=\(F.twoLines)"], .type("hey", then: ["ctrl+Return"]), exit: 0,
          stdout: "line one\nline two\nhey"),
        C("text-info --editable: Escape prints nothing", ["--text-info", "--editable", "--filename=\(F.twoLines)"],
          .type("hey", then: ["Escape"]), exit: 1),
        C("text-info --editable: an extra button prints its label, not the text",
          ["--text-info", "--editable", "--filename=\(F.twoLines)", "--extra-button=More"],
          .type("hey", then: ["ctrl+Tab", "Tab", "Tab", "Return"]), exit: 1, stdout: "More\n"),
        C("text-info --editable: empty stdin", ["--text-info", "--editable"], stdin: "",
          C.keys("ctrl+Tab", "Tab", "Return"), exit: 0),
        C("text-info --editable: an empty file, then typing", ["--text-info", "--editable", "--filename=\(F.empty)"],
          .type("new", then: ["ctrl+Tab", "Tab", "Return"]), exit: 0, stdout: "new"),
        // Small enough that zenity has read it all before the keys come: it
        // shows its window while still reading, 1 KB per turn of its loop
        // (48 KB was sometimes cut short by zenity).
        C("text-info --editable: 12 KB of stdin comes back byte for byte", ["--text-info", "--editable"],
          stdin: String(bigText.prefix(400 * 31)), C.keys("ctrl+Tab", "Tab", "Return"), exit: 0,
          stdout: String(bigText.prefix(400 * 31))),
        C("text-info --editable: a 250 KB file comes back byte for byte",
          ["--text-info", "--editable", "--filename=\(F.big)"], C.keys("ctrl+Tab", "Tab", "Return"), exit: 0,
          stdout: bigText),
    ]

    static let checkbox: [ZenityCase] = [
        C("text-info --checkbox: Return does nothing until ticked; Tab, space ticks it",
          ["--text-info", "--filename=\(F.twoLines)", "--checkbox=I read it"],
          C.keys("Return", "Tab", "space", "Return"), exit: 0),
        C("text-info --checkbox: unticked, only the timeout ends it",
          ["--text-info", "--filename=\(F.twoLines)", "--checkbox=I read it", "--timeout=2"],
          C.keys("Return"), exit: 5),
        C("text-info --checkbox: ticked then cleared, Return does nothing",
          ["--text-info", "--filename=\(F.twoLines)", "--checkbox=I read it", "--timeout=2"],
          C.keys("Tab", "space", "space", "Return"), exit: 5),
        C("text-info --checkbox: ctrl+Return is a line break until ticked",
          ["--text-info", "--editable", "--filename=\(F.twoLines)", "--checkbox=Agree", "--timeout=2"],
          C.keys("ctrl+Return"), exit: 5, stdout: "line one\nline two\n\n"),
        C("text-info --checkbox: Cancel still works unticked",
          ["--text-info", "--filename=\(F.twoLines)", "--checkbox=I read it"],
          C.keys("Tab", "Tab", "space"), exit: 1),
        C("text-info --checkbox --editable: ticked, the text is printed",
          ["--text-info", "--editable", "--filename=\(F.twoLines)", "--checkbox=Agree"],
          .type("x", then: ["ctrl+Tab", "space", "Return"]), exit: 0, stdout: "line one\nline two\nx"),
    ]

    static let options: [ZenityCase] = [
        C("text-info --font", ["--text-info", "--font=Monospace Bold 14", "--filename=\(F.twoLines)"],
          C.keys("Return"), exit: 0),
        C("text-info --no-wrap, taken though --help does not list it",
          ["--text-info", "--no-wrap", "--filename=\(F.longLine)"], C.keys("Return"), exit: 0),
        C("text-info --no-wrap --editable keeps long lines whole",
          ["--text-info", "--no-wrap", "--editable", "--filename=\(F.longLine)"],
          C.keys("ctrl+Tab", "Tab", "Return"), exit: 0, stdout: String(repeating: "wide ", count: 400) + "\n"),
        C("text-info --auto-scroll from stdin", ["--text-info", "--auto-scroll", "--editable"],
          stdin: String(repeating: "a line\n", count: 300), C.keys("ctrl+Tab", "Tab", "Return"), exit: 0,
          stdout: String(repeating: "a line\n", count: 300)),
        C("text-info: --title, --width, --height", ["--text-info", "--title=Read me", "--width=500", "--height=200",
                                                   "--filename=\(F.twoLines)"], C.keys("Return"), exit: 0),
        C("text-info: ZENITY_TIMEOUT", ["--text-info", "--editable", "--timeout=1"], env: ["ZENITY_TIMEOUT": "7"],
          stdin: "t", .none, exit: 7, stdout: "t"),
        C("text-info: --separator is refused", ["--text-info", "--separator=,"], .none, exit: 255),
    ]

    static let input: [ZenityCase] = [
        C("text-info: a missing --filename is an error before any window", ["--text-info", "--filename=\(F.missing)"],
          C.keys("Return"), exit: 0, zenityIsWrong: (unreadableFile, .init(exitCode: 255, stdout: ""))),
        C("text-info --editable: a missing --filename is an error before any window",
          ["--text-info", "--editable", "--filename=\(F.missing)"],
          .type("typed", then: ["ctrl+Tab", "Tab", "Return"]), exit: 0, stdout: "typed",
          zenityIsWrong: (unreadableFile, .init(exitCode: 255, stdout: ""))),
        C("text-info: a directory as --filename is an error before any window",
          ["--text-info", "--filename=\(F.directory.path)"], C.keys("Return"), exit: 0,
          zenityIsWrong: (unreadableFile, .init(exitCode: 255, stdout: ""))),
        C("text-info: empty stdin", ["--text-info"], stdin: "", C.keys("Return"), exit: 0),
        C("text-info --editable: a file that is not UTF-8", ["--text-info", "--editable", "--filename=\(F.latin1)"],
          C.keys("ctrl+Tab", "Tab", "Return"), exit: 0, stdout: "abc",
          zenityIsWrong: ("zenity cuts the text at the first byte that is not UTF-8 (with a warning); beckon "
                          + "keeps it all, the bad byte shown as U+FFFD in a UTF-8 locale, with a warning",
                          .init(exitCode: 0, stdout: "abc\u{FFFD}def\n"))),
    ]

    static let unreadableFile = "zenity warns that it cannot open the file, then shows an empty window whose OK "
        + "exits 0, which a script with --checkbox takes for agreement to a text nobody saw; beckon exits with "
        + "the error code before any window (docs/cli.md)"

    /// 250 KB of numbered lines, with non-ASCII text so chunk boundaries fall
    /// inside characters.
    static let bigText: String = (1...8000).map { "line \($0): grüße, 世界, ✓\n" }.joined()
}

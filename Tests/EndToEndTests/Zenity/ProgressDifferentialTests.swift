import Foundation
import BeckonTestSupport
import Testing

/// `--progress`, side by side with zenity 3.44: the same stdin, the same keys,
/// the same stdout and exit code.
@Suite(.serialized, .guiHangLimit) struct ProgressDifferentialTests {
    @Test(arguments: ProgressCases.all)
    func sameAsZenity(_ c: ZenityCase) throws {
        try assertSameAsZenity(c)
    }
}

/// The progress dialog's differential table, each case checked by hand against
/// zenity 3.44 first.
///
/// What a line does is seen through `--auto-close` with a writer that never
/// closes stdin and `--timeout=1`: a line that reaches 100 closes the dialog
/// (exit 0), any other leaves it to the timeout (exit 5). No case sleeps: the
/// timeout is the deadline, and keys wait for the window.
enum ProgressCases {
    typealias C = ZenityCase

    static let all: [ZenityCase] = numbers + text + endOfInput + buttons + autoKill + timeouts + beyondZenity

    /// A case whose writer sends `stdin` and then stays open.
    static func open(_ name: String, _ arguments: [String], stdin: String, env: [String: String] = [:],
                     _ answer: C.Answer = .none, exit: Int32, stdout: String = "",
                     zenityIsWrong: (why: String, beckon: C.Observed)? = nil) -> C {
        var c = C(name, ["--progress"] + arguments, env: env, stdin: stdin, answer, exit: exit, stdout: stdout,
                  zenityIsWrong: zenityIsWrong)
        c.stdinStaysOpen = true
        return c
    }

    /// Reaching 100 or not: `line`, then a writer that never closes.
    static func reaches(_ line: String, _ reaches: Bool, _ why: String) -> C {
        open("progress \(line.debugDescription): \(why)", ["--auto-close", "--timeout=1"], stdin: line + "\n",
             exit: reaches ? 0 : 5)
    }

    static let numbers: [ZenityCase] = [
        reaches("100", true, "100 closes an auto-closing dialog"),
        reaches("50 60", true, "every digit of the line counts: 5060, clamped to 100"),
        reaches("100abc", true, "letters after the number are skipped"),
        reaches("1e2", false, "no exponents: the digits 1 and 2 make 12"),
        reaches(" 100", false, "a line must start with a digit"),
        reaches("+100", false, "a sign is not a digit"),
        reaches("99,99", false, "',' is a decimal point: 99.99"),
        reaches("99.999", false, "'.' is a decimal point: 99.999"),
        reaches("100,5", true, "100.5 is clamped to 100"),
        reaches("100.0", true, "100.0 is 100"),
        reaches("10.0.0", false, "every digit after the first point is a decimal: 10.00"),
        reaches("99.9999999", false, "zenity's Float arithmetic makes it 99.999985"),
        reaches("1000", true, "1000 is clamped to 100"),
        reaches("0100", true, "a leading zero"),
        open("progress: a last line without its newline waits for the rest", ["--auto-close", "--timeout=1"],
             stdin: "100", exit: 5),
        open("progress: 100 after lower numbers", ["--auto-close", "--timeout=1"], stdin: "0\n10\n55.5\n99\n100\n",
             exit: 0),
    ]

    static let text: [ZenityCase] = [
        reaches("#100", false, "'#' sets the text, not the bar"),
        open("progress: #text, then 100", ["--auto-close", "--timeout=1"], stdin: "#Copying…\n# more \\t text \n100\n",
             exit: 0),
        open("progress: pulsate:true, then 100", ["--auto-close", "--timeout=1"], stdin: "pulsate:true\n100\n", exit: 0),
        open("progress: pulsate:FALSE stops the pulsing, no 100", ["--auto-close", "--timeout=1", "--pulsate"],
             stdin: "pulsate: FALSE\n", exit: 5),
        {
            var c = open("progress: #text that is not UTF-8, then 100", ["--auto-close", "--timeout=1"], stdin: "",
                         exit: 0)
            c.stdin = Data("#caf".utf8) + Data([0xE9, 0xFF]) + Data("\n100\n".utf8)
            return c
        }(),
        {
            var c = C("progress: lines written once the window is up", ["--progress", "--auto-close", "--timeout=5"],
                      .none, exit: 0)
            c.stdinStaysOpen = true
            c.stdinOnceMapped = "#Step 1\n30\n#Step 2\n100\n"
            return c
        }(),
    ]

    static let endOfInput: [ZenityCase] = [
        C("progress: the end of input closes an auto-closing dialog", ["--progress", "--auto-close"], stdin: "30\n",
          .none, exit: 0),
        C("progress: an empty stdin is an end of input too", ["--progress", "--auto-close"], .none, exit: 0),
        C("progress: without --auto-close the end of input leaves it open", ["--progress", "--timeout=1"],
          stdin: "30\n", .none, exit: 5),
        C("progress: a partial last line at the end", ["--progress", "--auto-close"], stdin: "#done\n4", .none, exit: 0),
        open("progress: --percentage=100 neither enables OK nor closes", ["--percentage=100", "--auto-close",
                                                                         "--timeout=1"], stdin: "", exit: 5),
        C("progress: --percentage=100, then the end of input", ["--progress", "--percentage=100", "--auto-close"],
          .none, exit: 0),
        C("progress: --time-remaining with a few numbers", ["--progress", "--time-remaining", "--auto-close"],
          stdin: "10\n20\n50\n", .none, exit: 0),
    ]

    static let buttons: [ZenityCase] = [
        open("progress: Return presses the focused Cancel while the work runs", [], stdin: "50\n",
             env: ["ZENITY_CANCEL": "3", "ZENITY_ESC": "4"], C.keys("Return"), exit: 3),
        open("progress: space presses Cancel", [], stdin: "50\n", env: ["ZENITY_CANCEL": "3", "ZENITY_ESC": "4"],
             C.keys("space"), exit: 3),
        open("progress: Escape", [], stdin: "50\n", env: ["ZENITY_CANCEL": "3", "ZENITY_ESC": "4"],
             C.keys("Escape"), exit: 4),
        open("progress: --no-cancel, Escape still closes", ["--no-cancel"], stdin: "50\n", C.keys("Escape"), exit: 1),
        open("progress: --no-cancel --auto-close reaches 100", ["--no-cancel", "--auto-close"], stdin: "100\n",
             exit: 0),
        open("progress: ZENITY_OK for the automatic close", ["--auto-close"], stdin: "100\n", env: ["ZENITY_OK": "7"],
             exit: 7),
        open("progress: --cancel-label, space", ["--cancel-label=Stopp"], stdin: "5\n", C.keys("space"), exit: 1),
        open("progress: window-manager close", [], stdin: "5\n", .windowManagerClose, exit: 1),
    ]

    /// A parent shell around the dialog: "$DIALOG" is zenity or beckon.
    static func withParentShell(_ name: String, _ arguments: [String], _ answer: C.Answer, exit: Int32,
                                stdout: String = "") -> C {
        var c = C(name, ["--progress", "--title=progress-parent"] + arguments, stdin: "20\n", answer, exit: exit,
                  stdout: stdout)
        c.shell = #""$DIALOG" "$@"; echo "the shell goes on after $?""#
        c.windowName = "^progress-parent$"
        c.stdinStaysOpen = true
        return c
    }

    static let autoKill: [ZenityCase] = [
        // Foundation's Process reports a process killed by a signal with the
        // signal's number: 1 for SIGHUP, and the shell's echo never ran.
        withParentShell("progress --auto-kill: Cancel sends SIGHUP to the parent shell", ["--auto-kill"],
                        C.keys("Return"), exit: SIGHUP),
        withParentShell("progress --auto-kill: Escape sends nothing", ["--auto-kill"], C.keys("Escape"), exit: 0,
                        stdout: "the shell goes on after 1\n"),
        withParentShell("progress without --auto-kill: Cancel leaves the parent be", [], C.keys("Return"), exit: 0,
                        stdout: "the shell goes on after 1\n"),
    ]

    static let timeouts: [ZenityCase] = [
        open("progress: --timeout while the work runs", ["--timeout=1"], stdin: "40\n", exit: 5),
        open("progress --pulsate --auto-close: a writer that never reaches 100 or closes ends at --timeout",
             ["--pulsate", "--auto-close", "--timeout=1"], stdin: "#working\n", exit: 5),
        open("progress: --timeout with a partial line pending", ["--timeout=1", "--auto-close"], stdin: "#half a li",
             exit: 5),
        open("progress: ZENITY_TIMEOUT", ["--timeout=1"], stdin: "40\n", env: ["ZENITY_TIMEOUT": "9"], exit: 5,
             zenityIsWrong: ("zenity's progress calls exit(5) itself on the timeout, ignoring ZENITY_TIMEOUT, which "
                             + "its manual documents and every other dialog honours; beckon honours it",
                             .init(exitCode: 9, stdout: ""))),
    ]

    static let beyondZenity: [ZenityCase] = [
        {
            // zenity refuses the option; beckon's Cancel stops the writer, whose
            // `sleep` would otherwise keep the pipeline (and the shell) for 30 s.
            var c = C("progress --kill-writers: Escape stops the work writing stdin", ["--progress", "--kill-writers",
                                                                                       "--title=progress-writers"],
                      C.keys("Escape"), exit: 0, stdout: "dialog 255, writer running\n",
                      zenityIsWrong: ("zenity has no way to stop the work: --auto-kill signals the parent, here the "
                                      + "shell, and the writer runs on; beckon's --kill-writers signals the "
                                      + "processes holding stdin's pipe for writing",
                                      .init(exitCode: 0, stdout: "dialog 1, writer stopped\n")))
            // The writer feeds a FIFO, so the shell need not wait for it; then
            // the shell waits (with a deadline) for the writer to be gone, and
            // stops what is left of it: Foundation sees the shell's end only
            // once every process that inherited its descriptors has ended.
            c.shell = """
                f=$(mktemp -u); mkfifo "$f"
                { echo 10; sleep 30; echo 100; } >"$f" 2>/dev/null &
                w=$!
                "$DIALOG" "$@" <"$f"; rc=$?
                state=running
                for i in $(seq 30); do
                  if ! [ -e /proc/$w ] || grep -q '^State:[[:space:]]*Z' /proc/$w/status 2>/dev/null; then
                    state=stopped; break
                  fi
                  sleep 0.05
                done
                pkill -P $w 2>/dev/null; kill $w 2>/dev/null; rm -f "$f"
                echo "dialog $rc, writer $state"
                """
            c.windowName = "^progress-writers$"
            return c
        }(),
    ]
}

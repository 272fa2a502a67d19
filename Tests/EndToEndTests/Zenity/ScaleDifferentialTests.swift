import Foundation
import BeckonTestSupport
import Testing

/// `--scale`, side by side with zenity 3.44: the same keys, the same stdout
/// and exit code.
@Suite(.serialized, .guiHangLimit) struct ScaleDifferentialTests {
    @Test(arguments: ScaleCases.all)
    func sameAsZenity(_ c: ZenityCase) throws {
        try assertSameAsZenity(c)
    }

    /// Beyond zenity: `--json` gives the number as a JSON value, after any
    /// partial lines, which stay plain numbers.
    @Test func jsonCarriesTheNumber() throws {
        try X11.require()
        func beckon(_ arguments: [String], _ answer: DialogRun.Answer) throws -> ProcessResult {
            let result = try DialogRun.run(Products.beckon, ["--scale", "--json"] + arguments, answer: answer,
                                           environment: ZenityCase.baseEnvironment, deadline: 15)
            #expect(!result.timedOut, "\(result)")
            return result
        }
        let ok = try beckon(["--value=3"], .keys(["Right", "Return"]))
        #expect(ok.exitCode == 0)
        #expect(ok.stdout == #"{"format":1,"kind":"scale","ended":"button","button":"ok","index":1,"label":"OK","exit_code":0,"value":4}"# + "\n")
        let partial = try beckon(["--value=3", "--print-partial"], .keys(["Right", "Right", "Return"]))
        #expect(partial.stdout.hasPrefix("4\n5\n{"), "\(partial)")
        #expect(partial.stdout.hasSuffix(#""value":5}"# + "\n"), "\(partial)")
        let escape = try beckon(["--value=3"], .keys(["Right", "Escape"]))
        #expect(escape.exitCode == 1)
        #expect(escape.stdout.contains(#""ended":"escape""#) && escape.stdout.contains(#""value":null"#), "\(escape)")
        let timedOut = try beckon(["--value=-7", "--min-value=-10", "--timeout=1"], .none)
        #expect(timedOut.exitCode == 5)
        #expect(timedOut.stdout.contains(#""ended":"timeout""#) && timedOut.stdout.contains(#""value":-7}"#), "\(timedOut)")
    }

    /// The errors say which option is at fault, after zenity's own words.
    @Test func errorsKeepZenitysWords() throws {
        let range = try run(Products.beckon, ["--scale", "--min-value=5", "--max-value=5"])
        #expect(range.exitCode == 255)
        #expect(range.stderr.contains("Maximum value must be greater than minimum value."), "\(range)")
        let value = try run(Products.beckon, ["--scale", "--value=101"])
        #expect(value.exitCode == 255)
        #expect(value.stderr.contains("Value out of range."), "\(value)")
        let step = try run(Products.beckon, ["--scale", "--step=0"])
        #expect(step.exitCode == 255)
        #expect(step.stderr.contains("--step=0"), "\(step)")
    }
}

/// The scale's differential table, each case checked by hand against zenity
/// 3.44 first. The scale has the focus when the window opens, so the arrow
/// keys move it at once.
enum ScaleCases {
    typealias C = ZenityCase

    static let all: [ZenityCase] = keys + options + partial + timeouts + overrides + errors

    static let keys: [ZenityCase] = [
        C("scale: Return gives the default 0", ["--scale"], C.keys("Return"), exit: 0, stdout: "0\n"),
        C("scale: Right, Right, Left", ["--scale", "--value=50"], C.keys("Right", "Right", "Left", "Return"),
          exit: 0, stdout: "51\n"),
        C("scale: Up goes down and Down goes up, as GTK's horizontal scale has it", ["--scale", "--value=50"],
          C.keys("Up", "Up", "Down", "Return"), exit: 0, stdout: "49\n"),
        C("scale: Page keys move by the step", ["--scale", "--value=50", "--step=7"],
          C.keys("Page_Down", "Page_Down", "Page_Up", "Return"), exit: 0, stdout: "57\n"),
        C("scale: ctrl+Left moves by the step", ["--scale", "--value=50", "--step=7"], C.keys("ctrl+Left", "Return"),
          exit: 0, stdout: "43\n"),
        C("scale: End and Home", ["--scale", "--value=50"], C.keys("End", "Home", "End", "Return"), exit: 0,
          stdout: "100\n"),
        C("scale: keypad plus and minus", ["--scale", "--value=50", "--step=5"],
          C.keys("KP_Add", "KP_Add", "KP_Subtract", "Return"), exit: 0, stdout: "55\n"),
        C("scale: Escape after moving", ["--scale", "--value=50"], C.keys("Right", "Escape"), exit: 1),
        C("scale: window-manager close", ["--scale"], .windowManagerClose, exit: 1),
        C("scale: shift+Tab reaches OK from the scale", ["--scale", "--value=9"], C.keys("Right", "shift+Tab", "Return"),
          exit: 0, stdout: "10\n"),
        C("scale: Tab then Return", ["--scale", "--value=9"], C.keys("Right", "Tab", "Return"), exit: 0,
          stdout: "10\n",
          zenityIsWrong: ("zenity's Cancel and OK come from its UI file with receives-default off, so Return with "
                          + "Cancel focused still gives OK; beckon presses the focused button, Cancel, as GTK's "
                          + "dialogs do", .init(exitCode: 1, stdout: ""))),
        C("scale: a step larger than the range stops at the ends", ["--scale", "--value=5", "--step=500"],
          C.keys("Right", "Return"), exit: 0, stdout: "100\n"),
        C("scale: steps of 7 from 5", ["--scale", "--value=5", "--step=7"],
          C.keys("Right", "Right", "Right", "Left", "Return"), exit: 0, stdout: "19\n"),
    ]

    static let options: [ZenityCase] = [
        C("scale: a negative range", ["--scale", "--min-value=-50", "--max-value=-10", "--value=-20"],
          C.keys("Left", "Return"), exit: 0, stdout: "-21\n"),
        C("scale: the value at the maximum", ["--scale", "--min-value=1", "--max-value=3", "--value=3"],
          C.keys("Right", "Return"), exit: 0, stdout: "3\n"),
        C("scale: GLib reads hex and octal integers", ["--scale", "--value=0x10", "--max-value=020"],
          C.keys("Return"), exit: 0, stdout: "16\n"),
        C("scale: the value given alone", ["--scale", "--value", "42"], C.keys("Return"), exit: 0, stdout: "42\n"),
        C("scale: --hide-value", ["--scale", "--value=5", "--hide-value"], C.keys("Right", "Return"), exit: 0,
          stdout: "6\n"),
        C("scale: unicode and markup in --text, --title", ["--scale", "--value=5", #"--text=<b>Vol</b>ume — 音量\n🎚"#,
                                                          "--title=Lautstärke 🔊"],
          C.keys("Right", "Return"), exit: 0, stdout: "6\n"),
        C("scale: broken markup in --text", ["--scale", "--text=<i>oops</b> & co"], C.keys("Return"), exit: 0,
          stdout: "0\n"),
        C("scale: --ok-label and --cancel-label, space on Cancel", ["--scale", "--ok-label=Gut ✓", "--cancel-label=Nein"],
          C.keys("shift+Tab", "Left", "space"), exit: 1),
        C("scale: an extra button after OK", ["--scale", "--value=3", "--extra-button=Später"],
          C.keys("shift+Tab", "Return"), exit: 1, stdout: "Später\n"),
        C("scale: the second of two extra buttons", ["--scale", "--extra-button=A", "--extra-button=_B"],
          C.keys("shift+Tab", "Return"), exit: 1, stdout: "_B\n"),
        C("scale: --width, --height, --modal", ["--scale", "--width=500", "--height=50", "--modal", "--value=1"],
          C.keys("Right", "Return"), exit: 0, stdout: "2\n"),
        C("scale: the general --window-icon", ["--scale", "--window-icon=info"], C.keys("Return"), exit: 0,
          stdout: "0\n"),
        C("scale: options of another dialog zenity lets through (--day is not one)", ["--scale", "--no-markup",
                                                                                      "--icon-name=x"],
          C.keys("Return"), exit: 0, stdout: "0\n"),
    ]

    static let partial: [ZenityCase] = [
        C("scale --print-partial: untouched, only the final value", ["--scale", "--print-partial", "--value=5"],
          C.keys("Return"), exit: 0, stdout: "5\n"),
        C("scale --print-partial: a line per change, then the value", ["--scale", "--print-partial", "--value=5"],
          C.keys("Right", "Right", "Left", "Return"), exit: 0, stdout: "6\n7\n6\n6\n"),
        C("scale --print-partial: Home and End", ["--scale", "--print-partial", "--value=5"],
          C.keys("Home", "End", "Return"), exit: 0, stdout: "0\n100\n100\n"),
        C("scale --print-partial: no line when the end stops the scale", ["--scale", "--print-partial", "--value=99"],
          C.keys("Right", "Right", "Right", "Return"), exit: 0, stdout: "100\n100\n"),
        C("scale --print-partial: Escape keeps the partial lines", ["--scale", "--print-partial", "--value=5"],
          C.keys("Right", "Escape"), exit: 1, stdout: "6\n"),
    ]

    static let timeouts: [ZenityCase] = [
        C("scale --timeout prints the value and exits 5", ["--scale", "--value=5", "--timeout=1"], .none,
          exit: 5, stdout: "5\n"),
        C("scale --timeout reads the value moved before it", ["--scale", "--value=5", "--timeout=2"],
          C.keys("Right", "Right"), exit: 5, stdout: "7\n"),
        C("scale --timeout with --print-partial", ["--scale", "--print-partial", "--value=5", "--timeout=2"],
          C.keys("Left"), exit: 5, stdout: "4\n4\n"),
        C("scale: answered before the timeout", ["--scale", "--timeout=30", "--value=1"], C.keys("Return"), exit: 0,
          stdout: "1\n"),
    ]

    static let overrides: [ZenityCase] = [
        C("scale: ZENITY_OK", ["--scale", "--value=2"], env: ["ZENITY_OK": "7"], C.keys("Return"), exit: 7,
          stdout: "2\n"),
        C("scale: ZENITY_CANCEL", ["--scale"], env: ["ZENITY_CANCEL": "3"], C.keys("shift+Tab", "Left", "space"),
          exit: 3),
        C("scale: ZENITY_ESC", ["--scale"], env: ["ZENITY_ESC": "6"], C.keys("Escape"), exit: 6),
        C("scale: ZENITY_TIMEOUT", ["--scale", "--value=7", "--timeout=1"], env: ["ZENITY_TIMEOUT": "9"], .none,
          exit: 9, stdout: "7\n"),
        C("scale: ZENITY_ERROR on a value out of range", ["--scale", "--value=200"], env: ["ZENITY_ERROR": "3"],
          .none, exit: 3),
        C("scale: DIALOG_ERROR on an empty range", ["--scale", "--max-value=-1"], env: ["DIALOG_ERROR": "4"],
          .none, exit: 4),
        C("scale: ZENITY_EXTRA", ["--scale", "--extra-button=X"], env: ["ZENITY_EXTRA": "4"],
          C.keys("shift+Tab", "Return"), exit: 1, stdout: "X\n",
          zenityIsWrong: ("zenity 3.44 defines ZENITY_EXTRA but exits with the ESC code for extra buttons; "
                          + "beckon uses ZENITY_EXTRA when it is set", .init(exitCode: 4, stdout: "X\n"))),
    ]

    static let errors: [ZenityCase] = [
        C("scale: minimum equal to maximum", ["--scale", "--min-value=10", "--max-value=10"], .none, exit: 255),
        C("scale: minimum above maximum, checked before the value", ["--scale", "--min-value=20", "--max-value=10",
                                                                     "--value=500"], .none, exit: 255),
        C("scale: value above the range", ["--scale", "--value=101"], .none, exit: 255),
        C("scale: value below a raised minimum", ["--scale", "--min-value=5"], .none, exit: 255),
        C("scale: value out of range prints nothing, even with --print-partial",
          ["--scale", "--value=-1", "--print-partial"], .none, exit: 255),
        C("scale: a value that is not an integer", ["--scale", "--step=1.5"], .none, exit: 255),
        C("scale: another dialog's option", ["--scale", "--day=3"], .none, exit: 255),
        C("scale: --separator", ["--scale", "--separator=,"], .none, exit: 255),
        C("scale: --step=0", ["--scale", "--value=5", "--step=0"], C.keys("Right", "Return"), exit: 0, stdout: "5\n",
          zenityIsWrong: ("zenity takes a step of 0 and then the arrow and page keys do nothing; beckon refuses it "
                          + "with a message on stderr", .init(exitCode: 255, stdout: ""))),
        C("scale: a negative --step", ["--scale", "--value=5", "--step=-3"], C.keys("Right", "Return"), exit: 0,
          stdout: "2\n",
          zenityIsWrong: ("zenity takes a negative step and then Right moves the scale left; beckon refuses it "
                          + "with a message on stderr", .init(exitCode: 255, stdout: ""))),
    ]
}

extension ScaleDifferentialTests {
    /// The default title, from zenity's own catalogue, in the title bar.
    @Test(arguments: ["C.UTF-8", "ja_JP.UTF-8", "de_DE.UTF-8"])
    func sameDefaultTitle(locale: String) throws {
        try X11.require()
        let zenitys = try Self.windowTitle(ZenityDifferentialTests.zenity, ["--scale"], locale: locale)
        #expect(!zenitys.isEmpty)
        #expect(try Self.windowTitle(Products.beckon, ["--scale"], locale: locale) == zenitys)
    }

    /// `--print-partial` is for live previews: each line reaches the reader
    /// while the dialog is still shown, in zenity (whose g_print flushes) and
    /// in beckon.
    @Test(arguments: ["zenity", "beckon"])
    func partialLinesArriveWhileTheDialogIsShown(_ program: String) throws {
        try X11.require()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program == "zenity" ? ZenityDifferentialTests.zenity : Products.beckon)
        process.arguments = ["--scale", "--print-partial", "--value=5"]
        let base = ZenityCase.baseEnvironment
        process.environment = ProcessInfo.processInfo.environment.merging(base) { $1 }.filter { !$0.value.isEmpty }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) }; process.waitUntilExit() }
        let window = try #require(try Xdotool.waitForWindow(pid: process.processIdentifier), "no window")
        try Xdotool.focus(window, thenKey: ["Right"])
        let descriptor = output.fileHandleForReading.fileDescriptor
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 5000) == 1, "no line within 5 s")
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &bytes, bytes.count)
        #expect(String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self) == "6\n")
        #expect(process.isRunning, "the dialog closed before its partial line was read")
        try Xdotool.key("Return")
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: rest, as: UTF8.self) == "6\n")
        #expect(process.terminationStatus == 0)
    }

    /// The title of the first window `executable` maps with `arguments` under `locale`.
    static func windowTitle(_ executable: String, _ arguments: [String], locale: String) throws -> String {
        let env = ZenityCase.baseEnvironment.merging(["LANG": locale]) { $1 }
        let process = try RunningProcess(executable, arguments, environment: env)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
        return try Xdotool.name(of: window)
    }
}

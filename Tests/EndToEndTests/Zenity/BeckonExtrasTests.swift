import BeckonTestSupport
import Foundation
import Testing

/// What beckon adds to zenity, opt-in: custom buttons, JSON, a countdown, a
/// close that differs from Escape, and labels in the desktop's language.
@Suite(.serialized, .guiHangLimit) struct BeckonExtrasTests {
    @Test func customButtonsExitWithTheirCodes() throws {
        let arguments = ["--warning", "--text=Save changes?", "--button=_Discard:7", "--button=Cancel:3", "--button=_Save:0"]
        #expect(try beckon(arguments, .keys(["Return"])).exitCode == 0)
        #expect(try beckon(arguments, .keys(["alt+d"])).exitCode == 7)
        #expect(try beckon(arguments, .keys(["Left", "Return"])).exitCode == 3)
        // Without a code, a button exits with its position.
        #expect(try beckon(["--question", "--button=Zero", "--button=One"], .keys(["Left", "Return"])).exitCode == 0)
        #expect(try beckon(["--question", "--button=Zero", "--button=One", "--default-cancel"], .keys(["Return"])).exitCode == 0)
    }

    @Test func jsonForEachEnding() throws {
        let yes = try json(beckon(["--question", "--json"], .keys(["Return"])))
        #expect(yes["ended"] as? String == "button")
        #expect(yes["button"] as? String == "yes")
        #expect(yes["label"] as? String == "Yes")
        #expect(yes["kind"] as? String == "question" && yes["format"] as? Int == 1)
        #expect(yes["exit_code"] as? Int == 0)

        let escape = try json(beckon(["--info", "--json"], .keys(["Escape"])))
        #expect(escape["ended"] as? String == "escape")
        #expect(escape["button"] is NSNull)
        #expect(escape["exit_code"] as? Int == 1)

        let close = try json(beckon(["--error", "--json"], .windowManagerClose))
        #expect(close["ended"] as? String == "close")

        let timedOut = try beckon(["--info", "--json", "--timeout=1"], .none)
        #expect(timedOut.exitCode == 5)
        #expect(try json(timedOut)["ended"] as? String == "timeout")

        let extra = try beckon(["--question", "--json", "--extra-button=Later"], .keys(["Left", "Left", "Return"]))
        #expect(extra.exitCode == 1)
        #expect(try json(extra)["label"] as? String == "Later")
        #expect(try json(extra)["button"] as? String == "extra")
        #expect(!extra.stdout.hasPrefix("Later\n"), "--json replaces the label line")

        let custom = try json(beckon(["--question", "--json", "--button=Retry:4"], .keys(["Return"])))
        #expect(custom["button"] as? String == "custom")
        #expect(custom["exit_code"] as? Int == 4)
    }

    @Test func beckonCloseTellsAWindowCloseFromEscapeAndCancel() throws {
        let env = ["BECKON_CLOSE": "42"]
        #expect(try beckon(["--question"], env: env, .windowManagerClose).exitCode == 42)
        #expect(try beckon(["--question"], env: env, .keys(["Escape"])).exitCode == 1)
        #expect(try beckon(["--question"], env: env, .keys(["Left", "Return"])).exitCode == 1)
    }

    @Test func countdownStillTimesOutWithZenitysCode() throws {
        let start = Date()
        let result = try beckon(["--question", "--timeout=2", "--countdown"], .none)
        #expect(result.exitCode == 5)
        #expect(Date().timeIntervalSince(start) >= 1.9)
        #expect(try beckon(["--info", "--timeout=5", "--countdown"], .keys(["Return"])).exitCode == 0)
    }

    /// The countdown is a visible line: the same dialog is taller with it.
    @Test func countdownAddsALineToTheWindow() throws {
        try X11.require()
        func height(_ arguments: [String]) throws -> Int {
            let process = try RunningProcess(Products.beckon, arguments, environment: ZenityCase.baseEnvironment)
            // SIGKILL: the test runner's children may inherit a blocked SIGTERM.
            defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
            let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
            return try Xdotool.size(of: window).height
        }
        let text = #"--text=one\ntwo\nthree\nfour"# // taller than the icon, so the height shows the line
        let plain = try height(["--info", text, "--timeout=30"])
        let counting = try height(["--info", text, "--timeout=30", "--countdown"])
        #expect(counting > plain, "with --countdown \(counting) px, without \(plain) px")
    }

    @Test(arguments: [
        ("ja_JP.UTF-8", "--question", "はい(Y)"),
        ("ja_JP.UTF-8", "--info", "OK(O)"),
        ("de_DE.UTF-8", "--question", "Ja"),
        ("C.UTF-8", "--question", "Yes"),
    ])
    func defaultLabelsFollowTheLocale(locale: String, dialog: String, label: String) throws {
        let result = try beckon([dialog, "--json"], env: ["LANG": locale], .keys(["Return"]))
        #expect(try json(result)["label"] as? String == label, "\(result)")
    }

    @Test func brokenMarkupIsShownPlainWithAWarning() throws {
        let result = try beckon(["--info", "--text=<b>unclosed & raw"], .keys(["Return"]))
        #expect(result.exitCode == 0)
        #expect(result.stderr.contains("not valid Pango markup"), "\(result)")
    }

    @Test func errorsNameTheOptionAndKeepZenitysWords() throws {
        let result = try run(Products.beckon, ["--question", "--bogus"])
        #expect(result.exitCode == 255)
        #expect(result.stderr.contains("--bogus"))
        #expect(result.stderr.contains("This option is not available. Please see --help for all possible usages."))
        let other = try run(Products.beckon, ["--question", "--column=x"])
        #expect(other.exitCode == 255)
        #expect(other.stderr.contains("--column is not supported for this dialog"), "\(other)")
    }

    @Test func helpWithoutADisplay() throws {
        let result = try run(Products.beckon, ["--help-all"], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("--extra-button=TEXT"))
        #expect(result.stdout.contains("--button=LABEL[:CODE]"))
    }

    /// --attach and WINDOWID make the dialog transient for that window, as the
    /// window manager sees it (WM_TRANSIENT_FOR).
    @Test(arguments: [true, false])
    func attachSetsTheTransientParent(viaWindowID: Bool) throws {
        try X11.require()
        let parentProcess = try RunningProcess(Products.beckon, ["--info", "--title=Parent"],
                                               environment: ZenityCase.baseEnvironment)
        defer { kill(parentProcess.pid, SIGKILL); _ = parentProcess.wait(deadline: 5) }
        let parent = try #require(try Xdotool.waitForWindow(pid: parentProcess.pid, process: parentProcess))
        var env = ZenityCase.baseEnvironment
        var arguments = ["--question", "--title=Child"]
        if viaWindowID { env["WINDOWID"] = parent } else { arguments.append("--attach=\(parent)") }
        let child = try RunningProcess(Products.beckon, arguments, environment: env)
        defer { kill(child.pid, SIGKILL); _ = child.wait(deadline: 5) }
        let window = try #require(try Xdotool.waitForWindow(pid: child.pid, process: child))
        let xprop = try #require(which("xprop"), "xprop (x11-utils) is missing")
        let transient = try run(xprop, ["-id", window, "WM_TRANSIENT_FOR"], deadline: 5).stdout
        let parentHex = "0x" + String(try #require(UInt(parent)), radix: 16)
        #expect(transient.contains(parentHex), "\(transient.trimmingCharacters(in: .whitespacesAndNewlines)), parent \(parentHex)")
    }

    /// GTK's --display, as zenity takes it: the dialog opens there without DISPLAY set.
    @Test func displayOptionOpensThatDisplay() throws {
        try X11.require()
        let display = try #require(ProcessInfo.processInfo.environment["DISPLAY"])
        let env = ZenityCase.baseEnvironment.merging(["DISPLAY": "", "WAYLAND_DISPLAY": ""]) { $1 }
        let result = try DialogRun.run(Products.beckon, ["--info", "--display=\(display)"], answer: .keys(["Return"]),
                                       environment: env, deadline: 15)
        #expect(result.exitCode == 0, "\(result)")
    }

    /// --width, --height and --modal as the window manager sees them; a dialog
    /// with no parent stays in the taskbar, as zenity's do.
    @Test func sizeModalAndTaskbar() throws {
        try X11.require()
        let process = try RunningProcess(Products.beckon, ["--info", "--width=500", "--height=300", "--modal"],
                                         environment: ZenityCase.baseEnvironment)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process))
        let size = try Xdotool.size(of: window)
        #expect(size.width == 500 && size.height == 300, "\(size)")
        let xprop = try #require(which("xprop"), "xprop (x11-utils) is missing")
        let state = try run(xprop, ["-id", window, "_NET_WM_STATE"], deadline: 5).stdout
        #expect(state.contains("_NET_WM_STATE_MODAL"), "\(state)")
        #expect(!state.contains("_NET_WM_STATE_SKIP_TASKBAR"), "\(state)")
    }
}

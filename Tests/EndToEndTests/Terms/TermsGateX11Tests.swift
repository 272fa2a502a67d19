import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms --gate` on X11: under openbox (the tests' display) and with
/// no window manager at all (an Xvfb of the test's own). The shield covers the
/// screen, the terms window is above it, Escape, Alt+F4 and the window
/// manager's close change nothing, a window mapped later does not cover the
/// gate, and Accept with real keys ends it with every window gone.
///
/// That a key or a close which must do nothing did nothing is shown by later
/// input that must do something (Ctrl+End, which the window reports as
/// "scrolled"): X delivers a client's events in order (``TermsInput/waitForGate(_:_:seconds:)``).
@Suite(.serialized, .guiHangLimit) struct TermsGateX11Tests {
    @Test func underOpenboxTheShieldCoversTheScreenAndOnlyAnAnswerEndsTheGate() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample])
        let x = GateX11(display: nil)
        let terms = try x.termsWindow(of: process)
        try TermsInput.waitForGate(terms, "closed", "shields-1", "keyboard-grabbed")
        let shields = try x.shields(of: process)
        try #require(shields.count == 1, "\(shields)")
        let screen = try Xdotool.screenSize()
        let geometry = try Xdotool.geometry(of: shields[0])
        #expect(geometry.x == 0 && geometry.y == 0 && geometry.width == screen.width && geometry.height == screen.height,
                "the shield does not cover the screen: \(geometry)")
        // openbox's stacking order, bottom to top: the terms above the shield.
        let stacking = try x.stacking()
        let shieldIndex = try #require(stacking.firstIndex(of: try x.id(shields[0])), "\(stacking)")
        let termsIndex = try #require(stacking.firstIndex(of: try x.id(terms)), "\(stacking)")
        #expect(termsIndex > shieldIndex, "the terms window is below its shield: \(stacking)")

        try Xdotool.key("Escape")
        try Xdotool.key("alt+F4")
        try Xdotool.close(terms)
        try Xdotool.close(shields[0])
        try x.fenceThroughWindowManager(shields[0])
        try Xdotool.key("ctrl+End")
        // Scrolled, in a window still there: Escape, Alt+F4 and both closes did nothing.
        try TermsInput.waitForGate(terms, "open", "scrolled", "accept-sensitive", "shields-1")
        #expect(try x.shields(of: process) == shields, "a close took the shield down")

        try Xdotool.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try x.visibleWindows(of: process.pid).isEmpty)
    }

    /// openbox binds Alt+Tab (its default rc.xml: NextWindow): shown
    /// switching between two windows with no gate, then pressed while the
    /// gate holds the keyboard, it leaves the terms active and on top.
    @Test func underOpenboxAltTabStaysWithTheGate() throws {
        try X11.require()
        let x = GateX11(display: nil)
        let first = try RunningProcess(Products.beckon, ["--info", "--text", "First"])
        let second = try RunningProcess(Products.beckon, ["--info", "--text", "Second"])
        defer { for p in [first, second] { kill(p.pid, SIGKILL); _ = p.wait(deadline: 5) } }
        let firstWindow = try x.id(try poll("the first window", seconds: 15) { try x.visibleWindows(of: first.pid).first ?? "" } until: { !$0.isEmpty })
        let secondWindow = try x.id(try poll("the second window", seconds: 15) { try x.visibleWindows(of: second.pid).first ?? "" } until: { !$0.isEmpty })
        _ = try x.tool("xdotool", ["windowactivate", "--sync", "\(secondWindow)"])
        try poll("the second window active", seconds: 10) { try x.activeWindow() } until: { $0 == secondWindow }
        let pressed = Date()
        try Xdotool.key("alt+Tab")
        try poll("Alt+Tab to activate the first window with no gate", seconds: 10) { try x.activeWindow() } until: { $0 == firstWindow }
        let took = Date().timeIntervalSince(pressed)

        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample])
        defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
        let terms = try x.termsWindow(of: process)
        try TermsInput.waitForGate(terms, "closed", "shields-1", "keyboard-grabbed")
        let termsID = try x.id(terms)
        try poll("the terms active", seconds: 10) { try x.activeWindow() } until: { $0 == termsID }
        try Xdotool.key("alt+Tab")
        try Xdotool.key("alt+Tab")
        // For three times as long as the switch took with no gate (at least
        // 2 s): the terms stay active and above every other window.
        let end = Date().addingTimeInterval(max(2, took * 3))
        while Date() < end {
            #expect(try x.activeWindow() == termsID, "Alt+Tab took the focus from the terms")
            let stacking = try x.stacking()
            #expect(stacking.last == termsID, "the terms are not on top: \(stacking)")
            usleep(250_000)
        }
        // Decline's mnemonic ends the gate: the keys before it reached the
        // terms, not openbox. (Not Return: a key the text does not take moves
        // GTK's focus to a button.)
        try Xdotool.key("alt+d")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 1, "\(result)")
    }

    @Test func withoutAWindowManagerTheGateStaysAboveAWindowMappedLater() throws {
        try X11.require()
        let server = try DisplayLossTests.PrivateServer()
        let x = GateX11(display: server.display)
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample], environment: ["DISPLAY": server.display])
        let terms = try x.termsWindow(of: process)
        try x.waitForGate(terms, "closed", "shields-1", "keyboard-grabbed")
        let shields = try x.shields(of: process)
        try #require(shields.count == 1, "\(shields)")
        let geometry = try x.geometry(of: shields[0])
        #expect(geometry == "800x600+0+0", "the shield does not cover the screen: \(geometry)")
        // xwininfo lists the root's children top first, mapped or not.
        let order = try x.topFirst()
        let termsAt = try #require(order.firstIndex(of: try x.id(terms))), shieldAt = try #require(order.firstIndex(of: try x.id(shields[0])))
        #expect(termsAt < shieldAt, "the terms window is below its shield: \(order)")

        // Another client's window maps: nothing stacks it below, so the gate raises itself.
        let later = try RunningProcess(Products.beckon, ["--info", "--text", "Mapped later"],
                                       environment: ["DISPLAY": server.display])
        defer { kill(later.pid, SIGKILL); _ = later.wait(deadline: 5) }
        let laterWindow = try x.id(try poll("the later window", seconds: 10) {
            try x.visibleWindows(of: later.pid).first ?? ""
        } until: { !$0.isEmpty })
        try poll("the gate above the later window", seconds: 10) { try x.topFirst() } until: { order in
            guard let t = order.firstIndex(of: (try? x.id(terms)) ?? 0), let s = order.firstIndex(of: (try? x.id(shields[0])) ?? 0),
                  let l = order.firstIndex(of: laterWindow) else { return false }
            return t < s && s < l
        }

        try x.key("Escape")
        try x.key("ctrl+End")
        try x.waitForGate(terms, "open", "scrolled", "accept-sensitive", "shields-1")
        try x.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try x.visibleWindows(of: process.pid).isEmpty)
    }
}

/// The gate's windows on an X display: the tests' own ($DISPLAY) or another.
struct GateX11 {
    /// nil: $DISPLAY.
    var display: String?

    private var environment: [String: String]? { display.map { ["DISPLAY": $0] } }

    func tool(_ name: String, _ arguments: [String]) throws -> ProcessResult {
        let path = try #require(which(name), "\(name) is missing")
        return try run(path, arguments, environment: environment, deadline: 10)
    }

    func visibleWindows(of pid: Int32) throws -> [String] {
        let result = try tool("xdotool", ["search", "--onlyvisible", "--pid", "\(pid)"])
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func role(of window: String) throws -> String {
        try tool("xprop", ["-id", window, "WM_WINDOW_ROLE"]).stdout
    }

    /// The terms window of `process` (the one whose role tells the gate's state), once mapped.
    func termsWindow(of process: RunningProcess) throws -> String {
        let window = try poll("the terms window of \(process.pid)", seconds: 15) {
            try visibleWindows(of: process.pid).first { (try? role(of: $0).contains("beckon-terms-gate")) == true } ?? ""
        } until: { !$0.isEmpty || !process.process.isRunning }
        guard !window.isEmpty else { throw WaitFailed("beckon ended without a terms window: \(process.wait(deadline: 5))") }
        return window
    }

    /// The shields of `process`, by their role.
    func shields(of process: RunningProcess) throws -> [String] {
        try visibleWindows(of: process.pid).filter { try role(of: $0).contains("\"beckon-shield\"") }.sorted()
    }

    func id(_ window: String) throws -> UInt {
        try #require(UInt(window), "not a window id: \(window)")
    }

    /// The window manager's _NET_ACTIVE_WINDOW (0 for none).
    func activeWindow() throws -> UInt {
        UInt(try tool("xdotool", ["getactivewindow"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// openbox's _NET_CLIENT_LIST_STACKING, bottom to top.
    func stacking() throws -> [UInt] {
        let text = try tool("xprop", ["-root", "_NET_CLIENT_LIST_STACKING"]).stdout
        return text.split(separator: "#").last.map { $0.split(separator: ",").compactMap {
            UInt($0.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst(2), radix: 16)
        } } ?? []
    }

    /// The root window's children, top first (xwininfo lists them so).
    func topFirst() throws -> [UInt] {
        try tool("xwininfo", ["-root", "-children"]).stdout.split(separator: "\n").compactMap { line in
            let word = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? ""
            return word.hasPrefix("0x") ? UInt(word.dropFirst(2), radix: 16) : nil
        }
    }

    /// "WIDTHxHEIGHT+X+Y" of `window`, X and Y from the root's top left (xwininfo's
    /// own -geometry line may count from the right edge: "1024x800-0+0").
    func geometry(of window: String) throws -> String {
        var values: [String: String] = [:]
        for line in try tool("xwininfo", ["-id", window]).stdout.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        let (x, y) = (values["Absolute upper-left X"] ?? "?", values["Absolute upper-left Y"] ?? "?")
        return "\(values["Width"] ?? "?")x\(values["Height"] ?? "?")+\(x)+\(y)"
    }

    func key(_ keys: String...) throws {
        let result = try tool("xdotool", ["key", "--clearmodifiers"] + keys)
        guard result.exitCode == 0 else { throw WaitFailed("xdotool key \(keys): \(result)") }
    }

    /// Like ``TermsInput/waitForGate(_:_:seconds:)``, on this display.
    @discardableResult
    func waitForGate(_ window: String, _ words: String..., seconds: Double = 10) throws -> Set<String> {
        try poll("the gate of \(window) to show \(words.joined(separator: " "))", seconds: seconds) {
            let text = try role(of: window)
            guard let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close else { return Set<String>() }
            return Set(text[text.index(after: open)..<close].split(separator: " ").map(String.init))
        } until: { $0.isSuperset(of: words) && !$0.contains("accept-pressed") }
    }

    /// Waits until the window manager has handled every request sent to it
    /// so far: it handles them in order, so once it has taken `window` (a
    /// shield, which beckon leaves out of pagers) off the pager's list and put
    /// it back, it has sent the closes before (WM_DELETE_WINDOW), and the
    /// server hands beckon those before any key sent from now on. Each step
    /// changes the state, so a second fence on the same window waits too.
    /// Not the attention mark, which this used before: openbox 3.6.1 flashes
    /// a marked window's title bar on a timer that a mark cleared and set
    /// again within its 600 ms tick starts a second time, losing the first,
    /// which then runs on after the window is gone and crashes openbox
    /// (SIGSEGV in frame_adjust_focus, seconds after the test; frame.c,
    /// frame_flash_start).
    func fenceThroughWindowManager(_ window: String) throws {
        for (change, skipped) in [("remove", false), ("add", true)] {
            let result = try tool("wmctrl", ["-i", "-r", window, "-b", "\(change),skip_pager"])
            guard result.exitCode == 0 else { throw WaitFailed("wmctrl: \(result)") }
            try poll("the window manager to \(change) \(window)'s skip-pager state", seconds: 10) {
                try tool("xprop", ["-id", window, "_NET_WM_STATE"]).stdout
            } until: { $0.contains("_NET_WM_STATE_SKIP_PAGER") == skipped }
        }
    }

    /// The terms window and the one shield of `process`, a gate on one
    /// monitor, once it shows and holds the keyboard.
    func gateOnOneMonitor(of process: RunningProcess) throws -> (terms: String, shield: String) {
        let terms = try termsWindow(of: process)
        try waitForGate(terms, "closed", "shields-1", "keyboard-grabbed")
        let shields = try shields(of: process)
        try #require(shields.count == 1, "\(shields)")
        return (terms, shields[0])
    }
}

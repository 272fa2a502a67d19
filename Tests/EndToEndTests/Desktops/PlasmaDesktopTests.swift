import BeckonTestSupport
import Foundation
import Testing

/// The login gate and every dialog under a real KDE Plasma 5.27 session
/// (``PlasmaSession``: startplasma-x11, KWin, plasmashell, ksmserver, Breeze),
/// with real keys (XTEST). Each test starts its own session and ends it.
///
/// A shortcut that must do nothing under the gate is first shown to work with
/// no gate up, on the same session; that it did nothing under the gate is
/// shown by later input that must do something (Ctrl+End, which the terms
/// window reports as "scrolled") and by the shortcut's window not showing.
@Suite(.serialized, .hangLimit(.seconds(600))) struct PlasmaDesktopTests {
    /// Says how far a test got, with the seconds since `start`: a session's steps take seconds each here.
    static func step(_ what: String, since start: Date) {
        print("PlasmaDesktopTests \(String(format: "%6.1f", Date().timeIntervalSince(start))) s: \(what)")
    }

    /// What an administrator ships as /etc/xdg/kwinrulesrc to keep Plasma's
    /// global shortcuts off the gate: KWin's "Ignore global shortcuts" window
    /// rule, forced, for the gate's windows (found by WM_CLASS and
    /// WM_WINDOW_ROLE). Without it, Meta opens the application launcher above
    /// the gate: KWin takes modifier-only shortcuts from XInput 2 raw key
    /// events, which no keyboard grab holds back, and asks only
    /// `Workspace::globalShortcutsDisabled()`, which this rule sets while a
    /// gate window is active (kwin 5.27 src/modifier_only_shortcuts.cpp,
    /// src/workspace.cpp disableGlobalShortcutsForClient). Shading is forced
    /// off too: a shaded terms window is unmapped down to its title bar.
    ///
    /// The second rule is the same gate on Wayland, which has no window role:
    /// there the gate's windows carry their roles as app_ids, KWin's window
    /// class (beckon_window_set_wayland_app_id). Beyond the shortcuts it keeps
    /// them on every desktop and forbids minimising and maximising, which a
    /// Wayland client cannot refuse or undo itself (measured by the onWayland
    /// tests, PlasmaDesktopTests+Wayland.swift).
    static let kwinRules = """
    [General]
    count=2
    rules=beckon-gate,beckon-gate-wayland

    [beckon-gate]
    Description=Beckon login gate: no global shortcuts, never shaded
    wmclass=beckon
    wmclassmatch=1
    windowrole=^beckon-(terms-gate|shield)
    windowrolematch=3
    disableglobalshortcuts=true
    disableglobalshortcutsrule=2
    shade=false
    shaderule=2

    [beckon-gate-wayland]
    Description=Beckon login gate on Wayland: no global shortcuts, on every desktop, never minimised or maximised
    wmclass=^beckon-(terms-gate|shield)$
    wmclassmatch=3
    disableglobalshortcuts=true
    disableglobalshortcutsrule=2
    desktops=
    desktopsrule=2
    minimize=false
    minimizerule=2
    maximizehoriz=false
    maximizehorizrule=2
    maximizevert=false
    maximizevertrule=2

    """

    /// The rule as administrators.md shipped it before the Wayland one: what
    /// KWin on Wayland does with a rule that matches no window there.
    static var kwinRulesX11Only: String {
        let x11 = kwinRules[..<kwinRules.range(of: "[beckon-gate-wayland]")!.lowerBound]
        return x11.replacingOccurrences(of: "count=2\nrules=beckon-gate,beckon-gate-wayland", with: "count=1\nrules=beckon-gate")
    }

    /// A directory for XDG_CONFIG_DIRS holding ``kwinRules`` as kwinrulesrc.
    static func administratorsRules(in fixture: TermsFixture, _ rules: String = kwinRules) throws -> String {
        let directory = fixture.root.appendingPathComponent("xdg").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(rules.utf8).write(to: URL(fileURLWithPath: directory + "/kwinrulesrc"))
        return directory
    }

    /// `beckon terms --gate` on the sample terms in `session`, its terms window shown.
    static func startGate(_ session: PlasmaSession, _ fixture: TermsFixture, _ extra: [String] = [])
        throws -> (process: RunningProcess, terms: String) {
        let process = try RunningProcess(Products.beckon, ["terms", "--gate", "--file", TermsFixture.sample] + extra,
                                         environment: session.clientEnvironment(fixture.environment))
        let terms = try session.x.termsWindow(of: process)
        try session.x.waitForGate(terms, "closed", "keyboard-grabbed")
        return (process, terms)
    }

    /// The X window id `_NET_ACTIVE_WINDOW` names.
    static func activeWindow(_ session: PlasmaSession) throws -> UInt {
        let text = try session.x.tool("xprop", ["-root", "_NET_ACTIVE_WINDOW"]).stdout
        return UInt(text.split(separator: "#").last?.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst(2) ?? "", radix: 16) ?? 0
    }

    /// plasmashell's windows other than the desktop and the panel: its popups
    /// (the application launcher, the calendar...).
    static func plasmaPopups(_ session: PlasmaSession) throws -> [String] {
        try session.windows(ofClass: "plasmashell").filter {
            let type = try session.windowType(of: $0)
            return !type.contains("_NET_WM_WINDOW_TYPE_DESKTOP") && !type.contains("_NET_WM_WINDOW_TYPE_DOCK")
        }
    }

    /// Whether `window` is mapped and viewable now.
    static func isViewable(_ session: PlasmaSession, _ window: String) throws -> Bool {
        try session.x.tool("xwininfo", ["-id", window]).stdout.contains("Map State: IsViewable")
    }

    /// What covers the screen now, in words; empty when the shield covers the
    /// whole screen, is viewable and above every other client, and the terms
    /// window is viewable (unless `termsViewable` is false) and above the shield.
    static func gaps(_ session: PlasmaSession, _ terms: String, _ shield: String, termsViewable: Bool) throws -> [String] {
        var gaps: [String] = []
        let geometry = try session.x.geometry(of: shield)
        if geometry != "1280x800+0+0" { gaps.append("the shield is at \(geometry)") }
        if !(try isViewable(session, shield)) { gaps.append("the shield is not viewable") }
        if termsViewable, !(try isViewable(session, terms)) { gaps.append("the terms window is not viewable") }
        let stacking = try session.stacking()
        let termsID = try session.x.id(terms), shieldID = try session.x.id(shield)
        let shieldAt = stacking.firstIndex(of: shieldID) ?? -1, termsAt = stacking.firstIndex(of: termsID) ?? -1
        let above = stacking.enumerated().filter { $0.offset > shieldAt && $0.element != termsID }.map(\.element)
        if termsAt < shieldAt || !above.isEmpty { gaps.append("KWin's stacking (bottom to top) \(stacking): terms \(termsID), shield \(shieldID)") }
        return gaps
    }

    /// Waits up to 10 s (the gate restores itself) until ``gaps(_:_:_:termsViewable:)`` is empty, and records what is left.
    static func expectGateCovers(_ session: PlasmaSession, _ terms: String, _ shield: String, after what: String,
                                 termsViewable: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var left = try gaps(session, terms, shield, termsViewable: termsViewable)
        if !left.isEmpty, let settled = try? poll("the gate to cover the screen after \(what)", seconds: 10, every: 0.2, {
            try gaps(session, terms, shield, termsViewable: termsViewable)
        }, until: { $0.isEmpty }) {
            left = settled
        } else if !left.isEmpty {
            left = try gaps(session, terms, shield, termsViewable: termsViewable)
        }
        #expect(left.isEmpty, "after \(what): \(left)", sourceLocation: sourceLocation)
    }

    /// Presses `keys` until `condition` holds (every 3 s, 30 s at most): a
    /// shortcut pressed while Plasma is still busy with the last one (KRunner
    /// hiding, a Konsole starting) is lost now and then; that it works at all
    /// with no gate up is what this shows.
    static func press(_ session: PlasmaSession, _ keys: String, until what: String, _ condition: () throws -> Bool) throws {
        try poll("\(keys) to \(what)", seconds: 30, every: 0) {
            try session.x.key(keys)
            return (try? poll(what, seconds: 3) { try condition() } until: { $0 }) ?? false
        } until: { $0 }
    }

    @Test func onX11TheGateCoversThePanelHoldsTheShortcutsAndDeclineLogsOutThroughKsmserver() throws {
        let start = Date()
        let fixture = try TermsFixture()
        let session = try PlasmaSession(configDirs: [try Self.administratorsRules(in: fixture)])
        defer { session.end() }
        Self.step("the session is up", since: start)
        let x = session.x
        let panel = try #require(try session.panel())

        // Each shortcut works with no gate up.
        try Self.press(session, "ctrl+alt+t", until: "open Konsole") { try session.windows(ofClass: "konsole").count == 1 }
        try Self.press(session, "ctrl+alt+t", until: "open a second Konsole") { try session.windows(ofClass: "konsole").count == 2 }
        // The new Konsole is activated as it maps; then Alt+Tab goes back to the other.
        let konsoleIDs = try session.windows(ofClass: "konsole").map { try x.id($0) }
        let before = try poll("a Konsole to be active", seconds: 10) { try Self.activeWindow(session) } until: { konsoleIDs.contains($0) }
        // Intermittent here: in 1 run of 6, KWin's task switcher did not
        // activate the other Konsole in 30 s of presses (the others at once).
        withKnownIssue("KWin's Alt+Tab switched no window in 30 s", isIntermittent: true) {
            try Self.press(session, "alt+Tab", until: "activate the other Konsole") {
                let active = try Self.activeWindow(session)
                return active != before && konsoleIDs.contains(active)
            }
        }
        for keys in ["alt+space", "alt+F2"] {
            try Self.press(session, keys, until: "show KRunner") { try session.windows(ofClass: "krunner").count == 1 }
            try Self.press(session, "Escape", until: "hide KRunner") { try session.windows(ofClass: "krunner").isEmpty }
        }
        try Self.press(session, "super", until: "open the application launcher") { try !Self.plasmaPopups(session).isEmpty }
        try Self.press(session, "super", until: "close the application launcher") { try Self.plasmaPopups(session).isEmpty }
        Self.step("every shortcut worked with no gate", since: start)
        // The gate: one shield over the whole screen, above the panel and the Konsoles, the terms above it.
        let (process, terms) = try Self.startGate(session, fixture)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        try x.waitForGate(terms, "shields-1")
        let shields = try x.shields(of: process)
        try #require(shields.count == 1, "\(shields)")
        try Self.expectGateCovers(session, terms, shields[0], after: "mapping")
        #expect(try session.stacking().contains(try x.id(panel)), "the panel is not a managed window")

        // Plasma's shortcuts, pressed as real keys, then Escape, Alt+F4 and KWin's close.
        let konsoles = try session.windows(ofClass: "konsole")
        for keys in ["alt+Tab", "super", "alt+space", "alt+F2", "ctrl+alt+t", "ctrl+F2", "ctrl+F3", "alt+F3", "Escape", "alt+F4"] {
            try x.key(keys)
        }
        try x.tool("wmctrl", ["-i", "-c", terms])
        try x.tool("wmctrl", ["-i", "-c", shields[0]])
        try x.fenceThroughWindowManager(shields[0])
        // Alt+Tab reached the terms window (the grab) and GTK moved its focus
        // from the text to the buttons: a click puts it back in the text.
        try x.tool("xdotool", ["mousemove", "--window", terms, "320", "200", "click", "1"])
        try x.key("ctrl+End")
        try x.waitForGate(terms, "open", "scrolled", "shields-1")
        #expect(try session.windows(ofClass: "krunner").isEmpty, "KRunner showed under the gate")
        #expect(try Self.plasmaPopups(session).isEmpty, "a plasmashell popup (the launcher) showed under the gate")
        #expect(try session.windows(ofClass: "konsole") == konsoles, "Ctrl+Alt+T opened a Konsole under the gate")
        #expect(try session.currentDesktop() == 0, "the desktop switched under the gate")
        #expect(try Self.activeWindow(session) == (try x.id(terms)), "the terms window lost the focus")
        try Self.expectGateCovers(session, terms, shields[0], after: "the shortcuts and closes")

        Self.step("the shortcuts were held", since: start)
        // KWin's window operations, asked as a pager or the title bar's buttons ask them.
        try x.tool("xdotool", ["windowminimize", terms])
        try x.fenceThroughWindowManager(shields[0])
        try poll("the terms window viewable again after a minimise", seconds: 10) { try Self.isViewable(session, terms) } until: { $0 }
        try Self.expectGateCovers(session, terms, shields[0], after: "minimising the terms window")
        try x.tool("xdotool", ["windowminimize", shields[0]])
        try x.fenceThroughWindowManager(shields[0])
        try poll("the shield viewable again after a minimise", seconds: 10) { try Self.isViewable(session, shields[0]) } until: { $0 }
        try Self.expectGateCovers(session, terms, shields[0], after: "minimising the shield")
        try x.tool("wmctrl", ["-i", "-r", terms, "-b", "add,shaded"])
        try x.fenceThroughWindowManager(shields[0])
        #expect(!(try x.tool("xprop", ["-id", terms, "_NET_WM_STATE"]).stdout.contains("SHADED")), "KWin shaded the terms window")
        try Self.expectGateCovers(session, terms, shields[0], after: "shading the terms window")
        try x.tool("wmctrl", ["-i", "-r", terms, "-e", "0,0,0,-1,-1"])
        try x.fenceThroughWindowManager(shields[0])
        try Self.expectGateCovers(session, terms, shields[0], after: "moving the terms window")
        // Meta+drag, KWin's move of any window, on the shield: with the rule,
        // KWin sets up no Meta+button grab while a gate window is active.
        try x.tool("xdotool", ["mousemove", "100", "100", "keydown", "super", "mousedown", "1", "mousemove", "400", "300",
                               "mouseup", "1", "keyup", "super"])
        try x.fenceThroughWindowManager(shields[0])
        try Self.expectGateCovers(session, terms, shields[0], after: "Meta+dragging the shield")
        try x.tool("wmctrl", ["-i", "-r", terms, "-b", "add,maximized_vert,maximized_horz"])
        try x.tool("wmctrl", ["-i", "-r", shields[0], "-b", "remove,fullscreen"])
        try x.fenceThroughWindowManager(shields[0])
        try Self.expectGateCovers(session, terms, shields[0], after: "maximising the terms and un-fullscreening the shield")
        try x.tool("wmctrl", ["-i", "-r", terms, "-b", "add,sticky"])
        try x.tool("wmctrl", ["-i", "-r", shields[0], "-b", "add,sticky"])
        try x.fenceThroughWindowManager(shields[0])
        try Self.expectGateCovers(session, terms, shields[0], after: "putting both on all desktops")
        // The title bar's window menu, by a click on its button (top left of the frame):
        let frame = try Xdotool.frameOrigin(x, terms)
        try x.tool("xdotool", ["mousemove", "\(frame.x + 10)", "\(frame.y + 10)", "click", "1"])
        try Self.expectGateCovers(session, terms, shields[0], after: "the window menu's button")
        try x.tool("xdotool", ["mousemove", "640", "790", "click", "1"])
        try x.waitForGate(terms, "open", "scrolled", "shields-1", "keyboard-grabbed")
        try Self.expectGateCovers(session, terms, shields[0], after: "the window menu")

        // A pager's or a script's move and resize of the shield
        // (_NET_MOVERESIZE_WINDOW): KWin takes it out of full screen and keeps
        // it in the work area, above the panel's strut, until the shield asks
        // for full screen again (beckon_window_keep_fullscreen).
        try x.tool("wmctrl", ["-i", "-r", shields[0], "-e", "0,300,200,400,300"])
        try x.fenceThroughWindowManager(shields[0])
        try Self.expectGateCovers(session, terms, shields[0], after: "a client's move and resize of the shield")
        Self.step("the window operations left the gate covering", since: start)
        // Decline: the gate asks ksmserver, and the whole session ends. Plasma
        // 5.27's org.kde.Shutdown is a D-Bus-activated service (plasma-shutdown)
        // that nobody owns until something starts it, so the gate, which asks
        // the first route whose name has an owner, asks ksmserver's own
        // org.kde.KSMServerInterface.logout(0, 0, 2).
        #expect(!(try session.busNameHasOwner("org.kde.Shutdown")))
        #expect(try session.busNameHasOwner("org.kde.ksmserver"))
        let ksmserver = try #require(session.pid(of: "ksmserver"))
        let declined = Date()
        try x.key("alt+d")
        let result = process.wait(deadline: 20)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("asked KDE's org.kde.ksmserver logout to end the session"), "\(result)")
        try poll("ksmserver and startplasma-x11 to exit", seconds: 30) {
            GateWardenProcess.hasExited(ksmserver) && GateWardenProcess.hasExited(session.startplasma)
        } until: { $0 }
        print("PlasmaDesktopTests: the session ended \(String(format: "%.1f", Date().timeIntervalSince(declined))) s after Decline")
    }
}

extension Xdotool {
    /// The top-left corner of `window`'s window-manager frame, on the display of `x`.
    static func frameOrigin(_ x: GateX11, _ window: String) throws -> (x: Int, y: Int) {
        let text = try x.tool("xwininfo", ["-id", window, "-frame"]).stdout
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let value = Int(parts[1]) { values[parts[0]] = value }
        }
        let extents = try x.tool("xprop", ["-id", window, "_NET_FRAME_EXTENTS"]).stdout
        let numbers = extents.split(separator: "=").last?.split(separator: ",").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        } ?? []
        let (left, top) = numbers.count == 4 ? (numbers[0], numbers[2]) : (0, 0)
        return ((values["Absolute upper-left X"] ?? 0) - left, (values["Absolute upper-left Y"] ?? 0) - top)
    }
}

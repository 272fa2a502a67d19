import BeckonTestSupport
import Foundation
import Testing

/// The gate under gnome-shell 43 on Wayland: mutter's headless backend with
/// virtual monitors, GTK a native Wayland client, keys through mutter's
/// RemoteDesktop API (``GnomeWaylandKeys``), the windows read from the shell.
extension GnomeDesktopTests {
    /// A window as the shell has it: title, frame rectangle, fullscreen,
    /// above, on every workspace, and its monitor.
    struct ShellWindow: Equatable, CustomStringConvertible {
        var title: String
        var rectangle: String
        var fullscreen: Bool
        var above: Bool
        var sticky: Bool
        var monitor: Int
        var description: String { "\(title) \(rectangle) fullscreen=\(fullscreen) above=\(above) sticky=\(sticky) monitor=\(monitor)" }
    }

    /// The shell's windows, bottom to top, with the workspace shown now.
    static func shellWindows(_ session: GnomeSession) throws -> (windows: [ShellWindow], workspace: Int) {
        let text = try session.eval("""
            (() => { const ws = global.workspace_manager.get_active_workspace();
              const ws0 = global.workspace_manager.get_workspace_by_index(0);
              return global.display.sort_windows_by_stacking(ws0.list_windows()).map(w => { const r = w.get_frame_rect();
                return [w.get_title(), `${r.width}x${r.height}+${r.x}+${r.y}`, w.is_fullscreen(), w.is_above(),
                        w.is_on_all_workspaces(), w.get_monitor()].join('|'); }).join('~') + '~#' + ws.index(); })()
            """)
        // Eval's JSON string: unquoted; one window a line, "~" between lines.
        let lines = text.dropFirst().dropLast().split(separator: "~", omittingEmptySubsequences: false)
        let workspace = Int(lines.last?.dropFirst() ?? "") ?? -1
        let windows = lines.dropLast().compactMap { line -> ShellWindow? in
            let f = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 6 else { return nil }
            return ShellWindow(title: f[0], rectangle: f[1], fullscreen: f[2] == "true", above: f[3] == "true",
                               sticky: f[4] == "true", monitor: Int(f[5]) ?? -1)
        }
        return (windows, workspace)
    }

    /// The title of the window mutter has focused, or "none".
    static func focusedTitle(_ session: GnomeSession) throws -> String {
        try session.eval("global.display.focus_window ? global.display.focus_window.get_title() : 'none'")
    }

    /// Gives the gate's terms the focus. mutter does not always give it to
    /// them as they map (seen: no focus window at all): then a click on them,
    /// as a person would, said on stdout after `reporting` when it is given.
    static func focusTerms(_ session: GnomeSession, _ keys: GnomeWaylandKeys, reporting: String? = nil) throws {
        if (try? poll("the terms focused as they map", seconds: 3) { try focusedTitle(session) } until: { $0.contains("shields-") }) == nil {
            if let reporting { print("\(reporting): the terms were not focused as they mapped (\(try focusedTitle(session))); clicked") }
            try keys.click()
            try poll("the terms focused after a click", seconds: 10) { try focusedTitle(session) } until: { $0.contains("shields-") }
        }
    }

    static func waylandSession(monitors: Int, underGnomeSession: Bool = false) throws -> (GnomeSession, GnomeWaylandKeys) {
        let session = try GnomeSession(.wayland(monitors: monitors, underGnomeSession: underGnomeSession))
        let keys = try GnomeWaylandKeys(session: session)
        try session.enableUnsafeMode(press: { try keys.key($0) }, type: { try keys.type($0) })
        return (session, keys)
    }

    /// The gate's terms window on Wayland: its title tells the gate's state (tests only).
    static func waylandTerms(_ session: GnomeSession, _ words: String..., seconds: Double = 20) throws -> [ShellWindow] {
        try poll("the gate's terms window showing \(words.joined(separator: " "))", seconds: seconds) {
            try shellWindows(session).windows
        } until: { windows in
            windows.contains { window in
                let title = Set(window.title.split(separator: " ").map(String.init))
                return title.contains { $0.hasPrefix("shields-") } && title.isSuperset(of: words)
            }
        }
    }

    @Test(arguments: [1, 2]) func waylandShieldsPerVirtualMonitorAndWhatTheShellsShortcutsDo(monitors: Int) throws {
        let (session, keys) = try Self.waylandSession(monitors: monitors)
        defer { session.stop() }
        try poll("the overview shown at start-up", seconds: 20) { try Self.shellState(session) } until: { $0.overview }
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample],
                                        environment: session.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 })
        defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
        _ = try Self.waylandTerms(session, "closed", "shields-\(monitors)")
        let expected = Set((0..<monitors).map { "1280x800+\($0 * 1280)+0" })
        // A fullscreen shield on each monitor, and the terms above the first
        // one's (Wayland has no "keep above" a client may ask for: mutter
        // stacks the transient terms over their parent).
        try poll("a fullscreen shield on each monitor, the terms above the first's", seconds: 20) {
            try Self.shellWindows(session).windows
        } until: { windows in
            guard Set(windows.filter { $0.title == "beckon-shield" && $0.fullscreen }.map(\.rectangle)) == expected,
                  let termsAt = windows.firstIndex(where: { $0.title.contains("shields-") }),
                  let shieldAt = windows.firstIndex(where: { $0.title == "beckon-shield" && $0.monitor == 0 }) else { return false }
            return termsAt > shieldAt && windows[termsAt].monitor == 0 && windows[termsAt].rectangle.hasSuffix("+320+82")
        }
        // The gate leaves the overview shown at start-up (GnomeOverview), and
        // the shield, fullscreen, hides the top bar.
        try poll("the overview left and the top bar hidden", seconds: 10) { try Self.shellState(session) } until: {
            !$0.overview && !$0.topBar
        }

        // Keys reach the terms once they have the focus. mutter does not
        // always give it to them as they map (seen: no focus window at all):
        // then a click on them, as a person would.
        try Self.focusTerms(session, keys, reporting: "GNOME Wayland")
        // Pressed again until they count (as TermsInput.press does): the
        // first keys after the focus moves were seen lost on two monitors.
        var presses = 0
        try poll("Ctrl+Home, Ctrl+End to scroll the terms to their end", seconds: 30, every: 1) {
            presses += 1
            try keys.key("ctrl+Home", "ctrl+End")
            return try Self.shellWindows(session).windows.contains { $0.title.contains("scrolled") }
        } until: { $0 }
        if presses > 1 { print("GNOME Wayland: Ctrl+Home, Ctrl+End pressed \(presses) times before the terms counted them") }

        // The shell's own shortcuts: Wayland grants no client the keyboard,
        // and the gate takes none there, so each does what GNOME binds it to.
        try keys.key("super")
        try poll("Super to show the overview over the gate", seconds: 10) { try Self.shellState(session) } until: { $0.overview }
        try keys.key("Escape")
        try poll("Escape to leave it", seconds: 10) { try Self.shellState(session) } until: { !$0.overview && $0.modals == 0 }
        try keys.key("alt+F2")
        try poll("Alt+F2 to open the run dialog over the gate", seconds: 10) { try Self.shellState(session) } until: { $0.modals == 1 }
        try keys.key("Escape")
        try poll("the run dialog closed", seconds: 10) { try Self.shellState(session) } until: { $0.modals == 0 }
        try keys.key("super+Page_Down")
        let switched = try poll("Super+Page_Down to switch the workspace", seconds: 10) { try Self.shellWindows(session) } until: {
            $0.workspace == 1
        }
        // The gate's windows on the primary monitor are on the first workspace
        // only: the second shows the desktop there. (mutter puts windows of
        // the other monitors on every workspace: org.gnome.mutter
        // workspaces-only-on-primary.)
        #expect(switched.windows.filter { $0.monitor == 0 }.allSatisfy { !$0.sticky }, "\(switched.windows)")
        #expect(switched.windows.filter { $0.monitor != 0 }.allSatisfy { $0.sticky }, "\(switched.windows)")
        try keys.key("super+Page_Up")
        try poll("Super+Page_Up to switch back", seconds: 10) { try Self.shellWindows(session).workspace } until: { $0 == 0 }

        try Self.waylandScreenshot(session, monitors == 1 ? "gnome-wayland-terms" : nil)
        let focus = try Self.focusedTitle(session)
        print("GNOME Wayland: the focus after the overview, the run dialog and a workspace round trip: \(focus)")
        // Not answered here: measured (issue 34's report), after Alt+F2 and
        // Escape a key no longer reaches the gate although mutter names it
        // the focus window (one monitor); with two, the focus is on a shield.
        // The gate is left to the deferred kill.
    }

    /// Alt+Tab over the gate on Wayland, with another application's window
    /// up (a person's program started before the gate): Wayland grants no
    /// client the keyboard, so the shell's switcher does what GNOME binds it
    /// to. What it does is measured here: which window has the focus after
    /// it, and whether that window is stacked above the gate's shield.
    @Test func waylandAltTabOverTheGate() throws {
        let (session, keys) = try Self.waylandSession(monitors: 1)
        defer { session.stop() }
        try poll("the overview shown at start-up", seconds: 20) { try Self.shellState(session) } until: { $0.overview }
        let environment = session.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 }
        let other = try RunningProcess(Products.beckon, ["--info", "--title", "Another program", "--text", "Another program"],
                                       environment: environment)
        defer { kill(other.pid, SIGKILL); _ = other.wait(deadline: 5) }
        try poll("the other program's window", seconds: 20) { try Self.shellWindows(session).windows } until: { windows in
            windows.contains { $0.title == "Another program" }
        }
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample], environment: environment)
        defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
        _ = try Self.waylandTerms(session, "closed", "shields-1")
        try poll("the overview left", seconds: 10) { try Self.shellState(session) } until: { !$0.overview }
        try Self.focusTerms(session, keys, reporting: "GNOME Wayland Alt+Tab")
        let before = try Self.shellWindows(session).windows
        print("GNOME Wayland Alt+Tab: before, bottom to top: \(before)")

        try keys.key("alt+Tab")
        let focus = try poll("Alt+Tab to move the focus", seconds: 10) { try Self.focusedTitle(session) } until: {
            !$0.contains("shields-")
        }
        usleep(500_000)
        let after = try Self.shellWindows(session).windows
        print("GNOME Wayland Alt+Tab: the focus on \(focus); after, bottom to top: \(after)")
        // Measured: the switcher gives the other program the focus and
        // raises it over the shield and the terms (mutter keeps a
        // fullscreen window in its own layer only while it or its
        // transient has the focus).
        let otherAt = try #require(after.firstIndex { $0.title == "Another program" }, "\(after)")
        let shieldAt = try #require(after.firstIndex { $0.title == "beckon-shield" }, "\(after)")
        let termsAt = try #require(after.firstIndex { $0.title.contains("shields-") }, "\(after)")
        #expect(focus.contains("Another program"), "\(focus)")
        #expect(otherAt > shieldAt && otherAt > termsAt, "\(after)")
        try Self.waylandScreenshot(session, "gnome-wayland-alt-tab")
    }

    /// The gate's end without an Accept under the real gnome-session on
    /// Wayland: gnome-session starts the shell as the session's display
    /// server (``GnomeSession``); the gate, stopped by SIGTERM (a gate that
    /// dies: the same end of the session as Decline's), has its warden ask
    /// org.gnome.SessionManager Logout(1), and gnome-session and the shell it
    /// started exit. Decline by keys: waylandDeclineByKeysEndsTheRealGnomeSession.
    @Test func waylandTheGatesEndWithoutAnAcceptEndsTheRealGnomeSession() throws {
        let (session, _) = try Self.waylandSession(monitors: 1, underGnomeSession: true)
        defer { session.stop() }
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample, "--json"],
                                        environment: session.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 })
        defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
        _ = try Self.waylandTerms(session, "closed", "shields-1", seconds: 30)
        #expect(session.isRunning("gnome-session-binary") && session.isRunning("gnome-shell"))
        kill(process.pid, SIGTERM)
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 143, "\(result)")
        #expect(result.stderr.contains("org.gnome.SessionManager Logout"), "\(result)")
        try session.waitForLogout()
    }

    /// Decline by real keys under the real gnome-session on Wayland, as on
    /// X11 (x11DeclineEndsTheRealGnomeSession): the terms focused, Alt+D
    /// (Decline's mnemonic) through mutter's RemoteDesktop API; beckon exits
    /// 1 with the outcome "declined", its warden asks
    /// org.gnome.SessionManager Logout(1), and gnome-session and the shell
    /// it started exit.
    @Test func waylandDeclineByKeysEndsTheRealGnomeSession() throws {
        let (session, keys) = try Self.waylandSession(monitors: 1, underGnomeSession: true)
        defer { session.stop() }
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample, "--json"],
                                        environment: session.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 })
        defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
        _ = try Self.waylandTerms(session, "closed", "shields-1", seconds: 30)
        #expect(session.isRunning("gnome-session-binary") && session.isRunning("gnome-shell"))
        try Self.focusTerms(session, keys, reporting: "GNOME Wayland (gnome-session)")
        // Pressed again until it counts (as W1's keys): how many presses it
        // took is printed, since the first keys after the focus moves were
        // seen lost.
        var presses = 0
        try poll("Alt+D (Decline's mnemonic) to end the gate", seconds: 30, every: 1) {
            if process.process.isRunning { presses += 1; try keys.key("alt+d") }
            usleep(500_000)
            return process.process.isRunning
        } until: { !$0 }
        print("GNOME Wayland (gnome-session): Alt+D pressed \(presses) time(s) before the gate ended")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.contains(#""outcome":"declined""#), "\(result)")
        #expect(result.stderr.contains("org.gnome.SessionManager Logout"), "\(result)")
        try session.waitForLogout()
    }

    /// Picture NAME (``DesktopScreenshots``): the whole screen through the shell's
    /// Screenshot API (which unsafe mode opens to any caller); nil: none.
    static func waylandScreenshot(_ session: GnomeSession, _ name: String?) throws {
        guard let name else { return }
        let path = try DesktopScreenshots.path(name)
        let reply = try session.bus("org.gnome.Shell.Screenshot", "/org/gnome/Shell/Screenshot",
                                    "org.gnome.Shell.Screenshot.Screenshot", ["false", "false", path])
        #expect(reply.contains("true"), "\(reply)")
    }
}

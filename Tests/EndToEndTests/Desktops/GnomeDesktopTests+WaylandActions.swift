import BeckonTestSupport
import Foundation
import Testing

/// The window manager's close and its window actions against the gate under
/// gnome-shell 43 on Wayland (one virtual monitor): real keys where a person
/// has them, and mutter's own calls (through org.gnome.Shell.Eval) for what a
/// title bar, the window menu or an extension asks of it.
extension GnomeDesktopTests {
    /// One of the gate's windows as mutter has it.
    struct GateWindow: CustomStringConvertible {
        var title: String
        var rectangle: String
        var fullscreen: Bool
        var minimized: Bool
        /// Meta.MaximizeFlags: 0 none, 3 both.
        var maximized: Int
        /// meta_window_showing_on_its_workspace: not minimised, nor under a minimised parent.
        var showing: Bool
        /// Its workspace's index; -2: on every workspace.
        var workspace: Int
        var canMinimize: Bool
        var canMaximize: Bool
        var allowsMove: Bool
        /// Meta.WindowType: 0 normal, 4 modal dialog.
        var type: Int
        var isTerms: Bool { title.contains("shields-") }
        var description: String {
            "\(isTerms ? "terms" : title) \(rectangle) fullscreen=\(fullscreen) minimized=\(minimized) maximized=\(maximized) "
                + "showing=\(showing) workspace=\(workspace) can_minimize=\(canMinimize) can_maximize=\(canMaximize) "
                + "allows_move=\(allowsMove) type=\(type)"
        }

        init?(_ line: Substring) {
            let f = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 11 else { return nil }
            (title, rectangle, fullscreen, minimized) = (f[0], f[1], f[2] == "true", f[3] == "true")
            (maximized, showing, workspace) = (Int(f[4]) ?? -1, f[5] == "true", Int(f[6]) ?? -1)
            (canMinimize, canMaximize, allowsMove, type) = (f[7] == "true", f[8] == "true", f[9] == "true", Int(f[10]) ?? -1)
        }
    }

    /// The gate's windows, bottom to top, with the workspace shown and the top bar.
    struct GateState: CustomStringConvertible {
        var windows: [GateWindow]
        var workspace: Int
        var topBar: Bool
        var description: String { "\(windows) workspace=\(workspace) topBar=\(topBar)" }

        /// Nil when the gate guarantees what it does on this monitor (1280x800
        /// at 0,0): a fullscreen shield over all of it on the workspace shown,
        /// the terms above it, shown, and the top bar hidden; else what fails.
        var uncovered: String? {
            let here = { (w: GateWindow) in w.workspace == workspace || w.workspace == -2 }
            guard let shieldAt = windows.firstIndex(where: { !$0.isTerms && $0.rectangle == "1280x800+0+0" && $0.fullscreen
                                                             && !$0.minimized && $0.showing && here($0) })
            else { return "no fullscreen shield shown over the monitor" }
            guard let termsAt = windows.firstIndex(where: \.isTerms) else { return "no terms window" }
            let terms = windows[termsAt]
            if terms.minimized || !terms.showing || !here(terms) { return "the terms are not shown" }
            if termsAt < shieldAt { return "the terms are below the shield" }
            if topBar { return "the top bar is shown" }
            return nil
        }
    }

    /// JavaScript for an Eval: `gate()` the gate's windows bottom to top,
    /// `describe(w)` one as ``GateWindow`` reads it.
    private static let gateScript = """
        const gate = () => global.display.sort_windows_by_stacking(global.display.list_all_windows())
          .filter(w => w.get_title() === 'beckon-shield' || (w.get_title() || '').includes('shields-'));
        const describe = w => { const r = w.get_frame_rect(); const ws = w.get_workspace();
          return [w.get_title(), `${r.width}x${r.height}+${r.x}+${r.y}`, w.is_fullscreen(), w.minimized,
                  w.get_maximized(), w.showing_on_its_workspace(),
                  w.is_on_all_workspaces() ? -2 : (ws ? ws.index() : -1),
                  w.can_minimize(), w.can_maximize(), w.allows_move(), w.get_window_type()].join('|'); };
        const terms = () => gate().find(w => w.get_title().includes('shields-'));
        const shield = () => gate().find(w => w.get_title() === 'beckon-shield' && w.get_monitor() === 0);
        """

    static func gateState(_ session: GnomeSession) throws -> GateState {
        let text = try session.eval("""
            (() => { \(gateScript)
              return gate().map(describe).join('~') + '~#' + global.workspace_manager.get_active_workspace().index()
                + '#' + Main.layoutManager.panelBox.visible; })()
            """)
        let lines = text.dropFirst().dropLast().split(separator: "~")
        let tail = (lines.last ?? "").split(separator: "#")
        return GateState(windows: lines.dropLast().compactMap(GateWindow.init),
                         workspace: Int(tail.first ?? "") ?? -1, topBar: tail.last == "true")
    }

    /// Runs `action` on `window` ("terms()" or "shield()") in the shell, and
    /// returns the window as mutter has it right after: what mutter did
    /// (it applies these at once, or refuses).
    static func ask(_ session: GnomeSession, _ window: String, _ action: String) throws -> String {
        let text = try session.eval("(() => { \(gateScript) const w = \(window); \(action); return describe(w); })()")
        return String(text.dropFirst().dropLast())
    }

    /// What the shell's window menu offers for the window it shows now, each
    /// item's label, "(off)" after one greyed out; "none" with no menu up.
    static func windowMenu(_ session: GnomeSession) throws -> String {
        let text = try session.eval("""
            (() => { const m = Main.wm._windowMenuManager._manager.activeMenu; if (!m) return 'none';
              return m._getMenuItems().filter(i => i.label).map(i => i.label.text + (i.sensitive ? '' : ' (off)')).join(', '); })()
            """)
        return String(text.dropFirst().dropLast())
    }

    @Test func waylandCloseAndTheShellsWindowActionsLeaveTheGateCovering() throws {
        let (session, keys) = try Self.waylandSession(monitors: 1)
        defer { session.stop() }
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample],
                                        environment: session.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 })
        defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
        _ = try Self.waylandTerms(session, "closed", "shields-1")
        let covered = try poll("the gate covering the monitor", seconds: 20) { try Self.gateState(session) } until: { $0.uncovered == nil }
        print("GNOME Wayland, the gate as it maps: \(covered)")
        // The focus on the terms, as W1 does: a click on them if mutter did not give it.
        try Self.focusTerms(session, keys)

        // Escape and Alt+F4 as real keys, and the shell's close of both
        // windows (what the title bar's close and the window menu's Close
        // call): GTK is asked to close each (xdg_toplevel.close) and the gate
        // refuses. Then Ctrl+End must still reach the terms.
        try keys.key("Escape", "alt+F4")
        print("GNOME Wayland, the shell's close of the terms: \(try Self.ask(session, "terms()", "w.delete(global.get_current_time())"))")
        print("GNOME Wayland, the shell's close of the shield: \(try Self.ask(session, "shield()", "w.delete(global.get_current_time())"))")
        try poll("Ctrl+Home, Ctrl+End to scroll the terms after the closes", seconds: 30, every: 1) {
            try keys.key("ctrl+Home", "ctrl+End")
            return try Self.shellWindows(session).windows.contains { $0.title.contains("scrolled") }
        } until: { $0 }
        #expect(process.process.isRunning, "a close ended the gate")
        let afterCloses = try Self.gateState(session)
        print("GNOME Wayland, after the closes: \(afterCloses)")
        try #require(afterCloses.uncovered == nil, "\(afterCloses)")

        // A person's keys for the window actions (org.gnome.desktop.wm.keybindings):
        // Super+H minimise and Super+Up maximise the focus window (the terms);
        // mutter acts only where the window has that function.
        try keys.key("super+h", "super+Up")
        usleep(1_000_000) // as below: a size mutter gave, and the top bar, settle
        let afterKeys = try poll("the gate after Super+H and Super+Up", seconds: 5) { try Self.gateState(session) } until: { $0.uncovered == nil }
        print("GNOME Wayland, after Super+H and Super+Up: \(afterKeys)")

        // The window menu: Alt+Space for the focus window (the terms), and the
        // shell's own call for a shield (an undecorated window with no title
        // bar to right-click). What it offers is what a person can ask.
        try keys.key("alt+space")
        try poll("Alt+Space to open the terms' window menu", seconds: 10) { try Self.shellState(session) } until: { $0.modals == 1 }
        let termsMenu = try Self.windowMenu(session)
        print("GNOME Wayland, the terms' window menu: \(termsMenu)")
        try keys.key("Escape")
        try poll("the menu closed", seconds: 10) { try Self.shellState(session) } until: { $0.modals == 0 }
        _ = try session.eval("""
            (() => { \(Self.gateScript) const w = shield(); const r = w.get_frame_rect();
              Main.wm._windowMenuManager.showWindowMenuForWindow(w, Meta.WindowMenuType.WM,
                new Meta.Rectangle({ x: r.x + 40, y: r.y + 40, width: 1, height: 1 })); return 'shown'; })()
            """)
        try poll("the shield's window menu", seconds: 10) { try Self.shellState(session) } until: { $0.modals == 1 }
        let shieldMenu = try Self.windowMenu(session)
        print("GNOME Wayland, a shield's window menu: \(shieldMenu)")
        try keys.key("Escape")
        try poll("the menu closed", seconds: 10) { try Self.shellState(session) } until: { $0.modals == 0 }
        // Hide minimised a shield, and the terms with it (**fixed**: the
        // shield is a modal dialog to mutter, TermsShield.refuseMinimiseOnWayland).
        #expect(termsMenu.contains("Hide (off)") && shieldMenu.contains("Hide (off)"), "\(termsMenu) / \(shieldMenu)")

        // Each action asked of mutter directly, on the terms and on the
        // shield: what mutter did at once, then whether the gate still covers
        // the monitor (waiting a moment for beckon to put a window back).
        // Where one is left uncovered, the test undoes it to go on measuring.
        let actions: [(name: String, ask: String, undo: String)] = [
            ("minimise", "w.minimize()", "w.unminimize()"),
            ("maximise", "w.maximize(Meta.MaximizeFlags.BOTH)", "w.unmaximize(Meta.MaximizeFlags.BOTH)"),
            ("move", "w.move_frame(true, 10, 10)", ""),
            ("move to workspace 2", "w.change_workspace_by_index(1, false)", "w.change_workspace_by_index(0, false)"),
        ]
        var failures: [String] = []
        for window in ["terms()", "shield()"] {
            for action in actions {
                let done = try Self.ask(session, window, action.ask)
                // mutter applies a Wayland window's new size once GTK has
                // answered its configure, and shows or hides the top bar at
                // its next frame: what stays is read after a second.
                usleep(1_000_000)
                let after = try? poll("the gate covering the monitor after \(action.name)", seconds: 5, every: 0.2) {
                    try Self.gateState(session)
                } until: { $0.uncovered == nil }
                let state = try after ?? Self.gateState(session)
                print("GNOME Wayland, \(action.name) of \(window): mutter: \(done); then \(state.uncovered ?? "covered"): \(state)")
                if let why = state.uncovered {
                    failures.append("\(action.name) of \(window): \(why)")
                    if !action.undo.isEmpty { _ = try Self.ask(session, window, action.undo) }
                    try poll("the gate put back by the test", seconds: 10) { try Self.gateState(session) } until: { $0.uncovered == nil }
                }
            }
        }
        // Measured, and not Beckon's to refuse (docs/terms.md): mutter's own
        // maximise of the terms (the window menu greys it out and Super+Up
        // does nothing: only an extension or Eval asks it) makes the monitor
        // no longer "in fullscreen" (src/core/display.c check_fullscreen_func:
        // a maximised window above a fullscreen one), and the top bar shows
        // over the shield; the window menu's "Move to Workspace Right" moves
        // the shield with its attached terms to the next workspace, and
        // Wayland gives a client no way to be on every workspace.
        #expect(failures == ["maximise of terms(): the top bar is shown",
                             "move to workspace 2 of terms(): no fullscreen shield shown over the monitor",
                             "move to workspace 2 of shield(): no fullscreen shield shown over the monitor"],
                "left uncovered: \(failures)")
        // Still the gate: its process runs. After these actions mutter names
        // no focus window (moving the focused terms to another workspace took
        // it away); what a person does then is click: the terms, or the
        // shield, which gives the focus to the terms (TermsWindow+Gate.swift
        // takeFocusFromShield). Then the keys answer the gate.
        print("GNOME Wayland: the focus after the actions: \(try Self.focusedTitle(session))")
        #expect(process.process.isRunning)
        try keys.click()
        try poll("the terms focused after a click", seconds: 10) { try Self.focusedTitle(session) } until: { $0.contains("shields-") }
        print("GNOME Wayland: the focus after a click: \(try Self.focusedTitle(session))")
        try keys.key("alt+a")
        let ended = process.wait(deadline: 15)
        #expect(ended.exitCode == 0, "Alt+A after the window actions: \(ended)")
    }
}

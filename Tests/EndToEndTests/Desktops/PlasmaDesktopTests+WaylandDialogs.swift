import BeckonTestSupport
import Foundation
import Testing

/// Every dialog kind on Plasma's Wayland: the twin of
/// onX11EveryDialogKindAnswersTheSameKeysUnderKWinAndBreeze
/// (PlasmaDesktopTests+Dialogs.swift), with beckon a native Wayland client
/// (GDK_BACKEND=wayland) of KWin, the keys real ones through KWin's
/// org_kde_kwin_fake_input (``PlasmaWaylandSession/key(_:)-([String])``), and the
/// windows read from KWin's scripting API, since Wayland lets no client see
/// another's windows.
extension PlasmaDesktopTests {
    /// The cases whose window is photographed, by the start of their name
    /// (the terms are photographed gated, by the Wayland gate's test).
    static let photographedOnWayland = ["question:": "question", "list:": "list", "forms:": "forms"]

    /// Every KeyboardOnlyTests case (measured there under openbox) under
    /// KWin on Wayland with Breeze: its window maps, KWin makes it the active
    /// window without being asked, and the same real keys give the same
    /// stdout and exit code.
    @Test func onWaylandEveryDialogKindAnswersTheSameKeysUnderKWinAndBreeze() throws {
        let start = Date()
        let session = try PlasmaWaylandSession()
        defer { session.end() }
        Self.step("the Wayland session is up", since: start)
        let settings = try String(contentsOfFile: session.home + "/.config/gtk-3.0/settings.ini", encoding: .utf8)
        #expect(settings.contains("gtk-theme-name=Breeze"), "Plasma did not give GTK Breeze: \(settings)")
        // The colour chooser too (P4 on X11 had it last, for the display's
        // hang after it): under Plasma GTK's colour editor has one more
        // button, its eyedropper, shown where KWin's org.kde.kwin.ColorPicker
        // answers, and first in the editor, where GtkDialog gave it the focus
        // (typed text went nowhere, and Return asked KWin to pick). beckon
        // now focuses the colour's entry itself (ColorRequest+Gtk.swift).
        for c in KeyboardOnlyCases.all {
            let began = Date()
            do { try Self.answerOnWayland(c, in: session) } catch { Issue.record("\(c.name): \(error)") }
            Self.step("\(c.name): \(String(format: "%.1f", Date().timeIntervalSince(began))) s", since: start)
        }
    }

    /// beckon's window (its first, as KWin lists it) in `session`, found by its pid, if KWin has one.
    static func waylandWindow(of pid: Int32, in session: PlasmaWaylandSession) throws -> PlasmaWaylandSession.Window? {
        let text = try session.script("""
            \(PlasmaWaylandSession.describeWindow)
            return workspace.clientList().filter(function (c) { return c.pid == \(pid); }).map(describe).join('~');
            """)
        return text.split(separator: "~").compactMap(PlasmaWaylandSession.window).first
    }

    /// The words a terms window tells tests in its title on Wayland
    /// (TermsWindow.exposeStateInTitle): "closed" or "open", "scrolled",
    /// "accept-sensitive", "accept-pressed". Throws once the window is gone:
    /// the dialog ended.
    static func waylandGate(of pid: Int32, in session: PlasmaWaylandSession) throws -> Set<String> {
        guard let window = try waylandWindow(of: pid, in: session) else {
            throw WaitFailed("beckon \(pid) has no window in KWin any more, so the dialog ended")
        }
        let words = window.caption.split(separator: " ").map(String.init)
        return words.first == "beckon-terms-gate" ? Set(words.dropFirst()) : []
    }

    /// One KeyboardOnlyTests case in `session`: its steps as real keys through
    /// KWin, its window photographed when it is one of ``photographedOnWayland``.
    static func answerOnWayland(_ c: KeyboardOnlyCase, in session: PlasmaWaylandSession) throws {
        let process = try RunningProcess(Products.beckon, c.arguments,
                                         environment: session.clientEnvironment(c.environment.merging(["GDK_BACKEND": "wayland"]) { $1 }),
                                         stdin: c.stdin, keepStdinOpen: c.stdinStaysOpen)
        defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
        let pid = process.pid
        let window = try poll("\(c.name): beckon's window in KWin", seconds: 20, every: 0.2) {
            guard process.process.isRunning else { throw WaitFailed("beckon exited: \(process.wait(deadline: 1))") }
            return try Self.waylandWindow(of: pid, in: session)
        } until: { $0 != nil }
        // A native Wayland window: with GDK_BACKEND=wayland GTK opens no X11
        // display at all (it fails rather than fall back to Xwayland).
        if c.name.hasPrefix("question:") { print("PlasmaDesktopTests: on Wayland, KWin has the question as \(window!)") }
        if c.waitsForInput {
            let descriptor = "/proc/\(pid)/fd/0"
            try poll("beckon to read all of stdin", seconds: 15, {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptor)) ?? "closed"
            }, until: { !$0.hasPrefix("pipe:") || !process.process.isRunning })
        }
        // KWin activates a new window: the dialog has the focus without being given it.
        let active = try? poll("\(c.name): KWin to activate the dialog", seconds: 10, every: 0.2) {
            try Self.waylandWindow(of: pid, in: session)?.active ?? false
        } until: { $0 }
        let state = active == nil ? (try? session.state()).map(String.init(describing:)) ?? "?" : ""
        #expect(active != nil, "\(c.name): KWin did not activate the dialog: \(state)")
        if let kind = Self.photographedOnWayland.first(where: { c.name.hasPrefix($0.key) })?.value {
            usleep(500_000) // a frame for the screenshot only; no assertion rests on it
            try session.screenshot(to: try DesktopScreenshots.path("plasma-wayland-\(kind)"))
        }
        for step in c.steps {
            try step.perform(process, desktop: "PlasmaDesktopTests", key: { try session.key($0) }, type: { try session.type($0) },
                             gate: { try Self.waylandGate(of: pid, in: session) })
        }
        let result = process.wait(deadline: 15)
        let expected = c.stdout()
        #expect(!result.timedOut && result.exitCode == c.exitCode && result.stdout == expected,
                "\(c.name): expected exit \(c.exitCode), stdout \(expected.debugDescription); got \(result)")
        try c.check?(result)
    }
}

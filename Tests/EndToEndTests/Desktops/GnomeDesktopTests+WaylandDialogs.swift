import BeckonTestSupport
import Foundation
import Testing

/// Every dialog kind on GNOME's Wayland under the real gnome-session: the
/// twin of x11EveryDialogKindAnswersByKeysAsUnderOpenbox (G5), with beckon a
/// native Wayland client of mutter (GDK_BACKEND=wayland), the keys real ones
/// through mutter's RemoteDesktop API (``GnomeWaylandKeys``), and the windows
/// read from the shell (Eval), since Wayland lets no client see another's.
extension GnomeDesktopTests {
    /// Every KeyboardOnlyTests case (measured there under openbox) under
    /// gnome-session, gnome-shell and Adwaita on Wayland: its window maps,
    /// mutter gives it the focus without being asked, and the same real keys
    /// give the same stdout and exit code.
    @Test func waylandEveryDialogKindAnswersByKeysAsUnderOpenbox() throws {
        let (session, keys) = try Self.waylandSession(monitors: 1, underGnomeSession: true)
        defer { session.stop() }
        try Self.leaveWaylandOverview(session, keys)
        for c in KeyboardOnlyCases.all {
            let began = Date()
            do { try Self.answerOnWayland(c, in: session, keys) } catch { Issue.record("\(c.name): \(error)") }
            print("GNOME Wayland, \(c.name): \(String(format: "%.1f", Date().timeIntervalSince(began))) s")
        }
    }

    /// Leaves the overview the shell shows at start-up with a real Escape, as
    /// a person does before using a window (it holds the keyboard meanwhile).
    static func leaveWaylandOverview(_ session: GnomeSession, _ keys: GnomeWaylandKeys) throws {
        // Shown once the shell's start-up animation ends: left before, it would come back.
        try poll("the overview shown at start-up", seconds: 30, every: 0.3) { try shellState(session) } until: { $0.overview }
        try poll("the overview left with Escape", seconds: 30, every: 0.5) {
            let state = try shellState(session)
            if state.overview { try keys.key("Escape") }
            return state
        } until: { !$0.overview && $0.modals == 0 }
    }

    /// The title of beckon's window (pid `pid`) as the shell has it, and
    /// whether it has the focus; nil when it has none.
    static func waylandWindow(of pid: Int32, in session: GnomeSession) throws -> (title: String, focused: Bool)? {
        let text = try session.eval("""
            (() => { const w = global.display.list_all_windows().find(w => w.get_pid() == \(pid));
              return w ? (w === global.display.focus_window ? 'focused|' : 'unfocused|') + w.get_title() : ''; })()
            """)
        // Eval's JSON string, unquoted.
        let plain = String(text.dropFirst().dropLast())
        guard let bar = plain.firstIndex(of: "|") else { return nil }
        return (String(plain[plain.index(after: bar)...]), plain.hasPrefix("focused|"))
    }

    /// The words a terms window tells tests in its title on Wayland
    /// (TermsWindow.exposeStateInTitle). Throws once the window is gone: the dialog ended.
    static func waylandGate(of pid: Int32, in session: GnomeSession) throws -> Set<String> {
        guard let window = try waylandWindow(of: pid, in: session) else {
            throw WaitFailed("beckon \(pid) has no window in the shell any more, so the dialog ended")
        }
        let words = window.title.split(separator: " ").map(String.init)
        return words.first == "beckon-terms-gate" ? Set(words.dropFirst()) : []
    }

    /// One KeyboardOnlyTests case in `session`: its steps as real keys through mutter.
    static func answerOnWayland(_ c: KeyboardOnlyCase, in session: GnomeSession, _ keys: GnomeWaylandKeys) throws {
        let environment = session.environment.merging(c.environment) { $1 }.merging(["NO_AT_BRIDGE": "1", "GDK_BACKEND": "wayland"]) { $1 }
        let process = try RunningProcess(Products.beckon, c.arguments, environment: environment,
                                         stdin: c.stdin, keepStdinOpen: c.stdinStaysOpen)
        defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
        let pid = process.pid
        _ = try poll("\(c.name): beckon's window in the shell", seconds: 20, every: 0.2) {
            guard process.process.isRunning else { throw WaitFailed("beckon exited: \(process.wait(deadline: 1))") }
            return try Self.waylandWindow(of: pid, in: session)
        } until: { $0 != nil }
        if c.waitsForInput {
            let descriptor = "/proc/\(pid)/fd/0"
            try poll("beckon to read all of stdin", seconds: 15, {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptor)) ?? "closed"
            }, until: { !$0.hasPrefix("pipe:") || !process.process.isRunning })
        }
        // mutter focuses a new window: the dialog has the focus without being given it.
        let focused = try? poll("\(c.name): mutter to focus the dialog", seconds: 10, every: 0.2) {
            try Self.waylandWindow(of: pid, in: session)?.focused ?? false
        } until: { $0 }
        #expect(focused != nil, "\(c.name): mutter did not focus the dialog")
        for step in c.steps {
            try step.perform(process, desktop: "GnomeDesktopTests", key: { try keys.key($0) }, type: { try keys.type($0) },
                             gate: { try Self.waylandGate(of: pid, in: session) })
        }
        let result = process.wait(deadline: 15)
        let expected = c.stdout()
        #expect(!result.timedOut && result.exitCode == c.exitCode && result.stdout == expected,
                "\(c.name): expected exit \(c.exitCode), stdout \(expected.debugDescription); got \(result)")
        try c.check?(result)
    }
}

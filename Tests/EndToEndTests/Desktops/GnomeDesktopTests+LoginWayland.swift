import BeckonTestSupport
import Foundation
import Testing

/// Login-time start under gnome-session 43 on Wayland (headless gnome-shell
/// started by gnome-session as its display server): the same packaged
/// autostart entry, starter and managed `Gate=true` terms file as on X11
/// (``LoginConfiguration``, x11TheAutostartEntryStartsTheManagedGateOncePerLogin).
extension GnomeDesktopTests {
    /// Three logins: each shows the managed gate once, started by the
    /// autostart entry in gnome-session's start-up. The shell's windows are
    /// read through Eval, which needs unsafe mode, turned on by keys
    /// (Looking Glass) only once the session runs: the terms are there at
    /// Eval's first look, so that sighting is an upper bound. Seen before
    /// it, with no unsafe mode: the start-up overview (OverviewActive, a
    /// property any caller may read) and its end, which the gate asks for
    /// as its terms window maps (on Wayland, TermsShieldKeyboard's "map":
    /// GnomeOverview.leave), and the starter's own start (its time written
    /// by the counting starter). A fourth login with no managed terms shows
    /// that the overview's end is the gate's: without it, the overview
    /// stays. Printed for each login: the overview's changes, the starter's
    /// start, and Eval's sighting of the terms with their state, in seconds
    /// after the session's start; the median of the overview's ends.
    @Test func waylandTheAutostartEntryStartsTheManagedGateOncePerLogin() throws {
        var seconds: [Double] = []
        // Three logins with the gate, then one with no managed terms (the
        // starter runs, beckon exits at once): the overview's end is the
        // gate's doing only if, with no gate, the overview stays.
        for login in 0..<4 {
            let gated = login < 3
            let configuration = try LoginConfiguration()
            defer { try? FileManager.default.removeItem(at: configuration.root) }
            if !gated {
                let terms = URL(fileURLWithPath: configuration.configDirs).appendingPathComponent("beckon/terms.d")
                for file in try FileManager.default.contentsOfDirectory(atPath: terms.path) where file.hasSuffix(".conf") {
                    try FileManager.default.removeItem(at: terms.appendingPathComponent(file))
                }
            }
            let state = configuration.root.appendingPathComponent("state").path
            let session = try GnomeSession(.wayland(monitors: 1, underGnomeSession: true), environment: [
                "XDG_CONFIG_DIRS": "\(configuration.configDirs):/etc/xdg", "XDG_STATE_HOME": state,
                "BECKON_TEST_EXPOSE_GATE": "1", "NO_AT_BRIDGE": "1",
            ])
            defer { session.stop() }
            let since = { (date: Date) in date.timeIntervalSince(session.started) }
            func overviewActive() -> Bool? {
                let reply = try? session.bus("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties.Get",
                                             ["org.gnome.Shell", "OverviewActive"])
                return reply.map { $0.contains("true") }
            }
            // The overview from the shell's first answer on, each change with
            // its time: up at start-up (which the shell may show after its
            // first answer), then left when the terms map; never seen up:
            // nothing is learnt from it, and the Eval sighting alone tells.
            var trace: [(seconds: Double, active: Bool?)] = []
            var overviewLeft: Double?
            let end = Date().addingTimeInterval(gated ? 20 : 10)
            while Date() < end, overviewLeft == nil {
                let active = overviewActive()
                if trace.last.map({ $0.active != active }) ?? true { trace.append((since(Date()), active)) }
                if active == false, trace.contains(where: { $0.active == true }) { overviewLeft = trace.last?.seconds }
                usleep(50_000)
            }
            let format = { (value: Double?) in value.map { String(format: "%.1f s", $0) } ?? "?" }
            let overviews = trace.map { "\($0.active.map { "\($0)" } ?? "?") at \(format($0.seconds))" }.joined(separator: ", ")
            let starter = configuration.startTimes().first.map { $0 - session.started.timeIntervalSince1970 }
            guard gated else {
                print("GNOME Wayland login with no managed terms: the overview \(overviews) (watched 10 s); starter started \(format(starter))")
                #expect(trace.contains { $0.active == true } && overviewLeft == nil, "the overview: \(overviews)")
                #expect(configuration.startCount() == 1, "the starter ran \(configuration.startCount()) times")
                continue
            }
            let keys = try GnomeWaylandKeys(session: session)
            try session.enableUnsafeMode(press: { try keys.key($0) }, type: { try keys.type($0) })
            var looks = 0
            let windows = try poll("the managed gate's terms window", seconds: 60, every: 0.05) { () throws -> [ShellWindow] in
                looks += 1
                return try Self.shellWindows(session).windows
            } until: { windows in windows.contains { $0.title.split(separator: " ").contains("shields-1") } }
            let sighted = since(Date())
            let overview = overviewActive()
            print("GNOME Wayland login: the overview \(overviews);"
                + " starter started \(format(starter)); overview left \(format(overviewLeft));"
                + " the terms (shields-1) seen through Eval \(format(sighted))\(looks == 1 ? " (at most: there at the first look)" : "");"
                + " overview then: \(overview.map { "\($0)" } ?? "?")")
            seconds.append(overviewLeft ?? sighted)
            #expect(windows.filter { $0.title.contains("shields-") }.count == 1, "\(windows)")
            #expect(configuration.startCount() == 1, "the starter ran \(configuration.startCount()) times")
            #expect(session.isRunning("gnome-session-binary") && session.isRunning("gnome-shell"))
        }
        let median = seconds.sorted()[seconds.count / 2]
        print("GNOME Wayland login: the gate's terms window shown (the overview's end, or the Eval sighting): median \(String(format: "%.1f", median)) s of \(seconds.map { String(format: "%.1f", $0) })")
    }
}

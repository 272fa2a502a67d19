import BeckonTestSupport
import Foundation
import Testing

/// Login-time start under gnome-session 43 on X11 (desktops.md row 7): the
/// packaged XDG autostart entry (packaging/org.beckon.LoginTerms.desktop)
/// and starter (packaging/beckon-login-terms), their paths pointed at this
/// build, found by gnome-session through XDG_CONFIG_DIRS with a managed
/// `Gate=true` terms file beside them. gnome-session --builtin runs XDG
/// autostart entries itself (no systemd user manager here).
extension GnomeDesktopTests {
    /// A configuration directory with the autostart entry, the starter and
    /// one managed gate; `starts` counts the starter's runs.
    struct LoginConfiguration {
        let root: URL
        var configDirs: String { root.appendingPathComponent("xdg").path }
        var starts: URL { root.appendingPathComponent("starts") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-gnome-login-\(UUID().uuidString)")
            let xdg = root.appendingPathComponent("xdg")
            let terms = xdg.appendingPathComponent("beckon/terms.d")
            let autostart = xdg.appendingPathComponent("autostart")
            for directory in [terms, autostart] { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
            let packaging = Products.packageRoot.appendingPathComponent("packaging")
            // The packaged starter, running this build's beckon.
            let starter = try String(contentsOf: packaging.appendingPathComponent("beckon-login-terms"), encoding: .utf8)
                .replacingOccurrences(of: "/usr/bin/beckon", with: Products.beckon)
            let starterPath = root.appendingPathComponent("beckon-login-terms")
            try starter.write(to: starterPath, atomically: true, encoding: .utf8)
            // Counts each start, with its time (seconds since 1970), then is the starter.
            let counting = root.appendingPathComponent("counting-starter")
            try "#!/bin/sh\necho \"start $(date +%s.%N)\" >>'\(starts.path)'\nexec /bin/sh '\(starterPath.path)'\n"
                .write(to: counting, atomically: true, encoding: .utf8)
            chmod(counting.path, 0o755)
            let entry = try String(contentsOf: packaging.appendingPathComponent("org.beckon.LoginTerms.desktop"), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                    if line.hasPrefix("Exec=") { return "Exec=\(counting.path)" }
                    if line.hasPrefix("TryExec=") { return "TryExec=\(Products.beckon)" }
                    return String(line)
                }.joined(separator: "\n")
            try entry.write(to: autostart.appendingPathComponent("org.beckon.LoginTerms.desktop"), atomically: true, encoding: .utf8)
            try Data(contentsOf: URL(fileURLWithPath: TermsFixture.sample)).write(to: terms.appendingPathComponent("rules.md"))
            let id = "org.beckon.test.gnome\(UInt32.random(in: 0...UInt32.max))"
            try "[Terms]\nVersion=1\nFile=rules.md\nGate=true\n"
                .write(to: terms.appendingPathComponent("\(id).conf"), atomically: true, encoding: .utf8)
        }

        func startCount() -> Int {
            ((try? String(contentsOf: starts, encoding: .utf8)) ?? "").split(separator: "\n").count
        }

        /// When each start was, in seconds since 1970 (the counting starter's `date`).
        func startTimes() -> [Double] {
            ((try? String(contentsOf: starts, encoding: .utf8)) ?? "").split(separator: "\n")
                .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }
        }
    }

    /// Three logins: each shows the managed gate once, started by the
    /// autostart entry in gnome-session's start-up. The time from the
    /// session's start (its launcher: server, buses, gnome-session) to the
    /// gate's terms window mapped with its state is printed, with whether
    /// the start-up overview showed then.
    @Test func x11TheAutostartEntryStartsTheManagedGateOncePerLogin() throws {
        var seconds: [Double] = []
        for _ in 0..<3 {
            let configuration = try LoginConfiguration()
            defer { try? FileManager.default.removeItem(at: configuration.root) }
            let state = configuration.root.appendingPathComponent("state").path
            let session = try GnomeSession(.x11(), environment: [
                "XDG_CONFIG_DIRS": "\(configuration.configDirs):/etc/xdg", "XDG_STATE_HOME": state,
                "BECKON_TEST_EXPOSE_GATE": "1", "NO_AT_BRIDGE": "1",
            ])
            defer { session.stop() }
            let x = GateX11(display: session.display)
            var looks = 0
            let terms = try poll("the managed gate's terms window", seconds: 60, every: 0.05) {
                looks += 1
                // Debian 12's xdotool has no --role: the title, then the role.
                return try x.tool("xdotool", ["search", "--onlyvisible", "--name", "^Terms of Use$"]).stdout
                    .split(separator: "\n").map(String.init).first { (try? x.role(of: $0).contains("shields-1")) == true } ?? ""
            } until: { !$0.isEmpty }
            let shown = Date().timeIntervalSince(session.started)
            seconds.append(shown)
            let overview = (try? session.bus("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties.Get",
                                             ["org.gnome.Shell", "OverviewActive"])) ?? "?"
            // Found at the first look: shown before the shell answered, and the time is an upper bound.
            print("GNOME X11 login: the gate's terms window \(String(format: "%.1f", shown)) s after the session's start\(looks == 1 ? " (at most)" : ""); overview then: \(overview.trimmingCharacters(in: .whitespacesAndNewlines))")
            try x.waitForGate(terms, "keyboard-grabbed", seconds: 30)
            #expect(configuration.startCount() == 1, "the starter ran \(configuration.startCount()) times")
            #expect(session.isRunning("gnome-session-binary"))
        }
        let median = seconds.sorted()[seconds.count / 2]
        print("GNOME X11 login: median \(String(format: "%.1f", median)) s of \(seconds.map { String(format: "%.1f", $0) })")
    }
}

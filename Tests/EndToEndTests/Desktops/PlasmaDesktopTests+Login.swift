import BeckonTestSupport
import Foundation
import Testing

/// Login-time start under Plasma 5.27 on X11 (the table's "Gate at login"
/// row): the packaged XDG autostart entry (packaging/org.beckon.LoginTerms.desktop)
/// and starter (packaging/beckon-login-terms), their paths pointed at this
/// build, in an XDG config directory ahead of /etc/xdg as an administrator
/// installs them, with a managed `Gate=true` terms file beside them.
/// startplasma-x11 hands the start-up to plasma_session, which runs the XDG
/// autostart entries (no systemd user manager here, so not its
/// systemd-xdg-autostart-generator; the entry's X-systemd-skip is for that).
extension PlasmaDesktopTests {
    /// Three logins: each shows the managed gate once. The time from the
    /// session's start (its launcher: dbus-run-session, startplasma-x11 on a
    /// running X server, as a display manager starts it) to the terms
    /// window's first frame with content is printed, with what the screen
    /// showed until then (the splash, the panel).
    @Test func onX11TheAutostartEntryStartsTheManagedGateOncePerLogin() throws {
        var seconds: [Double] = []
        for run in 1...3 {
            let configuration = try GnomeDesktopTests.LoginConfiguration()
            defer { try? FileManager.default.removeItem(at: configuration.root) }
            let session = try PlasmaSession(configDirs: [configuration.configDirs],
                                            sessionEnvironment: ["BECKON_TEST_EXPOSE_GATE": "1",
                                                                 "XDG_STATE_HOME": configuration.root.appendingPathComponent("state").path],
                                            waitUntilReady: false)
            defer { session.end() }
            let x = session.x
            // What the screen shows until the gate's first frame with content.
            var seen: [String] = []
            func note(_ what: String) {
                if !seen.contains(where: { $0.hasSuffix(what) }) {
                    seen.append(String(format: "%.1f s: ", Date().timeIntervalSince(session.started)) + what)
                }
            }
            let terms = try poll("the managed gate's terms window", seconds: 120, every: 0.05) { () -> String in
                if session.pid(of: "ksplashqml") != nil { note("the splash (ksplashqml)") }
                if (try? session.panel()) != nil { note("the panel") }
                // Debian 12's xdotool has no --role: the title, then the role.
                return try x.tool("xdotool", ["search", "--onlyvisible", "--name", "^Terms of Use$"]).stdout
                    .split(separator: "\n").map(String.init).first { (try? x.role(of: $0).contains("shields-")) == true } ?? ""
            } until: { !$0.isEmpty }
            guard let importTool = which("import") else { throw PlasmaSession.Failed(description: "import is missing") }
            try poll("the terms window's first frame with content", seconds: 30, every: 0.05) {
                (try? WindowPicture.capture(terms, importTool: importTool, display: session.display)).flatMap { $0 }
                    .map { Set($0.colours).count } ?? 0
            } until: { $0 > 16 }
            let took = Date().timeIntervalSince(session.started)
            seconds.append(took)
            if session.pid(of: "ksplashqml") != nil { note("the splash (ksplashqml)") }
            note("the terms")
            print("Plasma X11 login \(run): the gate's first frame \(String(format: "%.2f", took)) s after the session's start; "
                  + "seen: \(seen.joined(separator: "; "))")
            try x.waitForGate(terms, "closed", "shields-1", "keyboard-grabbed", seconds: 30)

            // Exactly once: once Plasma's start-up is over (the panel up,
            // ksmserver on the bus, the splash gone), the starter ran once,
            // and one gate process and one terms window are there.
            try poll("Plasma's start-up to end", seconds: 120, every: 0.5) {
                guard session.pid(of: "startplasma-x11") != nil else { throw PlasmaSession.Failed(description: "startplasma-x11 exited") }
                return try session.panel() != nil && session.busNameHasOwner("org.kde.ksmserver") && session.pid(of: "ksplashqml") == nil
            } until: { $0 }
            usleep(3_000_000) // a later autostart phase would start a second gate by now; its absence is what is checked
            #expect(configuration.startCount() == 1, "the starter ran \(configuration.startCount()) times")
            let gates = session.processes().filter { process in
                let arguments = (FileManager.default.contents(atPath: "/proc/\(process.pid)/cmdline") ?? Data())
                    .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                return arguments.first == Products.beckon && arguments.contains("--managed")
            }
            #expect(gates.count == 1, "gate processes: \(gates)")
            let windows = try x.tool("xdotool", ["search", "--onlyvisible", "--name", "^Terms of Use$"]).stdout.split(separator: "\n")
            #expect(windows.count == 1, "terms windows: \(windows)")
        }
        let sorted = seconds.sorted()
        print("Plasma X11 login: the gate's first frame after the session's start, median of \(seconds.count): "
              + "\(String(format: "%.2f", sorted[sorted.count / 2])) s (all: \(sorted.map { String(format: "%.2f", $0) }))")
    }
}

extension PlasmaDesktopTests {
    /// The same three logins on Plasma's Wayland (startplasma-wayland, whose
    /// plasma_session runs the same XDG autostart entries), beckon a native
    /// Wayland client there. The time is from the session's start to the
    /// terms window in KWin's list with its state in its title (a Wayland
    /// window is listed once it has drawn a frame). KWin's scripting API is
    /// asked from the moment KWin answers on the bus; measured, the terms
    /// were there at its first answer, so the time is an upper bound. What
    /// KWin stacks above them is printed: the splash screen, measured.
    @Test func onWaylandTheAutostartEntryStartsTheManagedGateOncePerLogin() throws {
        var seconds: [Double] = []
        for run in 1...3 {
            let configuration = try GnomeDesktopTests.LoginConfiguration()
            defer { try? FileManager.default.removeItem(at: configuration.root) }
            let session = try PlasmaWaylandSession(configDirs: [configuration.configDirs],
                                                   sessionEnvironment: ["BECKON_TEST_EXPOSE_GATE": "1",
                                                                        "XDG_STATE_HOME": configuration.root.appendingPathComponent("state").path],
                                                   waitUntilReady: false)
            defer { session.end() }
            var seen: [String] = []
            func note(_ what: String) {
                if !seen.contains(where: { $0.hasSuffix(what) }) {
                    seen.append(String(format: "%.1f s: ", Date().timeIntervalSince(session.started)) + what)
                }
            }
            let state = try poll("the managed gate's terms in KWin", seconds: 120, every: 0.05) { () -> PlasmaWaylandSession.State? in
                if session.pid(of: "ksplashqml") != nil { note("the splash (ksplashqml)") }
                guard (try? session.busNameHasOwner("org.kde.KWin")) == true, let state = try? session.state() else { return nil }
                if state.windows.contains(where: { $0.dock && $0.resourceClass == "org.kde.plasmashell" }) { note("the panel") }
                return state
            } until: { $0?.terms?.caption.contains("closed") == true }
            let took = Date().timeIntervalSince(session.started)
            seconds.append(took)
            note("the terms")
            print("Plasma Wayland login \(run): the gate's terms \(String(format: "%.2f", took)) s after the session's start; "
                  + "seen: \(seen.joined(separator: "; ")); KWin: \(state!)")
            #expect(state?.terms?.resourceClass == "beckon-terms-gate", "\(state!)")

            // Exactly once, once Plasma's start-up is over.
            try poll("Plasma's start-up to end", seconds: 120, every: 0.5) {
                guard session.pid(of: "startplasma-way") != nil else { throw PlasmaWaylandSession.Failed(description: "startplasma-wayland exited") }
                let panel = try session.state().windows.contains { $0.dock && $0.resourceClass == "org.kde.plasmashell" }
                return try panel && session.busNameHasOwner("org.kde.ksmserver") && session.pid(of: "ksplashqml") == nil
            } until: { $0 }
            usleep(3_000_000) // a later autostart phase would start a second gate by now; its absence is what is checked
            #expect(configuration.startCount() == 1, "the starter ran \(configuration.startCount()) times")
            let gates = session.processes().filter { process in
                let arguments = (FileManager.default.contents(atPath: "/proc/\(process.pid)/cmdline") ?? Data())
                    .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                return arguments.first == Products.beckon && arguments.contains("--managed")
            }
            #expect(gates.count == 1, "gate processes: \(gates)")
            let terms = try session.state().windows.filter(\.isTerms)
            #expect(terms.count == 1, "terms windows: \(terms)")
        }
        let sorted = seconds.sorted()
        print("Plasma Wayland login: the gate's terms after the session's start, median of \(seconds.count): "
              + "\(String(format: "%.2f", sorted[sorted.count / 2])) s (all: \(sorted.map { String(format: "%.2f", $0) }))")
    }
}

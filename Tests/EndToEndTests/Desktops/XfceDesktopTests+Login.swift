import BeckonTestSupport
import Foundation
import Testing

/// The login-time start (row 7 of the desktop table): the package's XDG
/// autostart entry (packaging/org.beckon.LoginTerms.desktop, running
/// packaging/beckon-login-terms) in an XDG config directory ahead of /etc/xdg,
/// as /etc/xdg/autostart holds it, with a managed `Gate=true` terms file
/// beside it; xfce4-session's real start-up runs it. Both files are the
/// packaged ones, pointed at this build's beckon.
extension XfceDesktopTests {
    static let loginRuns = 3

    @Test func theAutostartEntryStartsTheManagedGateOnceInXfcesStartUp() throws {
        let packaging = Products.packageRoot.appendingPathComponent("packaging")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-xfce-login-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("beckon-login-terms")
        try Data(String(contentsOf: packaging.appendingPathComponent("beckon-login-terms"), encoding: .utf8)
            .replacingOccurrences(of: "/usr/bin/beckon", with: Products.beckon).utf8).write(to: script)
        chmod(script.path, 0o755)
        let entry = try String(contentsOf: packaging.appendingPathComponent("org.beckon.LoginTerms.desktop"), encoding: .utf8)
            .replacingOccurrences(of: "/usr/libexec/beckon/beckon-login-terms", with: script.path)
            .replacingOccurrences(of: "/usr/bin/beckon", with: Products.beckon)
        let id = "org.beckon.xfce-login"
        let terms = try String(contentsOf: URL(fileURLWithPath: TermsFixture.sample), encoding: .utf8)

        var seconds: [Double] = []
        for run in 1...Self.loginRuns {
            let session = try XfceSession(autostart: ["org.beckon.LoginTerms.desktop": entry],
                                          configFiles: ["beckon/terms.d/\(id).conf": "[Terms]\nVersion=1\nFile=\(id).md\nGate=true\n",
                                                        "beckon/terms.d/\(id).md": terms],
                                          environment: ["BECKON_TEST_EXPOSE_GATE": "1"], waitUntilIdle: false)
            defer { session.stop() }
            // What the screen shows until the gate's first frame with content.
            var seen: [String] = []
            func note(_ what: String) {
                if !seen.contains(where: { $0.hasSuffix(what) }) {
                    seen.append(String(format: "%.1f s: ", Date().timeIntervalSince(session.started)) + what)
                }
            }
            let window: String
            do { window = try poll("the gate's terms window", seconds: 90, every: 0.05) { () -> String in
                if (try? session.panelWindows().isEmpty) == false { note("the panel") }
                if (try? session.tool("xdotool", ["search", "--onlyvisible", "--name", "^Desktop$"]).stdout.isEmpty) == false {
                    note("xfdesktop's wallpaper")
                }
                if (try? session.tool("xdotool", ["search", "--onlyvisible", "--name", "^beckon-shield$"]).stdout.isEmpty) == false {
                    note("a shield")
                }
                return try session.gateWindows().first ?? ""
            } until: { !$0.isEmpty } } catch {
                let commands = session.processes().map { pid in
                    (FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()).prefix(80)
                        .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
                }
                throw XfceSession.Failed(description: "\(error); seen: \(seen); state \(String(describing: try? session.state())); "
                                         + "processes: \(commands); log: \(session.log.suffix(1500))")
            }
            guard let importTool = which("import") else { throw XfceSession.Failed(description: "import is missing") }
            try poll("the terms window's first frame with content", seconds: 30, every: 0.05) {
                (try? WindowPicture.capture(window, importTool: importTool, display: session.display)).flatMap { $0 }
                    .map { Set($0.colours).count } ?? 0
            } until: { $0 > 16 }
            let took = Date().timeIntervalSince(session.started)
            seconds.append(took)
            note("the terms")
            print("XfceDesktopTests: login run \(run): the gate's first frame \(String(format: "%.2f", took)) s after "
                  + "xfce4-session started; seen: \(seen.joined(separator: "; "))")

            // Exactly once: when the start-up is over (every autostart entry
            // started), one gate process and one terms window.
            try poll("xfce4-session to be idle", seconds: 60, every: 0.2) { try session.state() } until: { $0 == 1 }
            let gates = session.processes().filter { pid in
                let arguments = (FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data())
                    .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                return arguments.first == Products.beckon && arguments.contains("--managed")
            }
            #expect(gates.count == 1, "gate processes: \(gates)")
            let windows = try session.gateWindows()
            #expect(windows.count == 1, "terms windows: \(windows)")
            if run == 1 {
                let x = GateX11(display: session.display)
                try x.waitForGate(window, "closed", "shields-1", "keyboard-grabbed")
            }
        }
        let sorted = seconds.sorted()
        print("XfceDesktopTests: the gate's first frame after xfce4-session started, median of \(seconds.count): "
              + "\(String(format: "%.2f", sorted[sorted.count / 2])) s (all: \(sorted.map { String(format: "%.2f", $0) }))")
    }
}

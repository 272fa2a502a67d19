import BeckonTestSupport
import Foundation
import Testing

/// The display going away under a dialog: the X server killed, or the
/// client's connection cut (XKillClient, as xkill does). beckon exits 255 with
/// a line naming the display within a second, never Cancel's 1 that GDK gives,
/// and with `--json` a JSON line on stdout; no consent record is written.
/// Each case runs its own Xvfb, since it is the thing that goes away.
@Suite(.serialized, .guiHangLimit) struct DisplayLossTests {
    /// An Xvfb of this test's own, on a display number no one else uses.
    final class PrivateServer {
        let display: String
        let process: RunningProcess

        init() throws {
            let xvfb = try #require(which("Xvfb"), "Xvfb is missing")
            var number = 500 + Int(getpid() % 300)
            while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
                    || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
                number += 1
            }
            display = ":\(number)"
            process = try RunningProcess(xvfb, [display, "-screen", "0", "800x600x24", "-nolisten", "tcp", "-noreset"])
            try poll("Xvfb on \(display) to accept clients", seconds: 10) {
                (try? run("/usr/bin/xprop", ["-root", "-display", self.display, "_NET_WM_NAME"], deadline: 5).exitCode) ?? -1
            } until: { $0 == 0 || $0 == 1 } // 1: the property is absent (no window manager); the server answered
        }

        /// The first visible window of `pid` on this display.
        func waitForWindow(of pid: Int32) throws -> String {
            try poll("a window of \(pid) on \(display)", seconds: 10) {
                try run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(pid)"],
                        environment: ["DISPLAY": display], deadline: 5).stdout
                    .split(separator: "\n").first.map(String.init) ?? ""
            } until: { !$0.isEmpty }
        }

        func stop() {
            kill(process.pid, SIGKILL)
            _ = process.wait(deadline: 5)
        }

        deinit { stop() }
    }

    enum Loss: String, CaseIterable, CustomTestStringConvertible {
        case serverKilled, connectionCut
        var testDescription: String { rawValue }
    }

    static let dialogs: [[String]] = [
        ["--question", "--text", "Still there?", "--json"],
        ["--entry", "--text", "Name?", "--json"],
        ["terms", "--file", Products.packageRoot.appendingPathComponent("Resources/terms/sample-terms.md").path,
         "--id", "org.beckon.displayloss"],
    ]

    @Test(arguments: Loss.allCases, dialogs.indices)
    func losingTheDisplayIsAnErrorNamingIt(_ loss: Loss, _ index: Int) throws {
        let server = try PrivateServer()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-loss-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let arguments = Self.dialogs[index]
        let process = try RunningProcess(Products.beckon, arguments,
                                         environment: ["DISPLAY": server.display, "XDG_STATE_HOME": state,
                                                       "WAYLAND_DISPLAY": ""])
        let window = try server.waitForWindow(of: process.pid)
        let lost = Date()
        switch loss {
        case .serverKilled: server.stop()
        case .connectionCut:
            #expect(try run("/usr/bin/xkill", ["-display", server.display, "-id", window]).exitCode == 0)
        }
        let result = process.wait(deadline: 10)
        let took = Date().timeIntervalSince(lost)
        #expect(!result.timedOut, "\(result)")
        #expect(result.exitCode == 255, "\(result)")
        #expect(took < 5, "took \(took) s") // the issue asks 1 s; 5 leaves room for a loaded machine
        #expect(result.stderr.contains("lost the connection to the display \(server.display)"), "\(result)")
        if arguments.contains("--json") {
            let line = try #require(result.stdout.split(separator: "\n").last.map(String.init), "\(result)")
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["ended"] as? String == "error", "\(result)")
            #expect(object?["exit_code"] as? Int == 255, "\(result)")
        } else {
            #expect(result.stdout.isEmpty, "\(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: state + "/beckon/consents.json"))
    }

    @Test func aDisplayThatIsNotThereIsAnErrorAtOnce() throws {
        let result = try run(Products.beckon, ["--info", "--text", "x", "--json"],
                             environment: ["DISPLAY": ":9999", "WAYLAND_DISPLAY": ""], deadline: 10)
        #expect(result.exitCode == 255, "\(result)")
        #expect(result.stderr.contains("cannot open a display (DISPLAY=:9999)"), "\(result)")
        #expect(result.stdout.contains("\"ended\":\"error\""), "\(result)")
    }
}

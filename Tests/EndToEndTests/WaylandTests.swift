import BeckonTestSupport
import Foundation
import Testing

/// beckon as a native Wayland client (GTK 3's Wayland backend) on weston's
/// headless backend, which each test starts privately. That backend has no
/// input seat, so every answer comes from a timeout or from code; GDK prints
/// seat criticals there, which are not beckon's.
@Suite(.serialized, .guiHangLimit) struct WaylandTests {
    /// A weston of this test's own, on a private runtime directory.
    final class Weston {
        let runtime: URL
        let socket = "beckon-test"
        let process: RunningProcess

        init() throws {
            let weston = try #require(which("weston"), "weston is missing (apt-get install weston)")
            runtime = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-wayland-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            process = try RunningProcess(weston, ["--backend=headless-backend.so", "--socket=\(socket)", "--idle-time=0"],
                                         environment: ["XDG_RUNTIME_DIR": runtime.path, "DISPLAY": "", "WAYLAND_DISPLAY": ""])
            try poll("weston's socket", seconds: 15) {
                FileManager.default.fileExists(atPath: self.runtime.appendingPathComponent(self.socket).path)
            } until: { $0 }
        }

        /// The environment of a client of this weston: Wayland only, no X.
        var client: [String: String] {
            ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socket, "DISPLAY": "", "GDK_BACKEND": "wayland"]
        }

        deinit {
            kill(process.pid, SIGTERM)
            _ = process.wait(deadline: 10)
            try? FileManager.default.removeItem(at: runtime)
        }
    }

    @Test func aMessageDialogMapsAsAWaylandToplevelAndTimesOut() throws {
        let weston = try Weston()
        var environment = weston.client
        environment["WAYLAND_DEBUG"] = "client" // the protocol, to see the window really made
        let result = try run(Products.beckon, ["--question", "--text", "On Wayland?", "--timeout=1"],
                             environment: environment, deadline: 20)
        #expect(result.exitCode == 5, "\(result.exitCode) \(result.stderr.suffix(2000))")
        #expect(result.stderr.contains("xdg_wm_base@"), "no xdg-shell toplevel was made")
        #expect(result.stderr.contains("wl_surface@") && result.stderr.contains(".attach("), "no buffer was attached")
    }

    @Test func theTermsWindowTimesOutAndRecordsNothing() throws {
        let weston = try Weston()
        let fixture = try TermsFixture()
        let result = try run(Products.beckon, ["terms", "--file", TermsFixture.sample, "--id", "org.beckon.wayland",
                                               "--timeout", "1"],
                             environment: weston.client.merging(["XDG_STATE_HOME": fixture.stateHome]) { $1 },
                             deadline: 20)
        #expect(result.exitCode == 5, "\(result.exitCode) \(result.stderr.suffix(2000))")
        #expect(!FileManager.default.fileExists(atPath: fixture.recordFile))
    }

    @Test func everyKindOfTheLibraryEndsFromCode() throws {
        let weston = try Weston()
        let soak = Products.directory.appendingPathComponent("BeckonSoak").path
        let result = try run(soak, ["code"], environment: weston.client, deadline: 60)
        #expect(result.exitCode == 0, "\(result.stdout)")
        #expect(result.stdout.contains("failures=0 windows_left=0"), "\(result.stdout)")
        // Every kind whose dialog is a window of the queue's (BeckonSoak's Kind.queued).
        for kind in ["choice", "text", "password", "number", "date", "color", "list", "text-info", "progress", "forms"] {
            #expect(result.stdout.contains("\(kind): mapped=true cancelled=true timed_out=true"), "\(result.stdout)")
        }
    }

    @Test func attachWarnsThatItNeedsX11() throws {
        let weston = try Weston()
        let result = try run(Products.beckon, ["--info", "--text", "x", "--timeout=1", "--attach=12345"],
                             environment: weston.client, deadline: 20)
        #expect(result.exitCode == 5, "\(result)")
        #expect(result.stderr.contains("warning: --attach=12345 needs an X11 display"), "\(result.stderr.suffix(800))")
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// The icon Plasma shows for beckon's windows on Wayland. KWin and Plasma's
/// task manager find a Wayland window's icon through the .desktop file named
/// after its app_id (`beckon` for a dialog, GTK's program name;
/// `beckon-terms-gate` and `beckon-shield` for the gate's windows), and show
/// the generic Wayland icon where none is found. The session sees
/// Resources/applications, the files the package installs, through
/// XDG_DATA_DIRS (``PlasmaWaylandSession``).
extension PlasmaDesktopTests {
    /// A window as KWin's scripting API has it, with the .desktop file's name it looks its icon up by.
    struct IconedWindow: CustomStringConvertible {
        var desktopFileName: String
        var resourceClass: String
        var active: Bool
        var description: String { "desktopFileName \(desktopFileName.debugDescription), class \(resourceClass), active=\(active)" }
    }

    /// KWin's window `selector` (JavaScript, with ``PlasmaWaylandSession/describeWindow``'s helpers), if it has one.
    static func iconedWindow(_ selector: String, in session: PlasmaWaylandSession) throws -> IconedWindow? {
        let text = try session.script("""
            \(PlasmaWaylandSession.describeWindow)
            var c = \(selector); if (!c) return 'none';
            return [c.desktopFileName, c.resourceClass, c.active].join('|');
            """)
        let f = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard f.count == 3 else { return nil }
        return IconedWindow(desktopFileName: f[0], resourceClass: f[1], active: f[2] == "true")
    }

    /// Plasma's panel left of its system tray (the launcher, the pager, the
    /// task manager's entries; not the clock, which changes), as PNG bytes.
    static func panelIcons(in session: PlasmaWaylandSession) throws -> Data {
        let panel = try #require(try session.state().windows.first { $0.dock && $0.resourceClass == "org.kde.plasmashell" }, "no panel")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-panel-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try session.screenshot(to: path, area: (panel.x, panel.y, min(panel.width, 1000), panel.height))
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// An info dialog titled "Icon", its app_id `name` (zenity's `--name`,
    /// GTK's program name) or beckon's own, alone on the desktop: KWin's window
    /// once it is active, and the panel then, the task manager showing its
    /// one entry; the dialog then ended.
    static func dialogIcon(name: String?, in session: PlasmaWaylandSession) throws -> (window: IconedWindow, panel: Data) {
        let process = try RunningProcess(Products.beckon, ["--info", "--title", "Icon", "--text", "Icon"] + (name.map { ["--name", $0] } ?? []),
                                         environment: session.clientEnvironment(["GDK_BACKEND": "wayland"]))
        defer {
            kill(process.pid, SIGKILL)
            _ = process.wait(deadline: 5)
            _ = try? poll("the dialog's window to go", seconds: 10, every: 0.2) { try session.state().windows.contains { $0.caption == "Icon" } } until: { !$0 }
        }
        let selector = "workspace.clientList().filter(function (c) { return c.pid == \(process.pid); })[0]"
        let window = try poll("the dialog \(name ?? "beckon") active in KWin", seconds: 20, every: 0.2) {
            guard process.process.isRunning else { throw WaitFailed("beckon exited: \(process.wait(deadline: 1))") }
            return try Self.iconedWindow(selector, in: session)
        } until: { $0?.active == true }!
        usleep(1_500_000) // the task manager's entry drawn; the comparisons are the check
        return (window, try Self.panelIcons(in: session))
    }

    /// Beckon's app_ids name its .desktop files to KWin (desktopFileName),
    /// and Plasma's task manager shows Beckon's icon for each: the panel with
    /// a beckon dialog differs from the panel with the same dialog under an
    /// app_id that names no .desktop file (the generic Wayland icon), and is
    /// the same, byte for byte, for a second beckon dialog and for the same
    /// dialog under the gate's two app_ids (their windows are not seen in the
    /// panel while the gate covers it). Then the gate's own windows carry
    /// their .desktop files' names in KWin.
    @Test func onWaylandKWinShowsBeckonsIconForItsWindows() throws {
        let fixture = try TermsFixture()
        // No KWin rule: it would put a window of the gate's app_ids on every
        // desktop, and the pager in the panel would show it there too.
        let session = try PlasmaWaylandSession()
        defer { session.end() }
        let beckon = try Self.dialogIcon(name: nil, in: session)
        let generic = try Self.dialogIcon(name: "beckon-tests-no-desktop-file", in: session)
        let again = try Self.dialogIcon(name: nil, in: session)
        let gate = try Self.dialogIcon(name: "beckon-terms-gate", in: session)
        let shield = try Self.dialogIcon(name: "beckon-shield", in: session)
        for (what, shown) in [("beckon", beckon), ("no .desktop", generic), ("beckon again", again), ("beckon-terms-gate", gate),
                              ("beckon-shield", shield)] {
            print("Plasma Wayland icons: \(what): \(shown.window); the panel: \(shown.panel.count) bytes, "
                  + "\(shown.panel == beckon.panel ? "as beckon's" : "not as beckon's")")
        }
        #expect(beckon.window.desktopFileName == "beckon", "\(beckon.window)")
        #expect(generic.window.desktopFileName == "beckon-tests-no-desktop-file", "\(generic.window)")
        #expect(beckon.panel != generic.panel, "the panel shows the same icon for app_id beckon as for one with no .desktop file")
        #expect(beckon.panel == again.panel, "two beckon dialogs' panels differ: the comparison measures more than the icon")
        #expect(gate.panel == beckon.panel && shield.panel == beckon.panel, "the gate's app_ids do not show beckon's icon")

        let process = try Self.startWaylandGate(session, fixture)
        defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
        let mapped = try Self.covered(session, seconds: 20)
        try #require(mapped.gaps.isEmpty, "\(mapped)")
        let terms = try #require(try Self.iconedWindow("terms()", in: session))
        let shieldWindow = try #require(try Self.iconedWindow("shield()", in: session))
        print("Plasma Wayland icons: the gate's terms \(terms); its shield \(shieldWindow)")
        #expect(terms.desktopFileName == "beckon-terms-gate" && shieldWindow.desktopFileName == "beckon-shield", "\(terms); \(shieldWindow)")
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// Every dialog kind under mutter and Adwaita on X11 (desktops.md row 8), and
/// the screenshots of docs/images/desktops/gnome-x11-*.png.
extension GnomeDesktopTests {
    /// Leaves the overview GNOME shows at start-up with a real Escape, as a
    /// person does before using a window (it holds the keyboard meanwhile).
    static func leaveOverview(_ session: GnomeSession, _ x: GateX11) throws {
        // Shown once the shell's start-up animation ends: left before, it would come back.
        try poll("the overview shown at start-up", seconds: 30, every: 0.3) {
            try session.bus("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties.Get",
                            ["org.gnome.Shell", "OverviewActive"])
        } until: { $0.contains("<true>") }
        try poll("the overview left with Escape", seconds: 30, every: 0.5) {
            let shown = try session.bus("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties.Get",
                                        ["org.gnome.Shell", "OverviewActive"])
            if shown.contains("<true>") { try x.key("Escape") }
            return shown
        } until: { $0.contains("<false>") }
    }

    /// KeyboardOnlyTests, every case (every zenity kind beckon shows and
    /// `beckon terms`, with the exact stdout and exit code it must give by
    /// real keys alone), run by this same test bundle with GNOME's display as
    /// its DISPLAY: the cases under gnome-shell and Adwaita, unchanged from
    /// the ones run under openbox.
    @Test func x11EveryDialogKindAnswersByKeysAsUnderOpenbox() throws {
        let session = try GnomeSession(.x11())
        defer { session.stop() }
        let x = GateX11(display: session.display)
        try Self.leaveOverview(session, x)
        let bundle = Products.directory.appendingPathComponent("BeckonPackageTests.xctest").path
        let result = try run(bundle, ["--testing-library", "swift-testing", "--filter", "^EndToEndTests\\.KeyboardOnlyTests/"],
                             environment: ["DISPLAY": session.display ?? "", "XDG_CURRENT_DESKTOP": "GNOME"], deadline: 320)
        // swift-testing reports on standard error.
        let plain = (result.stdout + result.stderr).replacingOccurrences(of: "\u{1B}[", with: "")
        let summary = plain.split(separator: "\n").last { $0.contains("Test run with") } ?? ""
        #expect(result.exitCode == 0 && summary.contains("passed"), "\(summary)\n\(plain.suffix(4000))")
        print("GNOME X11, KeyboardOnlyTests: \(summary)")
    }

    /// The question, the list, the form and the gate's terms window, each
    /// shown alone on GNOME's screen and captured whole (`import -window root`
    /// of the composited screen), then answered.
    @Test func x11Screenshots() throws {
        let session = try GnomeSession(.x11())
        defer { session.stop() }
        let x = GateX11(display: session.display)
        try Self.leaveOverview(session, x)
        let kinds: [(String, [String])] = [
            ("question", ["--question", "--title", "Backup", "--text", "Copy the home folder to the backup disk now?"]),
            ("list", ["--list", "--title", "Pick a printer", "--text", "Printers on this network:", "--column", "Name",
                      "--column", "Where", "Laser", "Room 12", "Colour", "Room 14", "Plotter", "Basement"]),
            ("forms", ["--forms", "--title", "New account", "--text", "Your details", "--add-entry", "Name",
                       "--add-password", "Password", "--add-calendar", "Start date"]),
        ]
        let environment = session.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 }
        let empty = try Self.screen(x)
        for (name, arguments) in kinds {
            let process = try RunningProcess(Products.beckon, arguments, environment: environment)
            defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
            _ = try poll("the \(name) window", seconds: 15) { try x.visibleWindows(of: process.pid).first ?? "" } until: { !$0.isEmpty }
            // gnome-shell draws a new window after its map animation.
            try poll("the \(name) window drawn", seconds: 15, every: 0.3) { try Self.screen(x) } until: { $0 != empty }
            try Self.screenshot(x, "gnome-x11-\(name)")
        }
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample], environment: environment)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        let terms = try x.termsWindow(of: process)
        try x.waitForGate(terms, "closed", "shields-1", "keyboard-grabbed", seconds: 20)
        try Self.screenshot(x, "gnome-x11-terms")
    }

    /// Picture NAME (``DesktopScreenshots``), the whole screen, once the compositor
    /// has drawn the newest frame (gnome-shell draws into its overlay window;
    /// two captures in a row that agree are taken as settled).
    static func screenshot(_ x: GateX11, _ name: String) throws {
        let path = try DesktopScreenshots.path(name)
        // The terms' text cursor blinks (GNOME's gtk-cursor-blink): a screen
        // that never settles is captured as it is after the wait.
        _ = try? poll("a settled screen for \(name)", seconds: 5, every: 0.5) {
            let before = try screen(x)
            usleep(300_000)
            return (before, try screen(x))
        } until: { $0.0 == $0.1 && !$0.0.isEmpty }
        let result = try x.tool("import", ["-window", "root", "-depth", "8", path])
        #expect(result.exitCode == 0, "\(result)")
    }

    /// The whole screen now, as PPM bytes read as text (compared, never shown).
    static func screen(_ x: GateX11) throws -> String {
        try x.tool("import", ["-window", "root", "-depth", "8", "ppm:-"]).stdout
    }
}

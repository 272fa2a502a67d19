import BeckonTestSupport
import Foundation
import Testing

/// Large text and high contrast (issue 24): with text scaled to 2 and GTK's
/// HighContrast theme, the terms window, a form and a list on the tests'
/// 1280×800 screen show everything. scripts/atspi-probe `--audit --fit` reads
/// each real window through AT-SPI and reports, as `cut_off`, a showing
/// control or label not wholly inside its window, and a window not wholly on
/// the screen.
@Suite(.serialized, .guiHangLimit) struct TextScalingTests {
    /// Text scaled to 2 and the HighContrast theme, for one process.
    ///
    /// GDK_DPI_SCALE=2 doubles the resolution GDK gives Pango, so every font
    /// is drawn twice as big, as GNOME's text-scaling-factor 2.0 does: that
    /// one sets gtk-xft-dpi to 2 × 96 dpi (196608) through XSETTINGS. Measured
    /// here, a window laid out under GDK_DPI_SCALE=2 has exactly the size it
    /// has under gtk-xft-dpi 196608 (an `Xft.dpi: 192` X resource). The other
    /// ways to set gtk-xft-dpi do not suit a test: the tests' Xvfb has no
    /// XSETTINGS manager, an `Xft.dpi` resource would scale every window of
    /// the display that the shard's other tests share, and a settings.ini
    /// value is overridden on X11 by the Xft default of 96 dpi (it changes
    /// nothing; measured too).
    ///
    /// HighContrast is GTK 3's own, compiled into libgtk-3 as a resource
    /// (/org/gtk/libgtk/theme/HighContrast), so no theme package is needed;
    /// ``theConditionsAreInForce`` checks that both really apply.
    static let conditions = ["GDK_DPI_SCALE": "2", "GTK_THEME": "HighContrast"]

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var testDescription: String { name }
    }

    static let terms = Products.packageRoot.appendingPathComponent("Resources/terms/sample-terms.md").path

    static let cases: [Case] = [
        // A checkbox label of 105 characters: unwrapped, at text scale 2 it
        // alone was wider than the screen (1424 pixels).
        Case(name: "terms", arguments: ["terms", "--file", terms, "--id", "org.beckon.text-scaling",
                                        "--checkbox=I have read the terms, understood each of them and I accept all "
                                            + "of them, including the arbitration clause"]),
        Case(name: "forms", arguments: ["--forms", "--title=New account", "--text=Create your account",
                                        "--add-entry=Name", "--field-value=Ada Lovelace",
                                        "--add-entry=Email", "--required", "--field-pattern=.+@.+",
                                        "--add-password=Password", "--add-calendar=Birthday",
                                        "--add-list=Plan", "--list-values=Basic|Pro|Team",
                                        "--add-combo=Country", "--combo-values=Germany|Japan|United States"]),
        Case(name: "list", arguments: ["--list", "--checklist", "--text=Pick the parts to install",
                                       "--column=Install", "--column=Part", "--column=Size",
                                       "TRUE", "Core", "12 MB", "FALSE", "Documentation", "30 MB",
                                       "FALSE", "Translations", "8 MB", "TRUE", "Examples", "2 MB"]),
    ]

    /// The probe's `cut_off` findings for beckon's window under ``conditions``.
    static func cutOff(_ arguments: [String], state: String) throws -> [String] {
        let probe = Products.packageRoot.appendingPathComponent("scripts/atspi-probe").path
        var environment = ProcessInfo.processInfo.environment.merging(conditions) { $1 }
        environment["XDG_STATE_HOME"] = state
        environment["NO_AT_BRIDGE"] = nil
        environment["GTK_A11Y"] = nil
        // The test runner blocks SIGTERM and its children inherit that; the
        // bus dbus-run-session ends with SIGTERM must not, or it never ends.
        let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM}); "
            + "os.execvp(sys.argv[1], sys.argv[1:])"
        let result = try run("/usr/bin/python3", ["-c", unblocked, "dbus-run-session", "--", "/usr/bin/python3", probe,
                                                  "--audit", "--fit", "--", Products.beckon] + arguments,
                             environment: environment, deadline: 60)
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        guard let data = line.data(using: .utf8),
              let reply = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let findings = reply["findings"] as? [String: [String]], let found = findings["cut_off"] else {
            Issue.record("the probe read no window of beckon \(arguments): \(result)")
            return ["no window"]
        }
        return found
    }

    @Test(arguments: cases) func everythingFitsWithLargeTextAndHighContrast(_ kase: Case) throws {
        try X11.require()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-scaling-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let found = try Self.cutOff(kase.arguments, state: state)
        for finding in found { print("  cut off  \(kase.name): \(finding)") }
        #expect(found.isEmpty, "\(kase.name): \(found)")
    }

    /// The check sees a window past the screen's edge: a list's --text is one
    /// line, as in zenity 3.44, and 6 × 68 characters of it at text scale 2
    /// are 5302 pixels wide. A known gap, kept here so that the day it is
    /// fixed this test says so.
    @Test func aListsLongTextIsSeenToLeaveTheScreen() throws {
        try X11.require()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-scaling-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let text = String(repeating: "Pick one of these many things, a long dialog text that should wrap ", count: 6)
        let found = try Self.cutOff(["--list", "--text=\(text)", "--column=A", "a"], state: state)
        let screen = try Xdotool.screenSize()
        #expect(found.count == 1 && found.allSatisfy {
            $0.hasPrefix("dialog 'Select items from the list' at ")
                && $0.hasSuffix(" is not wholly on the \(screen.width)x\(screen.height) screen")
        }, "\(found)")
    }

    /// The conditions really apply: text scaled to 2 makes a message window
    /// about twice as wide, and the window's background is HighContrast's
    /// #fdfdfc, not Adwaita's #f6f5f4 (HighContrast's other marks are black
    /// borders round buttons, fields and the terms text, and black text in
    /// fields: see docs/images/terms-large-text-high-contrast.png).
    @Test func theConditionsAreInForce() throws {
        try X11.require()
        let importTool = try #require(which("import"), "ImageMagick's import is missing (apt-get install imagemagick)")
        let text = "--text=A message of some fifty characters in one line"
        func show(_ environment: [String: String], _ body: (String) throws -> Void) throws {
            let process = try RunningProcess(Products.beckon, ["--info", text],
                                             environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
            defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
            let window = try #require(try Xdotool.waitForWindow(pid: process.pid, process: process), "no window")
            try body(window)
        }
        var plain = 0
        try show(["GDK_DPI_SCALE": "1", "GTK_THEME": "Adwaita"]) { window in
            plain = try Xdotool.size(of: window).width
            try poll("Adwaita's background", seconds: 15, { try Self.commonestColour(of: window, importTool) },
                     until: { $0 == "f6f5f4" })
        }
        try show(Self.conditions) { window in
            let scaled = try Xdotool.size(of: window).width
            #expect(Double(scaled) >= 1.6 * Double(plain), "\(plain) pixels wide at scale 1, \(scaled) at scale 2")
            try poll("HighContrast's background", seconds: 15, { try Self.commonestColour(of: window, importTool) },
                     until: { $0 == "fdfdfc" })
        }
    }

    /// The colour most of `window`'s pixels have, as six hex digits.
    static func commonestColour(of window: String, _ importTool: String) throws -> String {
        guard let picture = try WindowPicture.capture(window, importTool: importTool) else { return "no picture" }
        var counts: [Int: Int] = [:]
        for colour in picture.colours { counts[colour, default: 0] += 1 }
        guard let commonest = counts.max(by: { $0.value < $1.value })?.key else { return "no pixels" }
        return String(format: "%06x", commonest)
    }
}

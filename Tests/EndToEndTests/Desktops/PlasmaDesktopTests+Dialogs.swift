import BeckonTestSupport
import Foundation
import Testing

extension PlasmaDesktopTests {
    /// Where the screenshots go: plasma-x11-KIND (``DesktopScreenshots``).
    static func screenshotPath(_ kind: String) throws -> String {
        try DesktopScreenshots.path("plasma-x11-\(kind)")
    }

    /// The cases whose window is photographed, by the start of their name.
    static let photographed = ["question:": "question", "list:": "list", "forms:": "forms", "terms: Page_Down": "terms"]

    /// Every dialog kind of KeyboardOnlyTests (measured there under openbox),
    /// under KWin with Plasma's Breeze GTK theme: it maps, takes the focus as
    /// KWin activates it, and the same real keys give the same stdout and
    /// exit code. xdotool acts on $DISPLAY, which is this suite's process's
    /// own (run-tests runs each suite in a process of its own): it points at
    /// the session for the length of the test.
    @Test func onX11EveryDialogKindAnswersTheSameKeysUnderKWinAndBreeze() throws {
        let session = try PlasmaSession()
        defer { session.end() }
        #expect(try session.x.tool("xprop", ["-root", "_XSETTINGS_S0"]).exitCode == 0)
        let settings = try String(contentsOfFile: session.home + "/.config/gtk-3.0/settings.ini", encoding: .utf8)
        #expect(settings.contains("gtk-theme-name=Breeze"), "Plasma did not give GTK Breeze: \(settings)")
        let saved = ProcessInfo.processInfo.environment["DISPLAY"]
        setenv("DISPLAY", session.display, 1)
        defer { if let saved { setenv("DISPLAY", saved, 1) } else { unsetenv("DISPLAY") } }

        // The colour chooser last, as before (after its keys the display had
        // stopped answering any client): under Plasma GTK's colour editor
        // shows its eyedropper (KWin's org.kde.kwin.ColorPicker answers),
        // first in the editor, where GtkDialog gave it the focus; the typed
        // colour went nowhere and Return asked KWin to pick. beckon now
        // gives the colour's entry the focus (ColorRequest+Gtk.swift).
        let colour = KeyboardOnlyCases.all.filter { $0.name.hasPrefix("color-selection") }
        for c in KeyboardOnlyCases.all.filter({ !$0.name.hasPrefix("color-selection") }) + colour {
            print("PlasmaDesktopTests: \(c.name)")
            do { try Self.answer(c, in: session) } catch { Issue.record("\(c.name): \(error)") }
        }
    }

    /// One KeyboardOnlyTests case in `session`, its window photographed when it is one of ``photographed``.
    static func answer(_ c: KeyboardOnlyCase, in session: PlasmaSession) throws {
        do {
            let process = try RunningProcess(Products.beckon, c.arguments, environment: session.clientEnvironment(c.environment),
                                             stdin: c.stdin, keepStdinOpen: c.stdinStaysOpen)
            defer { if process.process.isRunning { kill(process.pid, SIGKILL) } }
            let window = try #require(try Xdotool.waitForWindow(pid: process.pid, seconds: 20, process: process),
                                      "\(c.name): no window: \(process.wait(deadline: 1))")
            if c.waitsForInput {
                let descriptor = "/proc/\(process.pid)/fd/0"
                try poll("beckon to read all of stdin", seconds: 15, {
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptor)) ?? "closed"
                }, until: { !$0.hasPrefix("pipe:") || !process.process.isRunning })
            }
            // KWin activates a new window: the dialog has the focus without being given it.
            let id = try session.x.id(window)
            let focused = (try? poll("\(c.name): KWin to activate the dialog", seconds: 10) { try Self.activeWindow(session) } until: { $0 == id }) != nil
            #expect(focused, "\(c.name): KWin did not activate the dialog")
            if let kind = Self.photographed.first(where: { c.name.hasPrefix($0.key) })?.value {
                try poll("\(c.name): the window drawn", seconds: 10) { try Self.isViewable(session, window) } until: { $0 }
                usleep(500_000) // a frame for the screenshot only; no assertion rests on it
                try session.screenshot(to: try Self.screenshotPath(kind))
            }
            for step in c.steps {
                try step.perform(on: window, process)
            }
            let result = process.wait(deadline: 15)
            let expected = c.stdout()
            #expect(!result.timedOut && result.exitCode == c.exitCode && result.stdout == expected,
                    "\(c.name): expected exit \(c.exitCode), stdout \(expected.debugDescription); got \(result)")
            try c.check?(result)
        }
    }

    /// Without the administrator's KWin rule, Meta, pressed as a real key
    /// while the gate holds the keyboard, opens plasmashell's application
    /// launcher above the gate: measured, the reason for the rule.
    @Test func onX11WithoutTheKWinRuleMetaOpensTheLauncherAboveTheGate() throws {
        let fixture = try TermsFixture()
        let session = try PlasmaSession()
        defer { session.end() }
        let (process, terms) = try Self.startGate(session, fixture)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        try session.x.waitForGate(terms, "shields-1")
        let shield = try #require(try session.x.shields(of: process).first)
        try Self.press(session, "super", until: "open the launcher above the gate") {
            let stacking = try session.stacking()
            guard let popup = try Self.plasmaPopups(session).first, let popupAt = stacking.firstIndex(of: try session.x.id(popup)),
                  let shieldAt = stacking.firstIndex(of: try session.x.id(shield)) else { return false }
            return popupAt > shieldAt
        }
        // The grab still holds the keys themselves.
        try session.x.tool("xdotool", ["mousemove", "--window", terms, "320", "200", "click", "1"])
        try session.x.key("ctrl+End")
        try session.x.waitForGate(terms, "open", "scrolled", "keyboard-grabbed")
        try session.x.key("Return")
        #expect(process.wait(deadline: 10).exitCode == 0)
    }
}

extension PlasmaDesktopTests {
    /// Two monitors (Xvnc's two RandR outputs, side by side): a shield on
    /// each, covering it, with the terms above; the monitors as RandR lists
    /// them once Plasma (kscreen) has started, which may lay them out anew.
    @Test func onX11TwoMonitorsGetAShieldEach() throws {
        let xvnc = try Xvnc(monitors: [1280, 1024], height: 800)
        let fixture = try TermsFixture()
        let session = try PlasmaSession(xvnc: xvnc, configDirs: [try Self.administratorsRules(in: fixture)])
        defer { session.end() }
        let monitors = try xvnc.monitors()
        print("PlasmaDesktopTests: the monitors under Plasma: \(monitors)")
        try #require(monitors.count == 2, "\(monitors)")
        let (process, terms) = try Self.startGate(session, fixture)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        try session.x.waitForGate(terms, "shields-2")
        let shields = try session.x.shields(of: process)
        let covered = try shields.map { try session.x.geometry(of: $0) }.sorted()
        #expect(covered == monitors.sorted(), "shields \(covered), monitors \(monitors)")
        let stacking = try session.stacking()
        let termsAt = try #require(stacking.firstIndex(of: try session.x.id(terms)))
        for shield in shields {
            let at = try #require(stacking.firstIndex(of: try session.x.id(shield)))
            #expect(at < termsAt && stacking.suffix(from: at + 1).allSatisfy { $0 == (try? session.x.id(terms)) || shields.compactMap { try? session.x.id($0) }.contains($0) },
                    "KWin's stacking \(stacking)")
        }
        try session.x.tool("xdotool", ["mousemove", "--window", terms, "320", "200", "click", "1"])
        try session.x.key("ctrl+End")
        try session.x.waitForGate(terms, "open", "scrolled", "shields-2")
        try session.x.key("Return")
        #expect(process.wait(deadline: 10).exitCode == 0)
    }
}

extension PlasmaDesktopTests {
    /// A second monitor plugged in while the gate shows on the first (Xvnc's
    /// RandR, as TermsGateMonitorsTests does under openbox): KWin and
    /// plasmashell take the new layout (kscreen may lay it out anew: the
    /// monitors are read from RandR after), the new monitor gets its shield
    /// within the poll's deadline, above what Plasma puts there (its desktop
    /// view), the panel stays under the first shield, and the keyboard stays
    /// with the terms. Unplugged again, its shield goes.
    @Test func onX11AMonitorPluggedInWhileTheGateShowsGetsAShield() throws {
        let start = Date()
        let xvnc = try Xvnc(monitors: [1280], height: 800)
        let fixture = try TermsFixture()
        let session = try PlasmaSession(xvnc: xvnc, configDirs: [try Self.administratorsRules(in: fixture)])
        defer { session.end() }
        Self.step("the session is up", since: start)
        let x = session.x
        let (process, terms) = try Self.startGate(session, fixture)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        try x.waitForGate(terms, "shields-1")
        let first = try x.shields(of: process)
        try #require(first.count == 1, "\(first)")
        try Self.expectGateCovers(session, terms, first[0], after: "mapping")
        let panel = try #require(try session.panel())
        // As in onX11TwoMonitorsGetAShieldEach: the focus put in the terms' text, before the plug.
        try x.tool("xdotool", ["mousemove", "--window", terms, "320", "200", "click", "1"])

        Self.step("the gate covers the first monitor; plugging in a second", since: start)
        let plugged = Date()
        try xvnc.layOut([1280, 1024])
        Self.step("RandR lists the second monitor", since: start)
        try x.waitForGate(terms, "shields-2", "keyboard-grabbed")
        Self.step("the gate says shields-2", since: start)
        let monitors = try poll("RandR to list two monitors", seconds: 10) { try xvnc.monitors() } until: { $0.count == 2 }
        print("PlasmaDesktopTests: the monitors under Plasma after the plug: \(monitors)")
        try PluggedMonitor.expectShields(Set(monitors), of: process, terms: terms, x)
        Self.step("the new monitor's shield \(String(format: "%.1f", Date().timeIntervalSince(plugged))) s after the plug", since: start)
        #expect(try x.shields(of: process).contains(first[0]), "the first monitor's shield was replaced")
        let added = try #require(monitors.first { $0 != (try? x.geometry(of: first[0])) }, "\(monitors)")
        let newShield = try #require(try x.shields(of: process).first { try x.geometry(of: $0) == added })
        let there = try PluggedMonitor.desktopWindows(on: added, x, except: [terms] + (try x.shields(of: process)))
        Self.step("Plasma's windows on the new monitor: \(there)", since: start)
        // Not strict: KWin keeps the new monitor's fullscreen shield above the
        // terms in its stacking (measured), which do not overlap it.
        try PluggedMonitor.expectAbove(newShield, there, terms: terms, x, strict: false)
        let stacking = try session.stacking()
        if let panelAt = stacking.firstIndex(of: try x.id(panel)) {
            for shield in try x.shields(of: process) {
                #expect(panelAt < (stacking.firstIndex(of: try x.id(shield)) ?? -1), "the panel is above a shield: \(stacking)")
            }
        }
        try PluggedMonitor.expectShieldShown(on: added, display: session.display)
        Self.step("the new monitor is covered", since: start)

        // The keyboard is still the terms': Ctrl+End reads them to the end.
        try x.key("ctrl+End")
        try x.waitForGate(terms, "open", "scrolled", "shields-2", "keyboard-grabbed")

        Self.step("the keys reach the terms; unplugging the second monitor", since: start)
        // Unplugged: its shield goes with it, and the first monitor stays covered.
        try xvnc.layOut([1280])
        try x.waitForGate(terms, "shields-1", "keyboard-grabbed")
        try PluggedMonitor.expectShields(["1280x800+0+0"], of: process, terms: terms, x)
        #expect(try x.shields(of: process) == first, "the first monitor's shield was replaced")
        try Self.expectGateCovers(session, terms, first[0], after: "the unplug")
        Self.step("one shield left, the first monitor covered", since: start)

        try x.key("Return")
        #expect(process.wait(deadline: 10).exitCode == 0)
    }
}

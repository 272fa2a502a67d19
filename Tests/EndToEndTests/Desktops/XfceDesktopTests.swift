import BeckonTestSupport
import Foundation
import Testing

/// Beckon on XFCE 4.18 on X11, measured: a real `dbus-run-session --
/// xfce4-session` (``XfceSession``: xfwm4, xfce4-panel, xfdesktop, xfsettingsd,
/// the Greybird theme) on an X server of its own, real keys (xdotool), and the
/// real session manager ending the session. The gate (rows 1 to 6 of the
/// desktop table in docs/terms.md) is here; every dialog kind is in
/// `+Dialogs`, the login-time start in `+Login`.
///
/// That a key which must do nothing did nothing is shown, as in
/// TermsGateX11Tests, by later input that must do something (Ctrl+End, which
/// the terms window reports as "scrolled"); that a shortcut is held is shown
/// against the same shortcut working in the same session with no gate up.
@Suite(.serialized, .guiHangLimit) struct XfceDesktopTests {
    @Test func onOneMonitorTheShieldCoversThePanelAndTheTermsAreOnTop() throws {
        let session = try XfceSession()
        defer { session.stop() }
        // With no gate, a click on the panel's Applications button opens its menu.
        let panel = try session.panelWindows().count
        try session.click(x: 50, y: 12)
        try poll("the Applications menu to open", seconds: 10) { try session.panelWindows().count } until: { $0 > panel }
        try session.x.key("Escape")
        try poll("the Applications menu to close", seconds: 10) { try session.panelWindows().count } until: { $0 == panel }

        let gate = try XfceGate(in: session)
        defer { gate.kill() }
        try gate.x.waitForGate(gate.terms, "closed", "shields-1", "keyboard-grabbed")
        let shields = try gate.shields()
        try #require(shields.count == 1, "\(shields)")
        #expect(try gate.x.geometry(of: shields[0]) == "1280x800+0+0")
        try gate.expectCovered(shields: ["1280x800+0+0"])

        // A click where the Applications button is lands on the shield: no menu.
        try session.click(x: 50, y: 12)
        try gate.x.key("ctrl+End")
        try gate.x.waitForGate(gate.terms, "open", "scrolled", "accept-sensitive", "shields-1")
        #expect(try session.panelWindows().count == panel, "the panel's menu opened through the gate")
        try gate.expectCovered(shields: ["1280x800+0+0"])

        try gate.x.key("Return")
        let result = gate.process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try gate.x.visibleWindows(of: gate.process.pid).isEmpty)
    }

    @Test func onTwoMonitorsEachHasAShieldOverThePanel() throws {
        let session = try XfceSession(.monitors([1280, 1024]))
        defer { session.stop() }
        let gate = try XfceGate(in: session)
        defer { gate.kill() }
        try gate.x.waitForGate(gate.terms, "closed", "shields-2", "keyboard-grabbed")
        let expected: Set = ["1280x800+0+0", "1024x800+1280+0"]
        try gate.expectCovered(shields: expected)
        let termsX = try XfceGate.rectangle(gate.x.geometry(of: gate.terms)).x
        #expect((0..<1280).contains(termsX), "the terms window is not on the first monitor")

        try gate.x.key("ctrl+End")
        try gate.x.waitForGate(gate.terms, "open", "scrolled", "accept-sensitive", "shields-2")
        try gate.x.key("Return")
        let result = gate.process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try gate.x.visibleWindows(of: gate.process.pid).isEmpty)
    }

    /// A second monitor plugged in while the gate shows on the first (Xvnc's
    /// RandR, as TermsGateMonitorsTests does under openbox): xfwm4 and the
    /// panel take the new layout, the new monitor gets its shield within the
    /// poll's deadline, above what XFCE puts there, the first stays covered,
    /// and the keyboard stays with the terms. xfwm4 stacks the new shield
    /// above the terms window, which it does not overlap: the check is that
    /// nothing overlapping the terms is above them. Unplugged again, its
    /// shield goes and the terms are the top window again.
    ///
    /// XFCE's default panels stay on the first monitor; the top bar is set to
    /// span the monitors first (Panel Preferences → "Span monitors", through
    /// xfconf as that dialog does), so that the new monitor has a panel of
    /// its own that the new shield must cover.
    @Test func monitorPluggedInWhileTheGateShowsGetsAShield() throws {
        let session = try XfceSession(.monitors([1280]))
        defer { session.stop() }
        let xvnc = try #require(session.xvnc)
        let span = try run("/usr/bin/xfconf-query", ["-c", "xfce4-panel", "-p", "/panels/panel-1/span-monitors", "-n", "-t", "bool", "-s", "true"],
                           environment: session.environment, deadline: 10)
        try #require(span.exitCode == 0, "xfconf-query: \(span)")
        let gate = try XfceGate(in: session)
        defer { gate.kill() }
        let x = gate.x
        try x.waitForGate(gate.terms, "closed", "shields-1", "keyboard-grabbed")
        try gate.expectCovered(shields: ["1280x800+0+0"])
        let first = try gate.shields()

        let plugged = Date()
        try xvnc.layOut([1280, 1024])
        try x.waitForGate(gate.terms, "shields-2", "keyboard-grabbed")
        try PluggedMonitor.expectShields(["1280x800+0+0", "1024x800+1280+0"], of: gate.process, terms: gate.terms, x)
        print("XfceDesktopTests: the new monitor's shield \(String(format: "%.1f", Date().timeIntervalSince(plugged))) s after the plug")
        #expect(try gate.shields().contains(first[0]), "the first monitor's shield was replaced")
        // Not on top: xfwm4 stacks the new monitor's shield above the terms
        // (measured, and a raise of the terms did not change it in 3 of 5
        // runs); they do not overlap.
        try gate.expectCovered(shields: ["1280x800+0+0", "1024x800+1280+0"], termsOnTop: false)
        let newShield = try #require(try gate.shields().first { try x.geometry(of: $0) == "1024x800+1280+0" })
        // The top bar now spans both monitors, under the shields.
        let topBar = try poll("the top bar to span both monitors", seconds: 10) {
            try session.panelWindows().map { try x.geometry(of: $0) }
        } until: { $0.contains { $0.hasPrefix("2304x") } }
        print("XfceDesktopTests: the panel's windows after the plug: \(topBar)")
        let there = try PluggedMonitor.desktopWindows(on: "1024x800+1280+0", x, except: [gate.terms] + (try gate.shields()))
        print("XfceDesktopTests: XFCE's windows on the new monitor: \(there)")
        let panelIDs = try session.panelWindows().map { try x.id($0) }
        #expect(there.contains { panelIDs.contains($0.id) }, "no panel window on the new monitor: \(there)")
        try PluggedMonitor.expectAbove(newShield, there, terms: gate.terms, x, strict: false)
        try PluggedMonitor.expectShieldShown(on: "1024x800+1280+0", display: session.display)

        // The keyboard is still the terms': Ctrl+End reads them to the end.
        try x.key("ctrl+End")
        try x.waitForGate(gate.terms, "open", "scrolled", "accept-sensitive", "shields-2", "keyboard-grabbed")

        // Unplugged: its shield goes with it, and the first monitor stays covered.
        try xvnc.layOut([1280])
        try x.waitForGate(gate.terms, "shields-1", "keyboard-grabbed")
        try PluggedMonitor.expectShields(["1280x800+0+0"], of: gate.process, terms: gate.terms, x)
        #expect(try gate.shields() == first, "the first monitor's shield was replaced")
        try gate.expectCovered(shields: ["1280x800+0+0"])

        try x.key("Return")
        let result = gate.process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try x.visibleWindows(of: gate.process.pid).isEmpty)
    }

    @Test func declineEndsTheSessionThroughXfceSessionManager() throws {
        let session = try XfceSession()
        defer { session.stop() }
        let gate = try XfceGate(in: session, endingTheSession: true)
        defer { gate.kill() }
        try gate.x.waitForGate(gate.terms, "closed", "keyboard-grabbed")
        try gate.x.key("alt+d") // Decline's mnemonic
        try poll("xfce4-session to exit", seconds: 30, every: 0.1) { session.hasEnded } until: { $0 }
        let result = gate.process.wait(deadline: 30)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("asked XFCE's org.xfce.SessionManager Logout"), "\(result)")
    }

    /// xfce4-session refuses a logout until its start-up is over
    /// (SessionEnding+XfceStartup.swift): a Decline given then still ends
    /// the session, once the manager is idle.
    @Test func declineDuringXfceStartUpEndsTheSessionOnceTheManagerIsIdle() throws {
        let session = try XfceSession(waitUntilIdle: false)
        defer { session.stop() }
        try poll("xfce4-panel to show", seconds: 60) { try session.panelWindows() } until: { !$0.isEmpty }
        let gate = try XfceGate(in: session, endingTheSession: true)
        defer { gate.kill() }
        try gate.x.waitForGate(gate.terms, "closed", "keyboard-grabbed")
        let stateAtDecline = try session.state()
        try gate.x.key("alt+d")
        let declined = Date()
        try poll("xfce4-session to exit", seconds: 60, every: 0.1) { session.hasEnded } until: { $0 }
        let result = gate.process.wait(deadline: 30)
        #expect(stateAtDecline == 0, "the Decline came after xfce4-session's start-up: this test measured nothing")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("asked XFCE's org.xfce.SessionManager Logout"), "\(result)")
        print("XfceDesktopTests: Decline in xfce4-session's start-up (state \(stateAtDecline.map(String.init) ?? "?")) "
              + "ended the session \(String(format: "%.1f", Date().timeIntervalSince(declined))) s later")
    }
}

/// A gate (`beckon terms --gate` on the sample terms) shown in an XFCE session.
struct XfceGate {
    let session: XfceSession
    let fixture: TermsFixture
    let process: RunningProcess
    let terms: String
    var x: GateX11 { GateX11(display: session.display) }

    /// The shield's colour (shield.c's CSS).
    static let shieldColour = 0x202124

    /// Starts the gate; unless `endingTheSession`, its ending is `/bin/true`
    /// (a killed gate must not log the session out under a test).
    init(in session: XfceSession, _ extra: [String] = [], endingTheSession: Bool = false) throws {
        self.session = session
        fixture = try TermsFixture()
        let ending = endingTheSession ? [] : ["--end-session-command=/bin/true"]
        // The fixture's state directory, not the session's.
        let environment = session.environment.filter { $0.key != "XDG_STATE_HOME" }
        process = try fixture.start(["--gate", "--file", TermsFixture.sample] + ending + extra, environment: environment)
        terms = try GateX11(display: session.display).termsWindow(of: process)
    }

    func kill() {
        if process.process.isRunning { Foundation.kill(process.pid, SIGKILL) }
        _ = process.wait(deadline: 10)
    }

    func shields() throws -> [String] { try x.shields(of: process) }

    /// "WIDTHxHEIGHT+X+Y" as numbers.
    static func rectangle(_ geometry: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let numbers = geometry.split(whereSeparator: { "x+".contains($0) }).compactMap { Int($0) }
        guard numbers.count == 4 else { throw XfceSession.Failed(description: "not a geometry: \(geometry)") }
        return (numbers[2], numbers[3], numbers[0], numbers[1])
    }

    /// Checks that the shields are `expected` (one per monitor), that the
    /// terms window is above every other window xfwm4 stacks and the
    /// shields above every panel window, and that every pixel of the panel
    /// (its top bar and its dock) shows the shield, the terms window aside.
    /// `termsOnTop` false: windows stacked above the terms are allowed when
    /// they do not overlap them (a shield on another monitor).
    func expectCovered(shields expected: Set<String>, termsOnTop: Bool = true,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let covered = try poll("a shield on each monitor", seconds: 10) {
            try Set(self.shields().map { try self.x.geometry(of: $0) })
        } until: { $0 == expected }
        #expect(covered == expected, sourceLocation: sourceLocation)
        // On top once the gate has put itself back: a close or a click on a
        // shield may raise that shield for a moment, until the terms window
        // takes the focus back (TermsShields' notify::is-active).
        let termsID = try x.id(terms)
        let stacking: [UInt]
        if termsOnTop {
            stacking = try poll("the terms window on top", seconds: 10) { try self.x.stacking() } until: { $0.last == termsID }
            #expect(stacking.last == termsID, "the terms window is not on top: \(stacking)", sourceLocation: sourceLocation)
        } else {
            let newest = try #require(try shields().last, sourceLocation: sourceLocation)
            try PluggedMonitor.expectAbove(newest, [], terms: terms, x, strict: false, sourceLocation: sourceLocation)
            stacking = try x.stacking()
        }
        let shieldIndices = try shields().map { try #require(stacking.firstIndex(of: try x.id($0)), "\(stacking)") }
        for panel in try session.panelWindows() {
            guard let index = stacking.firstIndex(of: try x.id(panel)) else { continue }
            #expect(shieldIndices.allSatisfy { $0 > index }, "a panel window is above a shield: \(stacking)",
                    sourceLocation: sourceLocation)
        }
        let termsRect = try Self.rectangle(x.geometry(of: terms))
        let panels = try session.panelWindows().map { try Self.rectangle(x.geometry(of: $0)) }.filter { $0.x >= 0 && $0.y >= 0 }
        try #require(!panels.isEmpty, "no panel on screen", sourceLocation: sourceLocation)
        let uncovered = try poll("the panel to be hidden by the shields", seconds: 10) {
            let picture = try session.picture()
            var count = 0
            for rect in panels {
                for y in stride(from: rect.y, to: min(rect.y + rect.height, picture.height), by: 1) {
                    for x in stride(from: rect.x, to: min(rect.x + rect.width, picture.width), by: 1) {
                        let inTerms = (termsRect.x - 10..<termsRect.x + termsRect.width + 10).contains(x)
                            && (termsRect.y - 40..<termsRect.y + termsRect.height + 10).contains(y)
                        if !inTerms && picture.colour(x: x, y: y) != Self.shieldColour { count += 1 }
                    }
                }
            }
            return count
        } until: { $0 == 0 }
        #expect(uncovered == 0, sourceLocation: sourceLocation)
    }
}

extension XfceSession {
    var x: GateX11 { GateX11(display: display) }

    /// The whole screen now.
    func picture() throws -> WindowPicture {
        guard let importTool = which("import") else { throw Failed(description: "ImageMagick's import is missing") }
        guard let picture = try WindowPicture.capture("root", importTool: importTool, display: display) else {
            throw Failed(description: "import gave no picture of \(display)")
        }
        return picture
    }

    /// Waits until xfwm4 has handled every request sent to it so far: it
    /// handles them in order, so once it has taken a change of the number of
    /// workspaces (and the change back) it has handled the closes before.
    /// (GateX11's fence, demands-attention, xfwm4 drops on a focused window.)
    func fenceThroughXfwm() throws {
        let count = try tool("xprop", ["-root", "_NET_NUMBER_OF_DESKTOPS"]).stdout.split(separator: "=").last
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 4
        for target in [count + 1, count] {
            try tool("wmctrl", ["-n", "\(target)"])
            try poll("xfwm4 to have \(target) workspaces", seconds: 10) {
                try tool("xprop", ["-root", "_NET_NUMBER_OF_DESKTOPS"]).stdout
            } until: { $0.hasSuffix("= \(target)\n") }
        }
    }

    /// The visible windows whose role says they are a gate's terms window.
    func gateWindows() throws -> [String] {
        try tool("xdotool", ["search", "--onlyvisible", "--name", ".*"]).stdout.split(separator: "\n").map(String.init)
            .filter { (try? tool("xprop", ["-id", $0, "WM_WINDOW_ROLE"]).stdout.contains("\"beckon-terms-gate")) == true }
    }

    /// Moves the pointer to (x, y) and clicks the left button.
    func click(x: Int, y: Int) throws {
        let result = try tool("xdotool", ["mousemove", "\(x)", "\(y)", "click", "1"])
        guard result.exitCode == 0 else { throw Failed(description: "xdotool click: \(result)") }
    }

    /// Saves the whole screen as `path` (PNG), with at most 256 colours when
    /// the full-colour picture is over 300 KB (the wallpaper's lines).
    func screenshot(_ path: String) throws {
        let full = try tool("import", ["-window", "root", path])
        guard full.exitCode == 0 else { throw Failed(description: "import: \(full)") }
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        if size > 300_000, let convert = which("convert") {
            _ = try run(convert, [path, "-colors", "256", "PNG8:\(path)"], deadline: 30)
        }
    }
}

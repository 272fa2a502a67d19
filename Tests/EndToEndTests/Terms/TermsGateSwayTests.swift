import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms --gate` on two monitors, under sway's headless backend with
/// two outputs: with GTK's Wayland backend, a shield fullscreen on each
/// output and the terms window on top, following an output added while it is
/// shown; with GTK's X11 backend on sway's Xwayland (whose RandR outputs
/// XWAYLAND0 and XWAYLAND1 are the two GdkMonitors that Xvfb cannot give),
/// a shield for each monitor and Accept by real keys. Real Wayland keys come
/// from wtype (``Sway/type(_:)``): Accept and Decline under Wayland.
@Suite(.serialized, .guiHangLimit) struct TermsGateSwayTests {
    /// The gate's views on sway once it shows: the shields, and the terms window
    /// (whose title tells its state under Wayland, tests only).
    static func gateViews(_ sway: Sway, shields count: Int, _ process: RunningProcess) throws
        -> (shields: [Sway.View], terms: Sway.View)
    {
        let views = try poll("\(count) shields and the terms window on sway", seconds: 15) {
            try sway.views()
        } until: { views in
            !process.process.isRunning
                || (views.filter { $0.name == "beckon-shield" && $0.isFullscreen }.count == count
                    && views.contains { $0.name.contains("beckon-terms-gate") && $0.name.contains("shields-\(count)") })
        }
        try #require(process.process.isRunning, "beckon ended: \(process.wait(deadline: 5))")
        return (views.filter { $0.name == "beckon-shield" },
                try #require(views.first { $0.name.contains("beckon-terms-gate") }))
    }

    @Test func underWaylandAShieldFillsEachOutputAndAnAddedOne() throws {
        let sway = try Sway(outputs: 2)
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample], environment: sway.waylandEnvironment)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        let outputs = try sway.outputs()
        try #require(outputs.count == 2)

        let (shields, terms) = try Self.gateViews(sway, shields: 2, process)
        for output in outputs {
            let covering = shields.filter { $0.output == output.name }
            #expect(covering.count == 1 && covering.first.map { $0.rect == output.rect && $0.isVisible } == true,
                    "output \(output.name) \(output.rect) is not covered by one visible shield: \(shields)")
        }
        // On top of the primary output's shield: floating (sway floats a
        // transient window) and shown, over the fullscreen shield.
        #expect(terms.isFloating && terms.isVisible, "\(terms)")
        #expect(terms.output == outputs[0].name, "\(terms)")

        // sway's close (its `kill`, what a binding would send) on a shield and
        // on the terms window: refused. The output added next is the fence:
        // sway tells beckon of it after the closes, on the same connection.
        try sway.message(["[title=\"^beckon-shield$\"] kill"])
        try sway.message(["[title=\"^beckon-terms-gate\"] kill"])

        // A monitor plugged in while the gate shows gets its shield.
        try sway.addOutput()
        let added = try poll("a third output", seconds: 10) { try sway.outputs() } until: { $0.count == 3 }
        let (shieldsNow, termsNow) = try Self.gateViews(sway, shields: 3, process)
        #expect(termsNow.isVisible, "the terms window went: \(termsNow)")
        for output in outputs {
            #expect(shieldsNow.contains { $0.output == output.name && $0.isFullscreen }, "a close took a shield down: \(shieldsNow)")
        }
        let third = added.first { output in !outputs.contains { $0.name == output.name } }!
        #expect(shieldsNow.contains { $0.output == third.name && $0.rect == third.rect && $0.isFullscreen },
                "the added output \(third.name) has no shield: \(shieldsNow)")

        // The process ends: so do its windows (what Decline or death does to the
        // session is the warden's, tested there).
        kill(process.pid, SIGTERM)
        _ = process.wait(deadline: 10)
        try Self.waitForNoGate(sway)
    }

    /// The gate's state, from the terms window's title under Wayland.
    static func waitForGate(_ sway: Sway, _ words: String..., process: RunningProcess) throws {
        try poll("the gate to show \(words.joined(separator: " "))", seconds: 10) {
            try sway.views().first { $0.name.hasPrefix("beckon-terms-gate") }.map { Set($0.name.split(separator: " ").map(String.init)) } ?? []
        } until: { $0.isSuperset(of: words) && !$0.contains("accept-pressed") || !process.process.isRunning }
        try #require(process.process.isRunning, "beckon ended: \(process.wait(deadline: 5))")
    }

    /// Waits until the gate's windows are gone from sway.
    static func waitForNoGate(_ sway: Sway) throws {
        try poll("the gate's views to go", seconds: 10) { try sway.views() } until: { views in
            !views.contains { $0.name == "beckon-shield" || $0.name.contains("beckon-terms-gate") }
        }
    }

    @Test func underWaylandRealKeysAcceptAndEscapeDoesNothing() throws {
        let sway = try Sway(outputs: 2)
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample], environment: sway.waylandEnvironment)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        _ = try Self.gateViews(sway, shields: 2, process)
        try Self.waitForGate(sway, "closed", process: process)

        // sway gives the focus to a fullscreen shield; the terms window is
        // modal, so GTK hands it the keys typed there.
        try sway.type(["-k", "Escape"])
        try sway.type(["-k", "Return"])
        try sway.type(["-M", "ctrl", "-k", "End", "-m", "ctrl"])
        // Scrolled, in a window still there: Escape and Return (the gate closed) did nothing.
        try Self.waitForGate(sway, "open", "scrolled", "accept-sensitive", "shields-2", process: process)
        try sway.type(["-k", "Return"])
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        try Self.waitForNoGate(sway)
    }

    @Test func underWaylandRealKeysDecline() throws {
        let sway = try Sway(outputs: 2)
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample], environment: sway.waylandEnvironment)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        _ = try Self.gateViews(sway, shields: 2, process)
        try Self.waitForGate(sway, "closed", process: process)
        // From the terms to Decline (Accept is insensitive while closed), and press it.
        try sway.type(["-k", "Tab", "-k", "space"])
        let result = process.wait(deadline: 10)
        // What Decline does to the session is the warden's (tested there): here, the exit and the windows.
        #expect(result.exitCode == 1, "\(result)")
        try Self.waitForNoGate(sway)
    }

    @Test func onXwaylandEachOfTwoMonitorsGetsAShieldAndRealKeysAccept() throws {
        let sway = try Sway(outputs: 2)
        let display = try sway.xDisplay()
        let monitors = try run(try #require(which("xrandr")), ["--listmonitors"], environment: ["DISPLAY": display]).stdout
        try #require(monitors.contains("Monitors: 2"), "Xwayland's monitors: \(monitors)")
        let x = GateX11(display: display)
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample],
                                        environment: ["DISPLAY": display, "GDK_BACKEND": "x11", "WAYLAND_DISPLAY": ""])
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        let terms = try x.termsWindow(of: process)
        try x.waitForGate(terms, "closed", "shields-2", "keyboard-grabbed")
        try #require(try poll("two shields", seconds: 10) { try x.shields(of: process).count } until: { $0 == 2 } == 2)

        try x.key("Escape")
        try x.key("ctrl+End")
        try x.waitForGate(terms, "open", "scrolled", "accept-sensitive", "shields-2")
        try x.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try x.visibleWindows(of: process.pid).isEmpty)
    }
}

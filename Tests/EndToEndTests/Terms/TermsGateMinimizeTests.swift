import BeckonTestSupport
import Foundation
import Testing

/// A gate minimised under openbox (issue 32: "minimise of the terms window
/// ends it, or leaves every monitor covered"). A minimised gate is still
/// shown, its process alive, so the enforcer follows it and does not end the
/// session: what must hold is that nothing of the desktop comes out from
/// under the shield, whichever of the gate's windows is minimised.
@Suite(.serialized, .guiHangLimit) struct TermsGateMinimizeTests {
    /// Whether `window` is mapped and viewable now (xwininfo's Map State).
    static func isViewable(_ x: GateX11, _ window: String) throws -> Bool {
        try x.tool("xwininfo", ["-id", window]).stdout.contains("Map State: IsViewable")
    }

    @Test func minimisingTheTermsWindowOrTheShieldLeavesTheScreenCovered() throws {
        try X11.require()
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample])
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        let x = GateX11(display: nil)
        let (terms, shield) = try x.gateOnOneMonitor(of: process)
        let shields = [shield]

        for window in [terms, shields[0]] {
            let result = try x.tool("xdotool", ["windowminimize", window])
            #expect(result.exitCode == 0, "\(result)")
            try x.fenceThroughWindowManager(shields[0])
            // The gate puts itself back: the shield covers the screen and the terms are above it.
            try poll("the shield and the terms window viewable again after minimising \(window)", seconds: 10) {
                let shield = try Self.isViewable(x, shields[0]), window = try Self.isViewable(x, terms)
                return shield && window
            } until: { $0 }
            let screen = try Xdotool.screenSize()
            let geometry = try Xdotool.geometry(of: shields[0])
            #expect(geometry.x == 0 && geometry.y == 0 && geometry.width == screen.width && geometry.height == screen.height,
                    "the shield does not cover the screen after minimising \(window): \(geometry)")
        }
        // Still the gate: the terms window has the focus, and keys reach it.
        let termsID = try x.id(terms)
        try poll("the terms window to have the focus", seconds: 10) {
            try x.activeWindow()
        } until: { $0 == termsID }
        try Xdotool.key("ctrl+End")
        try TermsInput.waitForGate(terms, "open", "scrolled", "shields-1")
    }
}

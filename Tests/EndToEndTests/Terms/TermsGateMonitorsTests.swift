import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms --gate` on an X server with two real RandR outputs (Xvnc laid
/// out as two monitors, ``Xvnc``), under openbox: a shield fills each monitor,
/// a monitor plugged in while the gate shows gets one too, Escape and the
/// window manager's close change nothing, and Accept with real keys ends it.
/// (The Wayland side, sway with two outputs, is TermsGateSwayTests.)
@Suite(.serialized, .guiHangLimit) struct TermsGateMonitorsTests {
    @Test func onTwoMonitorsEachHasItsShieldAndOneAddedLaterGetsOne() throws {
        try X11.require()
        let server = try Xvnc(monitors: [1280, 1024])
        try server.startOpenbox()
        let x = GateX11(display: server.display)
        let fixture = try TermsFixture()
        let process = try fixture.start(["--gate", "--file", TermsFixture.sample], environment: ["DISPLAY": server.display])
        defer { if process.process.isRunning { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) } }
        let terms = try x.termsWindow(of: process)
        try x.waitForGate(terms, "closed", "shields-2", "keyboard-grabbed")
        let covered = try poll("a shield on each monitor", seconds: 10) {
            try Set(x.shields(of: process).map { try x.geometry(of: $0) })
        } until: { $0 == ["1280x800+0+0", "1024x800+1280+0"] }
        #expect(covered == ["1280x800+0+0", "1024x800+1280+0"])
        // The terms sit on the primary (first) monitor, above its shield.
        let termsGeometry = try x.geometry(of: terms)
        let termsX = Int(termsGeometry.split(separator: "+").dropFirst().first ?? "") ?? -1
        #expect((0..<1280).contains(termsX), "the terms window is not on the first monitor: \(termsGeometry)")
        let stacking = try x.stacking()
        let termsIndex = try #require(stacking.firstIndex(of: try x.id(terms)), "\(stacking)")
        for shield in try x.shields(of: process) {
            let index = try #require(stacking.firstIndex(of: try x.id(shield)), "\(stacking)")
            #expect(termsIndex > index, "the terms window is below a shield: \(stacking)")
        }

        // A third monitor plugged in while the gate shows.
        try server.layOut([1280, 1024, 800])
        try x.waitForGate(terms, "shields-3")
        let three = try poll("a shield on the new monitor", seconds: 10) {
            try Set(x.shields(of: process).map { try x.geometry(of: $0) })
        } until: { $0.contains("800x800+2304+0") }
        #expect(three.count == 3, "\(three)")

        // Escape and the window manager's close on the terms and on a shield do
        // nothing; Ctrl+End after them shows they were handled.
        let shield = try #require(try x.shields(of: process).first)
        try x.key("Escape")
        _ = try x.tool("wmctrl", ["-i", "-c", terms])
        _ = try x.tool("wmctrl", ["-i", "-c", shield])
        try x.fenceThroughWindowManager(shield)
        try x.key("ctrl+End")
        try x.waitForGate(terms, "open", "scrolled", "accept-sensitive", "shields-3")
        try x.key("Return")
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try x.visibleWindows(of: process.pid).isEmpty)
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// The built `beckon` answers the basics, with and without a display.
@Suite(.serialized, .guiHangLimit) struct SmokeTests {
    @Test func noDisplayIsAClearErrorWithExit255() throws {
        // --no-tty: a test run from a terminal would otherwise ask there
        // (TerminalFallbackTests covers no display and no terminal at all).
        let result = try run(Products.beckon, ["--question", "--text", "x", "--no-tty"],
                             environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.exitCode == 255)
        #expect(result.stderr.contains("DISPLAY"))
        #expect(!result.timedOut)
    }

    @Test func questionAnsweredWithReturnExitsZero() throws {
        try X11.require()
        let result = try DialogRun.run(Products.beckon, ["--question", "--text", "Proceed?"], answer: .keys(["Return"]))
        #expect(result.exitCode == 0, "\(result)")
    }
}

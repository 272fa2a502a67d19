import BeckonTestSupport
import Foundation
import Testing

/// A message text of about 100 KiB (near the largest argument Linux passes)
/// keeps the dialog on the screen with its buttons reachable, and the loop free:
/// zenity makes a window tens of thousands of pixels tall and takes seconds to
/// lay it out, during which its timeout cannot fire.
@Suite(.serialized, .guiHangLimit) struct LongMessageTests {
    static let text = (0..<4_500).map { "line \($0) of a long text" }.joined(separator: "\n")

    @Test func theWindowFitsTheScreenAndReturnAnswers() throws {
        try X11.require()
        let process = try RunningProcess(Products.beckon, ["--info", "--text=\(Self.text)"])
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, seconds: 10, process: process), "no window")
        let size = try Xdotool.size(of: window)
        #expect(size.height <= 800, "the window is \(size.height) px tall on an 800 px screen")
        try Xdotool.focus(window, thenKey: ["Return"])
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test func itsTimeoutStillHolds() throws {
        try X11.require()
        let started = Date()
        let result = try run(Products.beckon, ["--info", "--text=\(Self.text)", "--timeout=1"], deadline: 20)
        let took = Date().timeIntervalSince(started)
        #expect(result.exitCode == 5, "\(result)")
        // The GtkLabel this replaced took 9 s here to lay 100 KiB out before a timeout of 4 could fire.
        #expect(took < 4, "a 1 s timeout took \(took) s")
    }

    /// One paragraph of the largest argument Linux passes, without a newline or
    /// a space: Pango lays a paragraph out whole, and this one kept the window
    /// from mapping for over a minute (30,000 characters: 8 s), the timeout
    /// and SIGTERM waiting on it, until long paragraphs were broken up.
    @Test func oneParagraphOf128KiBStillMapsAndTimesOut() throws {
        try X11.require()
        let text = String(repeating: "x", count: 128 * 1024 - 16)
        let started = Date()
        let process = try RunningProcess(Products.beckon, ["--info", "--text=\(text)", "--timeout=2"])
        _ = try #require(try Xdotool.waitForWindow(pid: process.pid, seconds: 10, process: process), "no window")
        let result = process.wait(deadline: 20)
        let took = Date().timeIntervalSince(started)
        #expect(result.exitCode == 5, "\(result)")
        #expect(took < 6, "a 2 s timeout took \(took) s")
    }
}

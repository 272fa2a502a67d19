import BeckonTestSupport
import Foundation
import Testing

/// A size larger than the screen (`--width=2147483647`) is kept within the
/// screen's work area: openbox aborts on a window that wide (under zenity too),
/// and a window past the screen's edge hides its buttons.
@Suite(.serialized, .guiHangLimit) struct WindowSizeTests {
    static let huge = "2147483647"

    static let cases: [(name: String, arguments: [String], escapeExit: Int32)] = [
        ("a message", ["--info", "--text=x"], 1),
        ("an entry", ["--entry", "--text=x"], 1),
        ("the terms", ["terms", "--file", Products.packageRoot.appendingPathComponent("Resources/terms/sample-terms.md").path,
                       "--id", "org.beckon.size"], 1),
    ]

    @Test(arguments: cases.indices)
    func aHugeSizeStaysOnTheScreen(_ index: Int) throws {
        try X11.require()
        let (name, arguments, escapeExit) = Self.cases[index]
        let screen = try Xdotool.run(["getdisplaygeometry"]).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(screen.count == 2, "no screen size")
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-size-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let process = try RunningProcess(Products.beckon, arguments + ["--width=\(Self.huge)", "--height=\(Self.huge)"],
                                         environment: ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": state]) { $1 })
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, seconds: 10, process: process),
                                  "\(name): no window")
        let size = try Xdotool.size(of: window)
        #expect(size.width <= screen[0] && size.height <= screen[1],
                "\(name): \(size.width)×\(size.height) on a \(screen[0])×\(screen[1]) screen")
        // The window manager is still there to manage it.
        let manager = try run("/usr/bin/wmctrl", ["-m"], deadline: 5)
        #expect(manager.exitCode == 0, "\(name): the window manager is gone: \(manager)")
        try Xdotool.focus(window, thenKey: ["Escape"])
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == escapeExit, "\(name): \(result)")
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// Terms that used to hang the window or push it off the screen (issue 19):
/// one line of hundreds of kilobytes or megabytes, NULs, deep nesting. Each
/// must show a window that answers keys, end at `--timeout` with exit 5, and
/// lie inside the screen.
@Suite(.serialized, .guiHangLimit) struct TermsLayoutBoundsTests {
    static let timeout = 3
    /// How long past --timeout the process may take to end: start-up, the
    /// first piece of megabytes rendered by a debug build, and slack for a busy machine.
    static let grace = 8.0

    static let longLines: [(name: String, bytes: @Sendable () -> Data, answersKeys: Bool)] = [
        ("60 KB in one line", { Data(repeating: UInt8(ascii: "a"), count: 60_000) + Data("\n".utf8) }, true),
        ("200 KB in one line", { Data(repeating: UInt8(ascii: "a"), count: 200_000) + Data("\n".utf8) }, true),
        ("NULs in a 400 KB line", { Data(Array(repeating: [UInt8(ascii: "a"), 0], count: 200_000).joined()) + Data("\n".utf8) }, true),
        ("10 MB in one line", { Data(repeating: UInt8(ascii: "a"), count: 10_000_000) + Data("\n".utf8) }, false),
        ("10 MB of words in one line", { Data(String(repeating: "abcdefghi ", count: 1_000_000).utf8) + Data("\n".utf8) }, false),
        // Issue 36: shorter than the paged size as Markdown, but 200 lines Pango
        // cannot wrap at a word; Ctrl+End never reached the end when shown whole.
        ("a 400 KB line of letters and NULs", {
            Data(Array(repeating: Array(repeating: UInt8(ascii: "a"), count: 99) + [0], count: 4000).joined()) + Data("\n".utf8)
        }, true),
        // Issue 36: cmark's tree of 4 million nodes took half a minute before the window.
        ("a million links in one paragraph", { Data(String(repeating: "[a](b) ", count: 1_000_000).utf8) + Data("\n".utf8) }, false),
    ]

    @Test(arguments: longLines.indices)
    func aLongLineShowsAWindowThatEndsAtTheTimeout(_ index: Int) throws {
        try X11.require()
        let (name, bytes, _) = Self.longLines[index]
        let fixture = try TermsFixture()
        let terms = try fixture.file("long.md", bytes())
        let started = Date()
        let process = try fixture.start(["--file", terms, "--timeout", String(Self.timeout)])
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, seconds: Double(Self.timeout) + Self.grace,
                                                            process: process), "\(name): no window")
        try Self.expectOnScreen(window, name)
        let result = process.wait(deadline: Double(Self.timeout) + Self.grace)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.exitCode == 5, "\(name): \(result)")
        #expect(elapsed < Double(Self.timeout) + Self.grace, "\(name): ended after \(elapsed) s")
    }

    @Test(arguments: longLines.indices.filter { longLines[$0].answersKeys })
    func aLongLineShowsAWindowThatAnswersKeys(_ index: Int) throws {
        try X11.require()
        let (name, bytes, _) = Self.longLines[index]
        let fixture = try TermsFixture()
        let terms = try fixture.file("long.md", bytes())
        let process = try fixture.start(["--file", terms])
        let window = try TermsInput.window(of: process)
        // Ctrl+End shows the end, which opens the gate once all the text is in
        // (an earlier Ctrl+End shows the end of what is in so far, as designed).
        try TermsInput.endUntilGateOpens(window, name, seconds: 40, every: 0.25)
        try Xdotool.key("Return")
        let result = process.wait(deadline: 20)
        #expect(result.exitCode == 0, "\(name): \(result)")
    }

    static let nestings: [(name: String, markdown: String)] = [
        ("60 nested quotes (122 bytes: wider than a 1280-pixel screen)", String(repeating: "> ", count: 60) + "x\n"),
        ("5,000 nested quotes", String(repeating: "> ", count: 5000) + "x\n"),
        ("5,000 nested lists", String(repeating: "- ", count: 5000) + "x\n"),
        ("a thousand joined emoji, which do not wrap", String(repeating: "\u{1F600}\u{200D}", count: 1000) + "x\n"),
    ]

    @Test(arguments: nestings.indices)
    func deepNestingLeavesTheWholeWindowOnTheScreen(_ index: Int) throws {
        try X11.require()
        let (name, markdown) = Self.nestings[index]
        let fixture = try TermsFixture()
        let terms = try fixture.file("nested.md", Data(markdown.utf8))
        let process = try fixture.start(["--file", terms])
        let window = try #require(try Xdotool.waitForWindow(pid: process.pid, seconds: 10, process: process),
                                  "\(name): no window")
        try Self.expectOnScreen(window, name)
        try Xdotool.focus(window, thenKey: ["Escape"])
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 1, "\(name): \(result)")
    }

    /// The window's client area lies inside the screen (one monitor under Xvfb).
    static func expectOnScreen(_ window: String, _ name: String) throws {
        let screen = try Xdotool.screenSize()
        let geometry = try Xdotool.geometry(of: window)
        #expect(geometry.x >= 0 && geometry.y >= 0
                    && geometry.x + geometry.width <= screen.width && geometry.y + geometry.height <= screen.height,
                "\(name): \(geometry.width)×\(geometry.height) at \(geometry.x),\(geometry.y) on a \(screen.width)×\(screen.height) screen")
    }
}

import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestEndings
import BeckonTestSupport
import Foundation
import Testing

/// `Dialog.color` on every ending, with real windows and real input: a colour
/// typed into the editor's entry, then a click, Return, Escape, a close, a
/// destroy, the timeout or a cancelled task. Each resumes exactly once with
/// the right colour, and no window is left behind.
@Suite(.serialized, .guiHangLimit) struct ColorAPITests {
    /// The colour dialog's own endings: its buttons, and Return from the hue slider.
    enum Own: String, KindPath {
        case clickSelect, clickCancel, tabThenReturn
        var expected: Ending { self == .clickCancel ? .dismissed : .accepted }

        func end(_ shown: ShownDialog) async throws {
            switch self {
            case .clickSelect: try await shown.clickButton(1)
            case .clickCancel: try await shown.clickButton(0)
            // Tab leaves the entry for the hue slider, which lets Return press Select.
            case .tabThenReturn: try Xdotool.key("Tab", "Return")
            }
        }
    }

    static let repetitions = ProcessInfo.processInfo.environment["BECKON_REPETITIONS"].flatMap(Int.init)
        .map { max($0 / 20, 3) } ?? 10

    /// What each round types: a colour in the editor's "Color Name" entry, and
    /// Return, which applies it (it does not press Select, as in GTK).
    static func typed(_ round: Int) -> (text: String, css: String) {
        let level = (round * 37) % 256
        return (String(format: "#%02x40c0", level), "rgb(\(level),64,192)")
    }

    @Test(arguments: TestPath<Own>.all([.escapeKey, .windowManagerClose, .destroyedByCode]))
    func everyPathResumesOnceWithTheRightColour(_ path: TestPath<Own>) async throws {
        try GtkTestLoop.require()
        try await everyPath(path, "colour", repetitions: Self.repetitions) { title, _ in
            try await Dialog.color(title: title, initial: RGBAColor(parsing: "orange"))
        } before: { _, round in
            try Xdotool.type(Self.typed(round).text)
            try Xdotool.key("Return")
        } check: { color, path, round, title in
            #expect(color?.cssString == (path.expected == .accepted ? Self.typed(round).css : nil), "\(title)")
        }
    }

    /// The timeout throws, and the reply underneath holds the colour the
    /// window showed when it passed.
    @Test func theTimeoutReadsTheColourShown() async throws {
        try GtkTestLoop.require()
        let request = ColorRequest(title: "colour timeout", timeout: .seconds(2))
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait(), "the dialog never got the focus")
        try Xdotool.type("#336699")
        try Xdotool.key("Return")
        let reply = try #require(await withDeadline(10, "timeout") { await task.result })
        #expect(try reply.get().outcome == .timedOut)
        #expect(try reply.get().value.cssString == "rgb(51,102,153)")
        #expect(await ShownDialog.leftovers() == (0, 0))

        let thrown = Task { try await Dialog.color(title: "colour timeout thrown", timeout: .milliseconds(50)) }
        let result = try #require(await withDeadline(10, "timeout thrown") { await thrown.result })
        #expect(throws: DialogError.timedOut) { try result.get() }
    }

    @Test func cancellingTheTaskClosesTheDialog() async throws {
        try GtkTestLoop.require()
        for round in 0..<Self.repetitions {
            let task = Task { try await Dialog.color(title: "colour cancel \(round)") }
            _ = try #require(await ShownDialog.wait(), "the dialog never got the focus")
            task.cancel()
            let result = try #require(await withDeadline(10, "cancel") { await task.result })
            #expect(throws: CancellationError.self) { try result.get() }
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 0 && left.dialogs == 0, "round \(round): \(left) left behind")
        }
    }

    /// On the palette the first swatch has the focus: Return selects it, and
    /// Return again activates it, which answers as Select does.
    @Test func anActivatedSwatchAnswersAsSelect() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.color(title: "colour palette", showsPalette: true) }
        _ = try #require(await ShownDialog.wait(), "the dialog never got the focus")
        try Xdotool.key("Right", "Return", "Return")
        let result = try #require(await withDeadline(10, "palette") { await task.result })
        // GTK's second swatch of its first row.
        #expect(try result.get()?.cssString == "rgb(143,240,164)")
        #expect(await ShownDialog.leftovers() == (0, 0))
    }

    /// The initial colour comes back untouched, its opacity included, unless
    /// alpha is off: then the answer is opaque.
    @Test(arguments: [true, false])
    func theInitialColourAndItsOpacity(allowsAlpha: Bool) async throws {
        try GtkTestLoop.require()
        let initial = try #require(RGBAColor(parsing: "rgba(10,20,30,0.25)"))
        let task = Task { try await Dialog.color(title: "colour alpha", initial: initial, allowsAlpha: allowsAlpha) }
        _ = try #require(await ShownDialog.wait(), "the dialog never got the focus")
        try Xdotool.key("Tab", "Return")
        let result = try #require(await withDeadline(10, "alpha") { await task.result })
        #expect(try result.get()?.cssString == (allowsAlpha ? "rgba(10,20,30,0.25)" : "rgb(10,20,30)"))
    }
}

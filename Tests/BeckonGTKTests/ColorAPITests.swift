@testable import Beckon
import BeckonTestSupport
import Foundation
import Testing

/// `Dialog.color` on every ending, with real windows and real input: a colour
/// typed into the editor's entry, then a click, Return, Escape, a close, a
/// destroy, the timeout or a cancelled task. Each resumes exactly once with
/// the right colour, and no window is left behind.
@Suite(.serialized, .guiHangLimit) struct ColorDialogPathTests {
    enum Path: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case clickSelect, clickCancel, returnKey, escapeKey, windowManagerClose, destroyedByCode
        var testDescription: String { rawValue }
    }

    static let repetitions = ProcessInfo.processInfo.environment["BECKON_REPETITIONS"].flatMap(Int.init)
        .map { max($0 / 20, 3) } ?? 10

    /// What each round types: a colour in the editor's "Color Name" entry, and
    /// Return, which applies it (it does not press Select, as in GTK).
    static func typed(_ round: Int) -> (text: String, css: String) {
        let level = (round * 37) % 256
        return (String(format: "#%02x40c0", level), "rgb(\(level),64,192)")
    }

    @Test(arguments: Path.allCases)
    func everyPathResumesOnceWithTheRightColour(_ path: Path) async throws {
        try GtkTestLoop.require()
        for round in 0..<Self.repetitions {
            let title = "colour \(path.rawValue) \(round)"
            let task = Task { try await Dialog.color(title: title, initial: RGBAColor(parsing: "orange")) }
            let shown = try #require(await ShownDialog.wait(), "\(title): the dialog never got the focus")
            #expect(shown.title == title)
            let typed = Self.typed(round)
            try Xdotool.type(typed.text)
            try Xdotool.key("Return")
            try await end(shown, by: path)
            let result = await withDeadline(10, title) { await task.result }
            guard let result else { task.cancel(); return }
            switch (path, result) {
            case (.clickSelect, .success(let color)), (.returnKey, .success(let color)):
                #expect(color?.cssString == typed.css, "\(title)")
            case (.clickCancel, .success(let color)), (.escapeKey, .success(let color)),
                 (.windowManagerClose, .success(let color)), (.destroyedByCode, .success(let color)):
                #expect(color == nil, "\(title)")
            default: Issue.record("\(title): unexpected \(result)")
            }
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 0 && left.dialogs == 0, "\(title): \(left) left behind")
        }
    }

    private func end(_ shown: ShownDialog, by path: Path) async throws {
        switch path {
        case .clickSelect, .clickCancel:
            let center = try #require(await shown.buttonCenter(path == .clickSelect ? 1 : 0))
            try Xdotool.click(x: center.x, y: center.y)
        case .returnKey:
            // Tab leaves the entry for the hue slider, which lets Return press Select.
            try Xdotool.key("Tab", "Return")
        case .escapeKey: try Xdotool.key("Escape")
        case .windowManagerClose: try Xdotool.close(xid: shown.xid)
        case .destroyedByCode: await ShownDialog.destroyFromCode()
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

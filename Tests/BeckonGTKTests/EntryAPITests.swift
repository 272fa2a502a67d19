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

/// `Dialog.text` on every ending, with real windows and real input: the
/// awaiting task resumes exactly once with what the field held, and no window
/// is left behind.
@Suite(.serialized, .guiHangLimit) struct EntryAPITests {
    /// The shared endings the text dialog takes, beside its buttons.
    static let shared: [Path] = [.returnKey, .escapeKey, .windowManagerClose, .destroyedByCode, .timeout,
                                 .cancelledWhileShown]

    static let repetitions = ProcessInfo.processInfo.environment["BECKON_REPETITIONS"].flatMap(Int.init).map { min(max($0, 1), 20) } ?? 5

    @Test(arguments: TestPath<ButtonPath>.all(shared))
    func everyPathResumesOnceWithTheRightText(_ path: TestPath<ButtonPath>) async throws {
        try GtkTestLoop.require()
        try await everyPath(path, "text", repetitions: Self.repetitions) { title, timeout in
            try await Dialog.text(title: title, prompt: "_Name:", text: "start", timeout: timeout)
        } before: { _, round in
            // Typing replaces the selected initial text.
            try Xdotool.type("Zoe \(round)")
        } check: { text, path, round, title in
            #expect(text == (path.expected == .accepted ? "Zoe \(round)" : nil), "\(title)")
        }
    }

    @Test func theTimeoutReadsWhatWasTyped() async throws {
        try GtkTestLoop.require()
        let request = EntryRequest(title: "typed at the timeout", prompt: "Name:", timeout: .seconds(2))
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.type("half-typed")
        let reply = try #require(await withDeadline(10, "timeout") { await task.result }?.get())
        #expect(reply == DialogReply(outcome: .timedOut, value: "half-typed"))
    }

    @Test func suggestionsAreSteppedWithTheArrowKeys() async throws {
        try GtkTestLoop.require()
        let task = Task {
            try await Dialog.text(title: "fruit", prompt: "_Fruit:", text: "fig", suggestions: ["apple", "fig", "kiwi"])
        }
        _ = try #require(await ShownDialog.wait())
        // The field starts on "fig", the suggestion equal to the text.
        try Xdotool.key("Down", "Return")
        #expect(try await withDeadline(10, "suggestions") { await task.result }?.get() == "kiwi")
    }

    @Test func unicodeTextComesBackWhole() async throws {
        try GtkTestLoop.require()
        // Typed unicode depends on xdotool remapping keys; the initial text does not.
        let text = "Grüße, 日本語, עברית 🎉"
        let task = Task { try await Dialog.text(title: "unicode", prompt: "_Text:", text: text) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.key("Return")
        #expect(try await withDeadline(10, "unicode") { await task.result }?.get() == text)
    }

    @Test func hiddenTextIsStillAnswered() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.text(title: "hidden", prompt: "PIN:", hidesText: true) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.type("4711")
        try Xdotool.key("Return")
        #expect(try await withDeadline(10, "hidden") { await task.result }?.get() == "4711")
    }

    @Test func returnOnAFocusedCancelStillAnswersOK() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.text(title: "tab", prompt: "Name:", text: "kept") }
        _ = try #require(await ShownDialog.wait())
        // Tab moves to Cancel, which (as in zenity) leaves Return to OK.
        try Xdotool.key("Tab", "Return")
        #expect(try await withDeadline(10, "tab") { await task.result }?.get() == "kept")
    }
}

@testable import Beckon
import BeckonTestSupport
import Foundation
import Testing

/// `Dialog.text` on every ending, with real windows and real input: the
/// awaiting task resumes exactly once with what the field held, and no window
/// is left behind.
@Suite(.serialized, .guiHangLimit) struct EntryWindowTests {
    /// How a person (or the program) ends the dialog.
    enum Path: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case clickOK, returnKey, clickCancel, escapeKey, windowManagerClose, destroyedByCode, timeout, taskCancelled
        var testDescription: String { rawValue }
    }

    static let repetitions = ProcessInfo.processInfo.environment["BECKON_REPETITIONS"].flatMap(Int.init).map { min(max($0, 1), 20) } ?? 5

    @Test(arguments: Path.allCases)
    func everyPathResumesOnceWithTheRightText(_ path: Path) async throws {
        try GtkTestLoop.require()
        for round in 0..<Self.repetitions {
            let title = "text \(path.rawValue) \(round)"
            let task = Task {
                try await Dialog.text(title: title, prompt: "_Name:", text: "start",
                                      timeout: path == .timeout ? .seconds(2) : nil)
            }
            let shown = try #require(await ShownDialog.wait(), "\(title): the dialog never got the focus")
            #expect(shown.title == title)
            // Typing replaces the selected initial text.
            try Xdotool.type("Zoe \(round)")
            try await end(shown, by: path, task: task)
            let result = await withDeadline(10, title) { await task.result }
            guard let result else { task.cancel(); return }
            switch (path, result) {
            case (.clickOK, .success(let text)), (.returnKey, .success(let text)):
                #expect(text == "Zoe \(round)", "\(title)")
            case (.clickCancel, .success(let text)), (.escapeKey, .success(let text)),
                 (.windowManagerClose, .success(let text)), (.destroyedByCode, .success(let text)):
                #expect(text == nil, "\(title)")
            case (.timeout, .failure(let error)): #expect(error as? DialogError == .timedOut, "\(title)")
            case (.taskCancelled, .failure(let error)): #expect(error is CancellationError, "\(title)")
            default: Issue.record("\(title): unexpected \(result)")
            }
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 0 && left.dialogs == 0, "\(title): \(left) left behind")
        }
    }

    private func end(_ shown: ShownDialog, by path: Path, task: Task<String?, any Error>) async throws {
        switch path {
        case .clickOK, .clickCancel:
            let center = try #require(await shown.buttonCenter(path == .clickOK ? 1 : 0))
            try Xdotool.click(x: center.x, y: center.y)
        case .returnKey: try Xdotool.key("Return")
        case .escapeKey: try Xdotool.key("Escape")
        case .windowManagerClose: try Xdotool.close(xid: shown.xid)
        case .destroyedByCode: await ShownDialog.destroyFromCode()
        case .timeout: break
        case .taskCancelled: task.cancel()
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

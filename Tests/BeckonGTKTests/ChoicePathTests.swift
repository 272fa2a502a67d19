@testable import Beckon
import BeckonTestSupport
import Foundation
import Testing

/// Every way a choice dialog can end, each many times over, with real windows
/// and real input: the awaiting task resumes exactly once with the right answer,
/// and no window is left behind.
@Suite(.serialized, .guiHangLimit) struct ChoicePathTests {
    /// How a person (or the program) ends the dialog.
    enum Path: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case clickPlainButton, returnKey, escapeKey, windowManagerClose, destroyedByCode, timeout
        var testDescription: String { rawValue }
    }

    /// At least one: BECKON_REPETITIONS=0 must not turn the checks into none.
    static let repetitions = max(1, ProcessInfo.processInfo.environment["BECKON_REPETITIONS"].flatMap(Int.init) ?? 200)

    @Test(arguments: Path.allCases)
    func everyPathResumesOnceWithTheRightAnswer(_ path: Path) async throws {
        try GtkTestLoop.require()
        for round in 0..<Self.repetitions {
            let title = "\(path.rawValue) \(round)"
            let task = Task {
                try await Dialog.choice(
                    Consent.self, title: title, message: "Do you accept?",
                    timeout: path == .timeout ? .milliseconds(20) : nil)
            }
            if path != .timeout {
                let shown = try #require(await ShownDialog.wait(), "\(title): the dialog never got the focus")
                #expect(shown.title == title)
                try await end(shown, by: path)
            }
            let result = await withDeadline(10, title) { await task.result }
            guard let result else { task.cancel(); return }
            switch (path, result) {
            case (.clickPlainButton, .success(let answer)): #expect(answer == .later, "\(title)")
            case (.returnKey, .success(let answer)): #expect(answer == .accept, "\(title)")
            case (.escapeKey, .success(let answer)),
                 (.windowManagerClose, .success(let answer)),
                 (.destroyedByCode, .success(let answer)): #expect(answer == .decline, "\(title)")
            case (.timeout, .failure(let error)): #expect(error as? DialogError == .timedOut, "\(title)")
            default: Issue.record("\(title): unexpected \(result)")
            }
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 0 && left.dialogs == 0, "\(title): \(left) left behind")
        }
    }

    private func end(_ shown: ShownDialog, by path: Path) async throws {
        switch path {
        case .clickPlainButton:
            let center = try #require(await shown.buttonCenter(1))
            try Xdotool.click(x: center.x, y: center.y)
        case .returnKey: try Xdotool.key("Return")
        case .escapeKey: try Xdotool.key("Escape")
        case .windowManagerClose: try Xdotool.close(xid: shown.xid)
        case .destroyedByCode: await ShownDialog.destroyFromCode()
        case .timeout: break
        }
    }

    @Test func theOutcomeTellsEscapeFromAWindowClose() async throws {
        try GtkTestLoop.require()
        for (path, expected) in [(Path.escapeKey, DialogOutcome.escape), (.windowManagerClose, .close),
                                 (.destroyedByCode, .destroyed), (.returnKey, .button(2))] {
            let request = MessageRequest(
                title: "outcome \(path.rawValue)", message: "Which way?",
                buttons: Consent.allCases.map { DialogButton($0.label, role: $0.role) })
            let task = Task { try await Dialog().present(request) }
            let shown = try #require(await ShownDialog.wait())
            try await end(shown, by: path)
            let result = await withDeadline(10, "outcome \(path)") { await task.result }
            #expect(try result?.get() == expected)
        }
    }
}

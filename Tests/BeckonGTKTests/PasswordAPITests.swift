@testable import Beckon
import BeckonTestSupport
import Foundation
import Testing

/// `Dialog.password` on every ending, with real windows and real input: the
/// awaiting task resumes exactly once with the credentials typed, or nil, and
/// no window is left behind.
@Suite(.serialized, .guiHangLimit) struct PasswordWindowTests {
    /// How a person (or the program) ends the dialog.
    enum Path: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case clickOK, returnKey, clickCancel, escapeKey, windowManagerClose, destroyedByCode, timeout, taskCancelled
        var testDescription: String { rawValue }
    }

    static let repetitions = EntryWindowTests.repetitions

    @Test(arguments: Path.allCases)
    func everyPathResumesOnceWithTheRightCredentials(_ path: Path) async throws {
        try GtkTestLoop.require()
        for round in 0..<Self.repetitions {
            let title = "password \(path.rawValue) \(round)"
            let task = Task {
                try await Dialog.password(title: title, askUsername: true,
                                          timeout: path == .timeout ? .seconds(3) : nil)
            }
            let shown = try #require(await ShownDialog.wait(), "\(title): the dialog never got the focus")
            #expect(shown.title == title)
            // Return in the user-name field does not answer: it stays there.
            try Xdotool.type("ann")
            try Xdotool.key("Return")
            try Xdotool.type("e")
            try Xdotool.key("Tab")
            try Xdotool.type("pa|ss \(round)")
            try await end(shown, by: path, task: task)
            let result = await withDeadline(10, title) { await task.result }
            guard let result else { task.cancel(); return }
            switch (path, result) {
            case (.clickOK, .success(let credentials)), (.returnKey, .success(let credentials)):
                #expect(credentials == Credentials(username: "anne", password: "pa|ss \(round)"), "\(title)")
            case (.clickCancel, .success(let credentials)), (.escapeKey, .success(let credentials)),
                 (.windowManagerClose, .success(let credentials)), (.destroyedByCode, .success(let credentials)):
                #expect(credentials == nil, "\(title)")
            case (.timeout, .failure(let error)): #expect(error as? DialogError == .timedOut, "\(title)")
            case (.taskCancelled, .failure(let error)): #expect(error is CancellationError, "\(title)")
            default: Issue.record("\(title): unexpected \(result)")
            }
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 0 && left.dialogs == 0, "\(title): \(left) left behind")
        }
    }

    private func end(_ shown: ShownDialog, by path: Path, task: Task<Credentials?, any Error>) async throws {
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

    @Test func thePasswordAloneWithoutAUserName() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.password(title: "alone") }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.type("s3cret")
        try Xdotool.key("Return")
        #expect(try await withDeadline(10, "alone") { await task.result }?.get() == Credentials(password: "s3cret"))
    }

    @Test func theTimeoutReadsWhatWasTyped() async throws {
        try GtkTestLoop.require()
        let request = PasswordRequest(title: "typed at the timeout", timeout: .seconds(2))
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.type("half")
        let reply = try #require(await withDeadline(10, "timeout") { await task.result }?.get())
        #expect(reply.outcome == .timedOut && reply.value == Credentials(password: "half"))
        // The typed call keeps it to itself.
        #expect(throws: DialogError.timedOut) { try reply.accepted(in: request.frame) }
    }
}

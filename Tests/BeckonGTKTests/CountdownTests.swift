import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestSupport
import CBeckonShim
import CGtk
import Foundation
import Testing

/// The window's countdown reads the session's deadline: at 1.5 s it says 2,
/// then 1, and the dialog times out. The terminal's says the same
/// (EndToEndTests.TerminalCountdownTests), from the same DialogCountdown.
@Suite(.serialized, .guiHangLimit) struct CountdownTests {
    @Test func theWindowCountsFromTheDeadlineAtOneAndAHalfSeconds() async throws {
        try GtkTestLoop.require()
        var request = MessageRequest(title: "countdown", message: "Soon", kind: .info,
                                     buttons: [DialogButton("OK", role: .default)], timeout: .milliseconds(1500))
        request.frame.showsCountdown = true
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        var shown: [String] = []
        let end = Date().addingTimeInterval(20)
        while Date() < end {
            guard let text = await Self.countdownText() else { break } // the window is gone
            if shown.last != text { shown.append(text) }
            try await Task.sleep(for: .milliseconds(5))
        }
        let result = await withDeadline(10, "countdown") { await task.result }
        #expect(try result?.get() == .timedOut)
        #expect(shown == ["Closes in 2 seconds", "Closes in 1 second"])
    }

    /// What the shown window's countdown line says; nil once no window is shown.
    @GtkActor private static func countdownText() -> String? {
        guard let window = DialogQueue.shownWindow, gtk_widget_get_visible(window) != 0,
              let text = beckon_dialog_countdown_text(window) else { return nil }
        return String(cString: text)
    }
}

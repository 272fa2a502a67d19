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

/// Every way a choice dialog can end, each many times over, with real windows
/// and real input: the awaiting task resumes exactly once with the right answer,
/// and no window is left behind.
@Suite(.serialized, .guiHangLimit) struct ChoicePathTests {
    /// The choice's own ending: a click on its plain button, Later.
    enum Own: String, KindPath {
        case clickPlainButton
        var expected: Ending { .accepted }
        func end(_ shown: ShownDialog) async throws { try await shown.clickButton(1) }
    }

    /// At least one: BECKON_REPETITIONS=0 must not turn the checks into none.
    static let repetitions = max(1, ProcessInfo.processInfo.environment["BECKON_REPETITIONS"].flatMap(Int.init) ?? 200)

    @Test(arguments: TestPath<Own>.all([.returnKey, .escapeKey, .windowManagerClose, .destroyedByCode, .timeout]))
    func everyPathResumesOnceWithTheRightAnswer(_ path: TestPath<Own>) async throws {
        try GtkTestLoop.require()
        // A timeout of 20 ms ends the dialog before its window shows.
        try await everyPath(path, "choice", repetitions: Self.repetitions, timeout: .milliseconds(20),
                            timeoutShowsWindow: false) { title, timeout in
            try await Dialog.choice(ThreeWayChoice.self, title: title, message: "Do you accept?", timeout: timeout)
        } check: { answer, path, _, title in
            let wanted: ThreeWayChoice = switch path {
            case .own(.clickPlainButton): .later
            case .shared(.returnKey): .accept
            default: .decline
            }
            #expect(answer == wanted, "\(title)")
        }
    }

    @Test func theOutcomeTellsEscapeFromAWindowClose() async throws {
        try GtkTestLoop.require()
        for (path, expected) in [(Path.escapeKey, DialogOutcome.escape), (.windowManagerClose, .close),
                                 (.destroyedByCode, .destroyed), (.returnKey, .button(2))] {
            let request = MessageRequest(
                title: "outcome \(path)", message: "Which way?",
                buttons: ThreeWayChoice.allCases.map { DialogButton($0.label, role: $0.role) })
            let task = Task { try await Dialog().present(request) }
            let shown = try #require(await ShownDialog.wait())
            try await path.end(shown) { task.cancel() }
            let result = await withDeadline(10, "outcome \(path)") { await task.result }
            #expect(try result?.get() == expected)
        }
    }
}

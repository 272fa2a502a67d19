import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestSupport
import Foundation
import Testing

/// Cancelling the awaiting task ends the dialog with CancellationError, once,
/// whenever it happens: before the window appears, while it is shown, or in a
/// race with a real key press.
@Suite(.serialized, .guiHangLimit) struct CancellationTests {
    static let repetitions = ChoicePathTests.repetitions

    @Test func cancelledBeforeTheDialogAppearsShowsNoWindow() async throws {
        try GtkTestLoop.require()
        for round in 0..<Self.repetitions {
            let task = Task {
                // Cancelled while it waits here, so the choice starts cancelled.
                try? await Task.sleep(for: .seconds(30))
                return try await Dialog.choice(ThreeWayChoice.self, title: "never \(round)", message: "Never shown")
            }
            task.cancel()
            let result = await withDeadline(10, "round \(round)") { await task.result }
            #expect(throws: CancellationError.self) { try result?.get() }
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 0 && left.dialogs == 0)
        }
    }

    @Test func cancelledWhileShownClosesTheWindow() async throws {
        try GtkTestLoop.require()
        for round in 0..<Self.repetitions {
            let task = Task { try await Dialog.choice(ThreeWayChoice.self, title: "shown \(round)", message: "Cancel me") }
            _ = try #require(await ShownDialog.wait())
            task.cancel()
            let result = await withDeadline(10, "round \(round)") { await task.result }
            #expect(throws: CancellationError.self) { try result?.get() }
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 0 && left.dialogs == 0, "round \(round): \(left)")
        }
    }

    @Test func cancellationRacingAKeyPressResumesOnce() async throws {
        try GtkTestLoop.require()
        var answered = 0, cancelled = 0
        var random = SeededRandom("cancellationRacingAKeyPressResumesOnce")
        for round in 0..<Self.repetitions {
            let task = Task { try await Dialog.choice(ThreeWayChoice.self, title: "race \(round)", message: "Race") }
            _ = try #require(await ShownDialog.wait())
            // The key press and the cancellation leave at the same moment.
            async let press: Void = Xdotool.key("Return")
            if round % 2 == 0 {
                try await Task.sleep(for: .microseconds(Int.random(in: 0...3000, using: &random)))
            }
            task.cancel()
            try await press
            let result = await withDeadline(10, "round \(round)") { await task.result }
            switch result {
            case .success(let answer)?: #expect(answer == .accept); answered += 1
            case .failure(let error)?: #expect(error is CancellationError); cancelled += 1
            case nil: break
            }
            // A key press that lost the race must not leak into the next dialog:
            // GTK has handled it before the next round starts.
            try await GtkTestLoop.handleInputSentSoFar()
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 0 && left.dialogs == 0, "round \(round) (seed \(random.seed)): \(left)")
        }
        #expect(answered + cancelled == Self.repetitions)
    }
}

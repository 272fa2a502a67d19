import Beckon
import Testing

/// `Dialog.progress` answered by a ScriptedPresenter: the endings mean what
/// they mean for every kind, without a display.
@Suite struct ProgressAPITests {
    private func progress(_ answer: ScriptedPresenter.Answer) async throws -> ProgressState? {
        let updates = AsyncStream<ProgressUpdate> { $0.finish() }
        return try await Dialog(presenter: ScriptedPresenter([answer])).progress(
            title: "Copying", updates: updates, initialFraction: 0.25)
    }

    @Test func aScriptedEndGivesItsState() async throws {
        let done = ProgressState(fraction: 1, text: "Done", updatesEnded: true)
        #expect(try await progress(.enter(done)) == done)
    }

    @Test func okUntouchedGivesTheStartingState() async throws {
        #expect(try await progress(.button("OK")) == ProgressState(fraction: 0.25))
    }

    @Test(arguments: [ScriptedPresenter.Answer.button("Cancel"), .escape, .close, .destroyed])
    func everyDismissalIsNil(_ answer: ScriptedPresenter.Answer) async throws {
        #expect(try await progress(answer) == nil)
    }

    @Test func theTimeoutThrows() async {
        await #expect(throws: DialogError.timedOut) { try await progress(.timeout) }
    }

    @Test func anotherKindsValueDoesNotFit() async {
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await progress(.enter(5)) }
    }

    @Test func theRequestIsRecorded() async throws {
        let presenter = ScriptedPresenter([.escape])
        _ = try await Dialog(presenter: presenter).progress(title: "Copying", updates: AsyncStream<ProgressUpdate> {
            $0.finish()
        })
        let shown = await presenter.shown
        #expect(shown.count == 1 && shown.first?.title == "Copying" && shown.first is ProgressRequest)
    }
}

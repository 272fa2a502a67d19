import Beckon
import Testing

/// `Dialog.number` answered by a ScriptedPresenter: every ending means the
/// same as for every other kind, without a display.
@Suite struct ScaleAPITests {
    private func number(_ answer: ScriptedPresenter.Answer, in range: ClosedRange<Int> = 0...100,
                        initial: Int? = 40) async throws -> Int? {
        try await Dialog(presenter: ScriptedPresenter([answer])).number(in: range, initial: initial, title: "Volume")
    }

    @Test func enteringANumberGivesIt() async throws {
        #expect(try await number(.enter(73)) == 73)
        #expect(try await number(.enter(-5), in: -10...(-1), initial: -2) == -5)
    }

    @Test func okUntouchedGivesTheInitialNumber() async throws {
        #expect(try await number(.button("OK")) == 40)
        #expect(try await number(.role(.default), initial: nil) == 0)
        #expect(try await number(.buttonAt(1), in: 5...9, initial: nil) == 5)
    }

    @Test(arguments: [ScriptedPresenter.Answer.button("Cancel"), .escape, .close, .destroyed])
    func everyDismissalIsNil(_ answer: ScriptedPresenter.Answer) async throws {
        #expect(try await number(answer) == nil)
    }

    @Test func theTimeoutThrows() async {
        await #expect(throws: DialogError.timedOut) { try await number(.timeout) }
    }

    @Test func aNumberOutsideTheRangeDoesNotFit() async {
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await number(.enter(101)) }
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await number(.enter("5")) }
    }

    @Test(arguments: [(5...5, 5, 1), (0...10, 11, 1), (0...10, -1, 1), (0...10, 5, 0), (0...10, 5, -2),
                      (0...(1 << 60), 0, 1)] as [(ClosedRange<Int>, Int, Int)])
    func requestsNoOneCouldMeanAreRefusedBeforeAnyWindow(range: ClosedRange<Int>, initial: Int, step: Int) async throws {
        let presenter = ScriptedPresenter([.button("OK")])
        await #expect(throws: DialogError.self) {
            try await Dialog(presenter: presenter).number(in: range, initial: initial, step: step)
        }
        #expect(await presenter.shown.isEmpty)
        #expect(await presenter.remaining.count == 1)
    }

    @Test func theRequestShowsWhatWasAsked() async throws {
        let presenter = ScriptedPresenter([.enter(3)])
        _ = try await Dialog(presenter: presenter).number(
            in: 1...9, initial: 2, step: 3, title: "Stars", text: .markup("<b>How many?</b>"), showsValue: false,
            timeout: .seconds(9))
        let request = try #require(await presenter.shown.first as? ScaleRequest)
        #expect(request.title == "Stars" && request.text == .markup("<b>How many?</b>"))
        #expect(request.range == 1...9 && request.initial == 2 && request.step == 3 && !request.showsValue)
        #expect(request.frame.timeout == .seconds(9))
        #expect(request.frame.buttons.map(\.role) == [.cancel, .default])
    }

    @Test func presentGivesTheNumberWithEveryOutcome() async throws {
        let request = ScaleRequest(range: 0...10, initial: 4)
        let presenter = ScriptedPresenter([.escape, .timeout, .enter(9)])
        let dialog = Dialog(presenter: presenter)
        #expect(try await dialog.present(request) == DialogReply(outcome: .escape, value: 4))
        #expect(try await dialog.present(request) == DialogReply(outcome: .timedOut, value: 4))
        #expect(try await dialog.present(request) == DialogReply(outcome: .button(1), value: 9))
    }

    @Test func cancellationIsHonoured() async throws {
        let presenter = ScriptedPresenter([.button("OK")])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Dialog(presenter: presenter).number(in: 0...1)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

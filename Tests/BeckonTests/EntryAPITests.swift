import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// `Dialog.text` answered by a script: every ending means what it means for
/// every typed call.
@Suite struct EntryAPITests {
    private func text(_ answer: ScriptedPresenter.Answer, initial: String = "start",
                      suggestions: [String] = []) async throws -> String? {
        let presenter = ScriptedPresenter([answer])
        return try await Dialog(presenter: presenter).text(
            title: "Name", prompt: "_Name:", text: initial, suggestions: suggestions)
    }

    @Test func acceptedEndingsGiveTheText() async throws {
        #expect(try await text(.enter("Zoë 🎉")) == "Zoë 🎉")
        #expect(try await text(.enter("")) == "")
        // OK without typing gives the initial text.
        #expect(try await text(.button("OK")) == "start")
        #expect(try await text(.role(.default)) == "start")
    }

    @Test func dismissalsGiveNil() async throws {
        for answer: ScriptedPresenter.Answer in [.button("Cancel"), .escape, .close, .destroyed] {
            #expect(try await text(answer) == nil, "\(answer)")
        }
    }

    @Test func theTimeoutThrows() async throws {
        await #expect(throws: DialogError.timedOut) { try await text(.timeout) }
    }

    @Test func cancellationThrowsBeforeAnythingIsShown() async throws {
        let presenter = ScriptedPresenter([.enter("x")])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Dialog(presenter: presenter).text(title: nil, prompt: "p")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aValueOfAnotherKindDoesNotFit() async throws {
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await text(.enter(3)) }
    }

    @Test func theRequestShownHoldsWhatWasAsked() async throws {
        let presenter = ScriptedPresenter([.escape])
        _ = try await Dialog(presenter: presenter).text(
            title: "Pick", prompt: "_Fruit:", text: "fig", suggestions: ["apple", "fig"], hidesText: true,
            timeout: .seconds(9))
        let request = try #require(await presenter.shown.first as? EntryRequest)
        #expect(request.title == "Pick" && request.prompt == "_Fruit:" && request.text == "fig")
        #expect(request.suggestions == ["apple", "fig"] && request.hidesText)
        #expect(request.frame.timeout == .seconds(9))
        #expect(request.frame.buttons.map(\.role) == [.cancel, .default])
    }

    @Test func textGtkWouldCutShortIsRefusedBeforeAnyWindow() async throws {
        let presenter = ScriptedPresenter([.enter("x")])
        await #expect(throws: DialogError.self) {
            try await Dialog(presenter: presenter).text(title: nil, prompt: "p", text: "a\0b")
        }
        #expect(await presenter.shown.isEmpty)
    }
}

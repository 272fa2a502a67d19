import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// `Dialog.showText` and `Dialog.editText` answered by a script: every ending
/// means what it means for every typed call.
@Suite struct TextInfoAPITests {
    private func dialog(_ answers: ScriptedPresenter.Answer...) -> (Dialog, ScriptedPresenter) {
        let presenter = ScriptedPresenter(answers)
        return (Dialog(presenter: presenter), presenter)
    }

    @Test func showTextIsTrueForOKOnly() async throws {
        for answer: ScriptedPresenter.Answer in [.button("OK"), .role(.default)] {
            let (d, _) = dialog(answer)
            #expect(try await d.showText("read me"), "\(answer)")
        }
        for answer: ScriptedPresenter.Answer in [.button("Cancel"), .escape, .close, .destroyed] {
            let (d, _) = dialog(answer)
            #expect(try await d.showText("read me") == false, "\(answer)")
        }
    }

    @Test func theCheckboxMustBeTicked() async throws {
        let (ticked, _) = dialog(.enter(TextInfoContent(text: nil, isChecked: true)))
        #expect(try await ticked.showText("terms", checkbox: "I agree"))
        let (clear, _) = dialog(.button("OK"))
        #expect(try await clear.showText("terms", checkbox: "I agree") == false)
        let (escaped, _) = dialog(.escape)
        #expect(try await escaped.showText("terms", checkbox: "I agree") == false)
    }

    @Test func editTextGivesTheEditedTextExactly() async throws {
        let (typed, _) = dialog(.enter(TextInfoContent(text: "edited\nno newline", isChecked: false)))
        #expect(try await typed.editText("draft") == "edited\nno newline")
        let (untouched, _) = dialog(.button("OK"))
        #expect(try await untouched.editText("draft\n") == "draft\n")
        let (cancelled, _) = dialog(.button("Cancel"))
        #expect(try await cancelled.editText("draft") == nil)
    }

    @Test func theTimeoutThrows() async throws {
        let (d, _) = dialog(.timeout)
        await #expect(throws: DialogError.timedOut) { try await d.editText("x") }
        let (e, _) = dialog(.timeout)
        await #expect(throws: DialogError.timedOut) { try await e.showText("x", checkbox: "ok") }
    }

    @Test func cancellationThrowsBeforeAnythingIsShown() async throws {
        let presenter = ScriptedPresenter([.button("OK")])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Dialog(presenter: presenter).showText("x")
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await presenter.shown.isEmpty)
    }

    @Test func valuesOfAnotherKindDoNotFit() async throws {
        // Text for a read-only dialog, a checkbox where there is none, a number.
        let (readOnly, _) = dialog(.enter(TextInfoContent(text: "x", isChecked: false)))
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await readOnly.showText("x") }
        let (noBox, _) = dialog(.enter(TextInfoContent(text: nil, isChecked: true)))
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await noBox.editText("x") }
        let (number, _) = dialog(.enter(3))
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await number.editText("x") }
    }

@Test func webAddressesGetHTTPOnlyWithoutAScheme() {
        #expect(TextInfoWindow.webAddress("example.org/a") == "http://example.org/a")
        #expect(TextInfoWindow.webAddress("localhost:8080") == "http://localhost:8080")
        #expect(TextInfoWindow.webAddress("https://example.org") == "https://example.org")
        #expect(TextInfoWindow.webAddress("file:///tmp/a.html") == "file:///tmp/a.html")
    }

    @Test func theRequestShownHoldsWhatWasAsked() async throws {
        let (d, presenter) = dialog(.escape)
        _ = try await d.showText("body", checkbox: "Agree", title: "Licence", font: "Serif 11", wraps: false,
                                 timeout: .seconds(9))
        let request = try #require(await presenter.shown.first as? TextInfoRequest)
        #expect(request.title == "Licence" && request.source == .text("body"))
        #expect(request.checkbox == "Agree" && request.font == "Serif 11" && !request.wraps && !request.isEditable)
        #expect(request.frame.timeout == .seconds(9))
        #expect(request.frame.buttons.map(\.role) == [.cancel, .default])
        #expect(request.frame.width == 300 && request.frame.height == 400)
    }
}

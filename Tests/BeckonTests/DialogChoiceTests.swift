import Beckon
import Testing

/// How `Dialog.choice` maps a choice enum to a request and an outcome back to a case.
@Suite struct DialogChoiceTests {
    enum Delete: DialogChoice {
        case keep, delete, archive
        static let dismissal = Delete.keep
        var label: String { "\(self)" }
        var role: DialogRole {
            switch self { case .keep: .cancel; case .delete: .destructive; case .archive: .default }
        }
    }

    @Test func buttonsFollowTheCasesAndTheirRoles() async throws {
        let presenter = ScriptedPresenter([.buttonAt(1)])
        let answer = try await Dialog(presenter: presenter).choice(Delete.self, title: "Delete?", message: "<b>x</b>")
        #expect(answer == .delete)
        let request = try #require(await presenter.shown.first as? MessageRequest)
        #expect(request.frame.buttons == [DialogButton("keep", role: .cancel), DialogButton("delete", role: .destructive),
                                    DialogButton("archive", role: .default)])
        #expect(request.frame.defaultButtonIndex == 2)
        // Plain text by default: markup from a string is not interpreted.
        #expect(request.message == .plain("<b>x</b>"))
        #expect(!request.message.isMarkup)
    }

    @Test func markupIsAnExplicitOptIn() async throws {
        let presenter = ScriptedPresenter([.escape])
        let answer = try await Dialog(presenter: presenter).choice(
            Delete.self, title: nil, message: .markup("<b>Sure?</b>"), kind: .warning)
        #expect(answer == .keep)
        #expect((await presenter.shown.first as? MessageRequest)?.message.isMarkup == true)
        #expect((await presenter.shown.first as? MessageRequest)?.kind == .warning)
    }

    @Test func timeoutThrowsTimedOut() async throws {
        await #expect(throws: DialogError.timedOut) {
            try await Dialog(presenter: ScriptedPresenter([.timeout])).choice(Delete.self, title: nil, message: "m")
        }
    }

    @Test func dismissalsAreTheEndingsWithoutAButton() {
        #expect(DialogOutcome.escape.isDismissal)
        #expect(!DialogOutcome.timedOut.isDismissal)
        #expect(!DialogOutcome.button(0).isDismissal)
    }
}

import Beckon
import Testing
@testable import TermsWorkflow

/// The example workflow, driven by a scripted presenter: no display, no GTK.
@Suite struct ScriptedWorkflowTests {
    private func workflow(_ presenter: ScriptedPresenter, signedIn: @escaping @Sendable () -> Void = {}) -> TermsWorkflow {
        TermsWorkflow(
            dialog: Dialog(presenter: presenter),
            fetchTerms: { .init(version: "7", summary: "Be kind.") },
            signIn: { signedIn(); return "ada" })
    }

    @Test func acceptingSignsIn() async throws {
        let presenter = ScriptedPresenter([.button("Accept")])
        #expect(try await workflow(presenter).run() == .signedIn(user: "ada"))
        let shown = await presenter.shown.compactMap { $0 as? MessageRequest }
        #expect(shown.count == 1)
        #expect(shown.first?.title == "Terms of Use")
        #expect(shown.first?.detail == .plain("Be kind."))
        #expect(shown.first?.frame.buttons.map(\.label) == ["_Decline", "_Accept"])
        #expect(shown.first?.frame.defaultButtonIndex == 1)
    }

    @Test(arguments: [ScriptedPresenter.Answer.button("_Decline"), .escape, .close, .destroyed, .role(.cancel)])
    func everyWayOutButAcceptDeclines(_ answer: ScriptedPresenter.Answer) async throws {
        #expect(try await workflow(ScriptedPresenter([answer])).run() == .declined)
    }

    @Test func aTimeoutIsToldApartFromADecline() async throws {
        #expect(try await workflow(ScriptedPresenter([.timeout])).run() == .timedOut)
    }

    @Test func aScriptThatRunsOutThrowsInsteadOfHanging() async throws {
        await #expect(throws: ScriptedPresenter.ScriptError.self) {
            try await workflow(ScriptedPresenter([])).run()
        }
    }

    @Test func cancellationIsHonoured() async throws {
        let presenter = ScriptedPresenter([.button("Accept")])
        let task = Task { try await withUnsafeCurrentTask { $0?.cancel() }; return try await workflow(presenter).run() }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// `Dialog.password` answered by a script: every ending means what it means
/// for every typed call, and a declined dialog hands no password on.
@Suite struct PasswordAPITests {
    private func password(_ answer: ScriptedPresenter.Answer, askUsername: Bool = false) async throws -> Credentials? {
        try await Dialog(presenter: ScriptedPresenter([answer])).password(
            askUsername: askUsername, username: "ann")
    }

    @Test func acceptedEndingsGiveTheCredentials() async throws {
        #expect(try await password(.enter(Credentials(password: "pä|ss"))) == Credentials(password: "pä|ss"))
        #expect(try await password(.enter(Credentials(password: "pw")), askUsername: true) == Credentials(username: "ann", password: "pw"))
        #expect(try await password(.enter(Credentials(username: "bob", password: "pw")), askUsername: true)
                == Credentials(username: "bob", password: "pw"))
        #expect(try await password(.button("OK")) == Credentials(password: ""))
    }

    @Test func dismissalsGiveNil() async throws {
        for answer: ScriptedPresenter.Answer in [.button("Cancel"), .escape, .close, .destroyed] {
            #expect(try await password(answer, askUsername: true) == nil, "\(answer)")
        }
    }

    @Test func theTimeoutThrows() async throws {
        await #expect(throws: DialogError.timedOut) { try await password(.timeout) }
    }

    @Test func aLoginWithoutAUserNameFieldDoesNotFit() async throws {
        await #expect(throws: ScriptedPresenter.ScriptError.self) {
            try await password(.enter(Credentials(username: "bob", password: "pw")))
        }
    }

    @Test func cancellationThrows() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Dialog(presenter: ScriptedPresenter([.escape])).password()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func theRequestShownHoldsWhatWasAsked() async throws {
        let presenter = ScriptedPresenter([.escape])
        _ = try await Dialog(presenter: presenter).password(title: "Vault", askUsername: true, username: "ann")
        let request = try #require(await presenter.shown.first as? PasswordRequest)
        #expect(request.title == "Vault" && request.asksUsername && request.username == "ann")
        #expect(request.heading == "Type your username and password")
        #expect(PasswordRequest().heading == "Type your password")
        #expect(PasswordRequest(heading: "Key").heading == "Key")
    }
}

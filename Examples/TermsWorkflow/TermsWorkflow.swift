import Beckon

/// The post's workflow in one task: fetch the latest terms, ask, then sign in
/// or stop. Every dependency is injected, so a unit test can run it with a
/// ``ScriptedPresenter`` and no display.
struct TermsWorkflow: Sendable {
    /// The terms as a server would send them.
    struct LatestTerms: Sendable, Equatable {
        var version: String
        var summary: String
    }

    /// How the workflow ended.
    enum Result: Sendable, Equatable {
        case signedIn(user: String)
        case declined
        case timedOut
    }

    var dialog: Dialog
    var fetchTerms: @Sendable () async throws -> LatestTerms
    var signIn: @Sendable () async throws -> String
    var timeout: Duration? = nil

    func run() async throws -> Result {
        let terms = try await fetchTerms()
        let answer: Consent
        do {
            answer = try await dialog.choice(
                title: "Terms of Use",
                message: "Please accept the Terms of Use (version \(terms.version)) to sign in.",
                detail: terms.summary,
                kind: .question,
                timeout: timeout)
        } catch DialogError.timedOut {
            return .timedOut
        }
        switch answer {
        case .accept: return .signedIn(user: try await signIn())
        case .decline: return .declined
        }
    }
}

/// The two answers; Escape and a window close decline.
enum Consent: DialogChoice {
    case decline, accept

    static let dismissal = Consent.decline

    var label: String { self == .accept ? "_Accept" : "_Decline" }
    var role: DialogRole { self == .accept ? .default : .cancel }
}

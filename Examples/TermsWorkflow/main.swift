import Beckon
import Glibc

/// Stands in for a server: the terms arrive after a short network delay.
@Sendable func fetchLatestTerms() async throws -> TermsWorkflow.LatestTerms {
    try await Task.sleep(for: .milliseconds(50))
    return TermsWorkflow.LatestTerms(
        version: "2026-11",
        summary: "You keep your data. We keep it safe, use it only to run the service, and delete it when you ask.")
}

/// Signing in updates app state that lives on the main actor: this hop works
/// because GtkRuntime drains the dispatch main queue on GTK's loop.
@MainActor final class Session {
    static let shared = Session()
    var user: String?
}

@Sendable func signIn() async throws -> String {
    await MainActor.run {
        Session.shared.user = getenv("USER").map { String(cString: $0) } ?? "you"
        return Session.shared.user!
    }
}

let workflow = TermsWorkflow(dialog: Dialog(), fetchTerms: fetchLatestTerms, signIn: signIn)
do {
    let result = try GtkRuntime.run { @GtkActor in try await workflow.run() }
    switch result {
    case .signedIn(let user):
        print("accepted: signed in as \(user)")
        exit(0)
    case .declined:
        print("declined: not signed in")
        exit(1)
    case .timedOut:
        print("timed out: not signed in")
        exit(5)
    }
} catch {
    let message = "TermsWorkflow: \(error)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(255)
}

import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// A login gate (``TermsOptions/gate``) closes only with an answer: the library
/// refuses one that could close by itself, before any window (or GTK) is needed.
@Suite struct TermsLoginGateOptionsTests {
    static let terms = TermsDocument(markdown: "# Terms\n\nBe nice.\n")

    @Test func aGateWithATimeoutIsAnError() async {
        var options = TermsOptions()
        options.gate = true
        options.timeout = .seconds(30)
        await #expect(throws: TermsError.gateWithTimeout) { try await Terms.present(Self.terms, options: options) }
    }

    @Test func aGateWithADeadlineIsAnError() async {
        var options = TermsOptions()
        options.gate = true
        options.deadline = .now + .seconds(30)
        await #expect(throws: TermsError.gateWithTimeout) { try await Terms.present(Self.terms, options: options) }
    }

    @Test func theErrorSaysWhy() {
        #expect(TermsError.gateWithTimeout.description == "a gate cannot have a timeout: only Accept or Decline ends it")
    }

    @Test func aTimeoutWithoutAGateIsNoError() throws {
        var options = TermsOptions()
        options.timeout = .seconds(30)
        try options.checkGate()
        options.gate = true
        options.timeout = nil
        try options.checkGate()
    }
}

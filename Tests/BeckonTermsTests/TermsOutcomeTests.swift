@testable import BeckonConsent
@testable import BeckonTerms
import Testing

/// The journal's event for each way the terms window can end.
@Suite struct TermsOutcomeTests {
    @Test func aDialogsOutcomeNamesItsEvent() {
        let record = ConsentRecord(id: "org.example.A", version: "1", sha256: String(repeating: "a", count: 64),
                                   acceptedAt: "2026-01-02T03:04:05Z", user: "tester")
        #expect(ConsentJournal.Event(.accepted(nil)) == .accepted)
        #expect(ConsentJournal.Event(.declined) == .declined)
        #expect(ConsentJournal.Event(.dismissed) == .dismissed)
        #expect(ConsentJournal.Event(.timedOut) == .timeout)
        #expect(ConsentJournal.Event(.alreadyAccepted(record)) == nil)
    }
}

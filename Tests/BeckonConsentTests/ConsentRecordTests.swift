@testable import BeckonConsent
@testable import BeckonIO
@testable import BeckonJSON
import Testing

@Suite struct ConsentRecordTests {
    @Test func aNewRecordHoldsTheDigestTimeAndUser() {
        let document = TermsDocument(markdown: "# Terms")
        let record = ConsentRecord(accepting: document, id: "org.example.A", version: "2")
        #expect(record.sha256 == document.sha256)
        #expect(record.version == "2")
        #expect(!record.user.isEmpty)
        // ISO 8601 in UTC to the second: 2026-11-29T21:46:24Z
        #expect(record.acceptedAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
    }

    @Test func jsonRoundTrips() throws {
        let record = ConsentRecord(id: "org.example.A", version: nil, sha256: "ab", acceptedAt: "t", user: "u")
        let parsed = try JSONValue(parsing: record.json.serialized())
        #expect(ConsentRecord(json: parsed) == record)
        #expect(parsed["version"] == .null)
    }

    @Test func malformedJSONIsNotARecord() {
        #expect(ConsentRecord(json: .object([("id", .string("a"))])) == nil)
        #expect(ConsentRecord(json: .object([
            ("id", .string("a")), ("version", .int(3)), ("sha256", .string("x")),
            ("accepted_at", .string("t")), ("user", .string("u")),
        ])) == nil)
    }

    @Test func coversComparesTheDigestAndTheVersionWhenGiven() {
        let document = TermsDocument(markdown: "Terms")
        let record = ConsentRecord(accepting: document, id: "a", version: "1")
        #expect(record.covers(document, version: "1"))
        #expect(record.covers(document, version: nil))
        #expect(!record.covers(document, version: "2"))
        #expect(!record.covers(TermsDocument(markdown: "Terms."), version: "1"))
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms --audit` on the local journal: in this suite, because its
/// tests start and stop the journald they write to, one at a time.
extension ConsentJournalEndToEndTests {
    /// The local journal, after real answers: `--audit` with no source reads it.
    @Test func auditReadsTheLocalJournalsRealAcceptance() throws {
        let journal = try Journal()
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let id = "org.beckon.audit.\(UUID().uuidString.prefix(8))"
        let accepted = try fixture.run(answering: .accept, ["--file", terms, "--id", id, "--version", "3"])
        #expect(accepted.exitCode == 0, "\(accepted)")
        _ = try poll("the acceptance of \(id) in the journal", seconds: 10) { try journal.entries(id) } until: { !$0.isEmpty }
        // Audited through the harness, which wrote the entries: an audit trusts
        // its own executable's entries (`_EXE`), as the gate does.
        let start = try run(Products.termsHarness, ["accept", "--audit", "--id", id, "--json"])
        #expect(start.exitCode == 0, "\(start)")
        // One object a line: the window shown, then its answer.
        let events = try start.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(events.map { $0["outcome"] as? String } == ["shown", "accepted"], "\(events)")
        let event = try #require(events.last)
        #expect(event["id"] as? String == id && event["version"] as? String == "3" && event["outcome"] as? String == "accepted")
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count)
        #expect(event["user"] as? String == NSUserName() && event["host"] as? String == String(cString: name), "\(event)")
        #expect(event["sha256"] as? String == (try TermsFixture.sha256(terms)))
        #expect(event["trust"] as? String == "trusted" && event["sender_user"] as? String == NSUserName(), "\(event)")
        // The real beckon, another executable, lists them only as untrusted.
        let other = try run(Products.beckon, ["terms", "--audit", "--id", id, "--json", "--include-untrusted"])
        #expect(other.exitCode == 0 && other.stdout.contains("\"trust\":\"not-beckon\""), "\(other)")
    }
}

@testable import Beckon
import Testing

/// The journal entry's fields, without a journal: what an admin's query sees.
@Suite struct ConsentJournalTests {
    let record = ConsentRecord(id: "org.example.Product", version: "3", sha256: String(repeating: "ab", count: 32),
                               acceptedAt: "2026-11-30T12:00:00Z", user: "ada")

    @Test func anAcceptanceCarriesItsFixedMessageIDAndTheRecord() {
        let fields = ConsentJournal.fields(for: record, event: .accepted)
        #expect(fields == [
            "MESSAGE_ID=2f785ec9ad14419d8cfe503169eac6ed",
            "MESSAGE=ada accepted the terms org.example.Product version 3 (sha256 \(record.sha256))",
            "PRIORITY=6",
            "SYSLOG_IDENTIFIER=beckon",
            "BECKON_EVENT=accepted",
            "BECKON_TERMS_ID=org.example.Product",
            "BECKON_TERMS_VERSION=3",
            "BECKON_TERMS_SHA256=\(record.sha256)",
            "BECKON_ACCEPTED_AT=2026-11-30T12:00:00Z",
            "BECKON_USER=ada",
        ])
    }

    @Test func aRevocationHasItsOwnMessageID() {
        var unversioned = record
        unversioned.version = nil
        let fields = ConsentJournal.fields(for: unversioned, event: .revoked)
        #expect(fields.first == "MESSAGE_ID=7e0acd1d718b4e948549f13aadd662c2")
        #expect(fields.contains("MESSAGE=ada revoked the acceptance of the terms org.example.Product (sha256 \(record.sha256))"))
        #expect(fields.contains("BECKON_EVENT=revoked"))
        #expect(fields.contains("BECKON_TERMS_VERSION="))
    }

    @Test func journalFieldNamesAreWhatTheJournalAccepts() {
        // Upper-case letters, digits and underscores, not starting with one (systemd.journal-fields(7)).
        for field in ConsentJournal.fields(for: record, event: .accepted) {
            let name = field.prefix { $0 != "=" }
            #expect(!name.isEmpty && name.first != "_" && name.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" },
                    "\(name)")
        }
    }

    @Test func onlyTheStandardStoreWritesToTheJournal() throws {
        #expect(!ConsentStore(directory: "/tmp/x").logsToJournal)
    }
}

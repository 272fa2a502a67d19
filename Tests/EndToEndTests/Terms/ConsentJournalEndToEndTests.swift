import BeckonTestSupport
import Foundation
import Testing

/// Accept and revoke in `beckon terms` land in the system journal, read back
/// with journalctl. Where no journald runs (a CI container), the test starts
/// one, as root can; it stops it again afterwards.
@Suite(.serialized, .guiHangLimit) struct ConsentJournalEndToEndTests {
    static let socket = "/run/systemd/journal/socket"

    /// A journald to write to: the running one, or one started here.
    final class Journal {
        var started: RunningProcess?

        init() throws {
            if Self.journaldRuns() { return }
            try #require(getuid() == 0, "no journald runs and only root can start one")
            let journald = "/lib/systemd/systemd-journald"
            try #require(FileManager.default.isExecutableFile(atPath: journald), "\(journald) is missing (systemd)")
            try FileManager.default.createDirectory(atPath: "/run/systemd/journal", withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: ConsentJournalEndToEndTests.socket)
            started = try RunningProcess(journald, [])
            try poll("journald's socket", seconds: 10) {
                FileManager.default.fileExists(atPath: ConsentJournalEndToEndTests.socket)
            } until: { $0 }
        }

        deinit {
            if let started {
                kill(started.pid, SIGTERM)
                _ = started.wait(deadline: 10)
            }
        }

        /// Whether a systemd-journald process runs here (a socket file alone
        /// may be left by one that has gone).
        static func journaldRuns() -> Bool { ConsentJournalEndToEndTests.journaldPID() != nil }

        /// The entries of `id`, as journalctl's JSON objects.
        func entries(_ id: String) throws -> [[String: Any]] {
            let output = try run("/usr/bin/journalctl", ["BECKON_TERMS_ID=\(id)", "--output=json", "--no-pager"]).stdout
            return output.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
    }

    @Test func acceptAndRevokeAreStructuredJournalEntries() throws {
        let journal = try Journal()
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let id = "org.beckon.journal.\(UUID().uuidString.prefix(8))"
        let accepted = try fixture.run(answering: .accept, ["--file", terms, "--id", id, "--version", "3"])
        #expect(accepted.exitCode == 0, "\(accepted)")
        let sha = try TermsFixture.sha256(terms)
        // The record's entries only: every outcome writes one (ConsentJournalEndToEndTests+Events.swift).
        let recordEntries = { try journal.entries(id).filter { ["accepted", "revoked"].contains($0["BECKON_EVENT"] as? String) } }
        let first = try poll("the acceptance of \(id) in the journal", seconds: 10) { try recordEntries() }
            until: { !$0.isEmpty }
        let entry = try #require(first.first)
        #expect(entry["MESSAGE_ID"] as? String == "2f785ec9ad14419d8cfe503169eac6ed", "\(entry)")
        #expect(entry["BECKON_EVENT"] as? String == "accepted")
        #expect(entry["BECKON_TERMS_VERSION"] as? String == "3")
        #expect(entry["BECKON_TERMS_SHA256"] as? String == sha)
        #expect(entry["BECKON_USER"] as? String == NSUserName(), "\(entry)")
        #expect(entry["SYSLOG_IDENTIFIER"] as? String == "beckon")
        let record = try #require(fixture.records().first { $0["id"] as? String == id })
        #expect(entry["BECKON_ACCEPTED_AT"] as? String == record["accepted_at"] as? String)

        let revoked = try fixture.run(["--id", id, "--revoke"])
        #expect(revoked.exitCode == 0, "\(revoked)")
        let both = try poll("the revocation of \(id) in the journal", seconds: 10) { try recordEntries() }
            until: { $0.count == 2 }
        #expect(both.last?["MESSAGE_ID"] as? String == "7e0acd1d718b4e948549f13aadd662c2")
        #expect(both.last?["BECKON_EVENT"] as? String == "revoked")
    }
}

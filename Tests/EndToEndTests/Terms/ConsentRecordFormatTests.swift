import BeckonTestSupport
import Foundation
import Testing

/// The record file is versioned ("format": 1): a file a newer beckon wrote,
/// with fields this one does not know, is no corruption. `beckon terms` reads
/// it, keeps what it does not know when it rewrites a format-1 file, and
/// refuses to rewrite a newer format, saying what to do.
@Suite(.serialized) struct ConsentRecordFormatTests {
    static let sha = String(repeating: "c", count: 64)

    @Test func unknownFieldsOfTheSameFormatSurviveAnAcceptInTheCommand() throws {
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        try fixture.writeRecordFile(Data("""
            {"format": 1, "signed_by": "fleet", "records": [{"id": "org.example.Old", "version": "1", "sha256": "\(Self.sha)",
             "accepted_at": "2026-01-02T03:04:05Z", "user": "tester", "seat": "seat1", "witness": {"name": "ada"}}]}
            """.utf8))
        let accepted = try fixture.run(answering: .accept, ["--file", terms, "--id", "org.example.New"])
        #expect(accepted.exitCode == 0 && accepted.stderr.isEmpty, "\(accepted)")
        #expect(try fixture.corruptFiles().isEmpty)
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.recordFile)))
                                as? [String: Any])
        #expect(file["format"] as? Int == 1 && file["signed_by"] as? String == "fleet", "\(file)")
        let old = try #require(try fixture.records().first { $0["id"] as? String == "org.example.Old" })
        #expect(old["seat"] as? String == "seat1" && (old["witness"] as? [String: Any])?["name"] as? String == "ada", "\(old)")
        let status = try fixture.run(["--status", "--id", "org.example.Old", "--json"])
        #expect(status.exitCode == 0 && status.stdout.contains(#""seat":"seat1""#), "\(status)")
    }

    @Test func aNewerFormatIsReadButRefusedForChangesSayingWhatToDo() throws {
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let newer = Data("""
            {"format": 2, "records": [{"id": "org.example.Old", "version": "1", "sha256": "\(Self.sha)",
             "accepted_at": "2026-01-02T03:04:05Z", "user": "tester", "signature": "xyz"}], "signer": "fleet"}
            """.utf8)
        try fixture.writeRecordFile(newer)
        let status = try fixture.run(["--status", "--id", "org.example.Old", "--json"])
        #expect(status.exitCode == 0 && status.stdout.contains(#""signature":"xyz""#) && status.stderr.isEmpty, "\(status)")
        let accepted = try fixture.run(answering: .accept, ["--file", terms, "--id", "org.example.New"])
        #expect(accepted.exitCode == 255, "\(accepted)")
        for words in ["written by a newer beckon (format 2)", "leaves the file as it is", "Use that newer beckon",
                      "move the file aside"] {
            #expect(accepted.stderr.contains(words), "\(words) not in \(accepted.stderr)")
        }
        let revoked = try fixture.run(["--revoke", "--id", "org.example.Old"])
        #expect(revoked.exitCode == 255 && revoked.stderr.contains("newer beckon"), "\(revoked)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.recordFile)) == newer)
        #expect(try fixture.corruptFiles().isEmpty)
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// A crafted record file, as a hostile program or a broken disk leaves one:
/// every store operation of `beckon terms` warns, reads no records, and the
/// next write moves the file aside. Never a crash (json-glib recursed itself
/// to death on nested arrays: exit 139) and never a long read.
@Suite(.guiHangLimit) struct CraftedConsentFileTests {
    static let noDisplay = ["DISPLAY": "", "WAYLAND_DISPLAY": ""]

    /// 100 KB: `{"format":1,"records":[],"x":[[[…]]]}`, 50,000 levels deep.
    static let nested = Data((#"{"format":1,"records":[],"x":"# + String(repeating: "[", count: 50_000)
                              + String(repeating: "]", count: 50_000) + "}").utf8)

    static let depthWarning = "nested deeper than 128 levels"

    @Test func statusOnNestedArraysWarnsAndFindsNoRecord() throws {
        let fixture = try TermsFixture()
        try fixture.writeRecordFile(Self.nested)
        let status = try fixture.run(["--status", "--id", "a"])
        #expect(status.exitCode == 1, "\(status)")
        #expect(status.stderr.contains(Self.depthWarning), "\(status)")
        #expect(status.stderr.contains("reading it as holding no records"), "\(status)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.recordFile)) == Self.nested) // a read changes nothing
    }

    @Test func onceOnNestedArraysWarnsAndAsks() throws {
        let fixture = try TermsFixture()
        try fixture.writeRecordFile(Self.nested)
        // The product, without a display: the window cannot open, but nothing crashed first.
        let product = try fixture.run(["--once", "--id", "a", "--file", TermsFixture.sample, "--no-tty"],
                                      environment: Self.noDisplay)
        #expect(product.exitCode == 255, "\(product)")
        #expect(product.stderr.contains(Self.depthWarning), "\(product)")
        // Asked (and declined): no record let --once skip the terms.
        let declined = try fixture.run(answering: .decline, ["--once", "--id", "a", "--file", TermsFixture.sample, "--json"])
        #expect(declined.exitCode == 1, "\(declined)")
        #expect(declined.stdout.contains(#""declined""#), "\(declined)")
        #expect(declined.stderr.contains(Self.depthWarning), "\(declined)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.recordFile)) == Self.nested)
    }

    @Test func revokeOnNestedArraysMovesTheFileAside() throws {
        let fixture = try TermsFixture()
        try fixture.writeRecordFile(Self.nested)
        let revoke = try fixture.run(["--revoke", "--id", "a"])
        #expect(revoke.exitCode == 1, "\(revoke)") // no record to revoke
        #expect(revoke.stderr.contains(Self.depthWarning) && revoke.stderr.contains("moved it to"), "\(revoke)")
        let aside = try fixture.corruptFiles()
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.stateHome + "/beckon/" + aside[0])) == Self.nested)
    }

    @Test func acceptOnNestedArraysMovesTheFileAsideAndRecords() throws {
        let fixture = try TermsFixture()
        try fixture.writeRecordFile(Self.nested)
        let accepted = try fixture.run(answering: .accept, ["--id", "a", "--file", TermsFixture.sample])
        #expect(accepted.exitCode == 0, "\(accepted)")
        #expect(accepted.stderr.contains(Self.depthWarning) && accepted.stderr.contains("started a new record file"),
                "\(accepted)")
        #expect(try fixture.records().compactMap { $0["id"] as? String } == ["a"])
        #expect(try fixture.corruptFiles().count == 1)
        // And the new file answers --once without a window.
        #expect(try fixture.run(["--once", "--id", "a", "--file", TermsFixture.sample], environment: Self.noDisplay)
            .exitCode == 0)
    }

    /// A valid file with a record that would let --once pass, padded past 8 MiB.
    @Test func aFileOverTheSizeBoundIsNotReadAndIsMovedAsideOnWrite() throws {
        let fixture = try TermsFixture()
        var bytes = try TermsFixture.plantedRecords(id: "org.beckon.big", terms: TermsFixture.sample)
        bytes.append(Data(repeating: UInt8(ascii: " "), count: 8 << 20))
        try fixture.writeRecordFile(bytes)
        let status = try fixture.run(["--status", "--id", "org.beckon.big"])
        #expect(status.exitCode == 1, "\(status)")
        #expect(status.stderr.contains("it is larger than 8 MiB"), "\(status)")
        let once = try fixture.run(answering: .decline, ["--once", "--id", "org.beckon.big", "--file", TermsFixture.sample])
        #expect(once.exitCode == 1, "the record in a file too large to read let --once pass: \(once)")

        let accepted = try fixture.run(answering: .accept, ["--id", "org.beckon.big", "--file", TermsFixture.sample])
        #expect(accepted.exitCode == 0, "\(accepted)")
        #expect(accepted.stderr.contains("it is larger than 8 MiB") && accepted.stderr.contains("moved it to"), "\(accepted)")
        #expect(try fixture.corruptFiles().count == 1)
        #expect(try fixture.records().count == 1)
    }

    @Test func tenThousandRecordsStillWork() throws {
        let fixture = try TermsFixture()
        let digest = try TermsFixture.sha256(TermsFixture.sample)
        let records = (0..<10_000).map { i in
            ["id": "org.filler.\(i)", "version": "1", "sha256": digest, "accepted_at": "2026-01-01T00:00:00Z",
             "user": "filler"]
        }
        try fixture.writeRecordFile(try JSONSerialization.data(withJSONObject: ["format": 1, "records": records]))
        #expect(try fixture.run(["--status", "--id", "org.filler.9999"]).exitCode == 0)
        #expect(try fixture.run(answering: .accept, ["--id", "org.beckon.new", "--file", TermsFixture.sample]).exitCode == 0)
        #expect(try fixture.records().count == 10_001)
        let once = try fixture.run(["--once", "--id", "org.beckon.new", "--file", TermsFixture.sample],
                                   environment: Self.noDisplay)
        #expect(once.exitCode == 0 && once.stderr.isEmpty, "\(once)")
    }
}

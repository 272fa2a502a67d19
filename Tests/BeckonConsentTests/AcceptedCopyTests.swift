@testable import BeckonConsent
@testable import BeckonIO
@testable import BeckonJSON
import Foundation
import Testing

/// The copy of the accepted terms beside the record: kept 0600 on accept,
/// bounded, removed on revoke, and any crafted copy ignored with a warning.
@Suite struct AcceptedCopyTests {
    typealias Fixture = ConsentStoreTests.Fixture

    let terms = TermsDocument(markdown: "# Use\n\nBe kind.\n")

    func accept(_ document: TermsDocument, _ fixture: Fixture, id: String = "org.example.A") throws -> ConsentRecord {
        let record = ConsentRecord(accepting: document, id: id, version: "1")
        try fixture.store.saveAccepting(document, as: record)
        return record
    }

    @Test func acceptingKeepsAPrivateCopyThatReadsBack() throws {
        let fixture = Fixture()
        let record = try accept(terms, fixture)
        let path = fixture.store.acceptedCopyPath(id: record.id)
        #expect(try fixture.mode(path) == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(terms.bytes))
        #expect(fixture.store.acceptedCopy(of: record) == terms.markdown)
        #expect(try fixture.store.record(id: record.id) == record)
        #expect(fixture.warnings.all.isEmpty)
        // No temporary file is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.store.directory)
        #expect(names.filter { $0.hasPrefix(".") }.isEmpty, "\(names)")
    }

    @Test func theFileNameIsSafeWhateverTheId() throws {
        let fixture = Fixture()
        let id = "../../etc/passwd\n\u{0}/x"
        let record = try accept(terms, fixture, id: id)
        let name = URL(fileURLWithPath: fixture.store.acceptedCopyPath(id: id)).lastPathComponent
        #expect(name.wholeMatch(of: /accepted-[0-9a-f]{64}\.md/) != nil)
        #expect(fixture.store.acceptedCopyPath(id: id).hasPrefix(fixture.store.directory + "/accepted-"))
        #expect(fixture.store.acceptedCopy(of: record) == terms.markdown)
    }

    @Test func termsOverTheBoundKeepNoCopyAndDropAnOlderOne() throws {
        let fixture = Fixture()
        _ = try accept(terms, fixture)
        let huge = TermsDocument(markdown: String(repeating: "x", count: ConsentStore.maximumCopySize + 1))
        let record = try accept(huge, fixture)
        #expect(!FileManager.default.fileExists(atPath: fixture.store.acceptedCopyPath(id: record.id)))
        #expect(fixture.store.acceptedCopy(of: record) == nil)
        #expect(try fixture.store.record(id: record.id) == record) // the record itself is kept
    }

    @Test func termsNotInUTF8KeepNoCopy() throws {
        let fixture = Fixture()
        let latin1 = TermsDocument(bytes: [0x43, 0x61, 0x66, 0xE9, 0x0A], localeCharset: "UTF-8")
        let record = try accept(latin1, fixture)
        #expect(fixture.store.acceptedCopy(of: record) == nil)
        #expect(fixture.warnings.all.isEmpty)
    }

    @Test func aRevokeRemovesTheCopy() throws {
        let fixture = Fixture()
        let record = try accept(terms, fixture)
        try fixture.store.remove(id: record.id)
        #expect(!FileManager.default.fileExists(atPath: fixture.store.acceptedCopyPath(id: record.id)))
    }

    /// Replaces the copy with what `craft` makes at its path; expects it ignored with a warning.
    func expectIgnored(_ reason: String, _ craft: (String) throws -> Void) throws {
        let fixture = Fixture()
        let record = try accept(terms, fixture)
        let path = fixture.store.acceptedCopyPath(id: record.id)
        try FileManager.default.removeItem(atPath: path)
        try craft(path)
        #expect(fixture.store.acceptedCopy(of: record) == nil, "\(reason)")
        #expect(fixture.warnings.all.contains { $0.contains(path) && $0.contains(reason) }, "\(fixture.warnings.all)")
    }

    @Test func aSymbolicLinkIsIgnored() throws {
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("copy-target-\(UUID())").path
        try Data(terms.bytes).write(to: URL(fileURLWithPath: other))
        defer { try? FileManager.default.removeItem(atPath: other) }
        try expectIgnored("symbolic link") { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: other) }
    }

    @Test func aFIFOIsIgnoredWithoutHanging() throws {
        try expectIgnored("FIFO") { path in #expect(mkfifo(path, 0o600) == 0) }
    }

    @Test func aHugeFileIsIgnoredUnread() throws {
        try expectIgnored("larger than 1 MiB") { path in
            #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]))
            #expect(truncate(path, off_t(64 << 20)) == 0) // sparse: 64 MiB, never read
        }
    }

    @Test func aFileNotInUTF8IsIgnored() throws {
        try expectIgnored("not UTF-8") { path in
            #expect(FileManager.default.createFile(atPath: path, contents: Data([0xFF, 0xFE, 0x00]), attributes: [.posixPermissions: 0o600]))
        }
    }

    @Test func aFileOthersCanReadOrWriteIsIgnored() throws {
        try expectIgnored("not 0600") { path in
            #expect(FileManager.default.createFile(atPath: path, contents: Data(terms.bytes), attributes: [.posixPermissions: 0o644]))
        }
    }

    @Test func aCopyWhoseDigestIsNotTheRecordsIsIgnored() throws {
        try expectIgnored("SHA-256 is not the record's") { path in
            #expect(FileManager.default.createFile(atPath: path, contents: Data("# Use\n\nBe anything.\n".utf8),
                                                   attributes: [.posixPermissions: 0o600]))
        }
    }

    @Test func aCopyOwnedBySomeoneElseIsIgnored() throws {
        try #require(geteuid() == 0, "needs root to give the file away")
        try expectIgnored("belongs to") { path in
            #expect(FileManager.default.createFile(atPath: path, contents: Data(terms.bytes), attributes: [.posixPermissions: 0o600]))
            #expect(chown(path, 65534, 65534) == 0)
        }
    }

    @Test func aCopyIsReplacedAtomicallyByTheNextAcceptance() throws {
        let fixture = Fixture()
        _ = try accept(terms, fixture)
        let v2 = TermsDocument(markdown: "# Use\n\nBe very kind.\n")
        let record = try accept(v2, fixture)
        #expect(fixture.store.acceptedCopy(of: record) == v2.markdown)
    }

    @Test func theEarlierAcceptanceComesWithWhatChangedWhenItsCopyIsGood() throws {
        let fixture = Fixture()
        _ = try accept(terms, fixture)
        let v2 = TermsDocument(markdown: "# Use\n\nBe very kind.\n\n# Fees\n\nNone.\n")
        let earlier = try #require(try TermsChanges.Earlier.find(for: v2, id: "org.example.A", version: "2",
                                                                 in: fixture.store, reread: nil, gate: false))
        #expect(earlier.record.version == "1")
        #expect(earlier.changes?.sections.map(\.change) == [.changed, .added])
        #expect(earlier.reread == .changes && earlier.needsChangesOnly)
        // Under a gate the whole text is the default; the marks are still known.
        let gated = try TermsChanges.Earlier.find(for: v2, id: "org.example.A", version: "2", in: fixture.store,
                                                  reread: nil, gate: true)
        #expect(gated?.reread == .all && gated?.needsChangesOnly == false && gated?.changes != nil)
        // The terms accepted are no earlier acceptance.
        #expect(try TermsChanges.Earlier.find(for: terms, id: "org.example.A", version: "1", in: fixture.store,
                                              reread: nil, gate: false) == nil)
        // Without the copy, nothing is known to have changed: all must be read.
        fixture.store.removeCopy(id: "org.example.A")
        let unknown = try TermsChanges.Earlier.find(for: v2, id: "org.example.A", version: "2", in: fixture.store,
                                                    reread: .changes, gate: false)
        #expect(unknown?.changes == nil && unknown?.needsChangesOnly == false)
    }
}

@testable import BeckonConsent
@testable import BeckonIO
@testable import BeckonJSON
import Foundation
import Synchronization
import Testing

/// The consent record file: where it lives, its modes, atomic replacement,
/// concurrent writers and corrupt files.
@Suite struct ConsentStoreTests {
    /// Messages collected from any thread.
    final class Log: Sendable {
        let messages = Mutex<[String]>([])
        func append(_ message: String) { messages.withLock { $0.append(message) } }
        var all: [String] { messages.withLock { $0 } }
    }

    /// A fresh store under a temporary directory, with its warnings collected.
    final class Fixture: Sendable {
        let root: URL
        let store: ConsentStore
        let warnings = Log()

        init() {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("consents-\(UUID())")
            let warnings = self.warnings
            store = ConsentStore(directory: root.appendingPathComponent("state/beckon").path) { message in
                warnings.append(message)
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func mode(_ path: String) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
        }
    }

    func record(_ id: String, sha: String = String(repeating: "a", count: 64), version: String? = "1") -> ConsentRecord {
        ConsentRecord(id: id, version: version, sha256: sha, acceptedAt: "2026-01-02T03:04:05Z", user: "tester")
    }

    @Test func anAbsentFileHoldsNoRecords() throws {
        let fixture = Fixture()
        #expect(try fixture.store.records().isEmpty)
        #expect(try fixture.store.record(id: "org.example.A") == nil)
        #expect(try fixture.store.remove(id: "org.example.A") == nil)
        #expect(!FileManager.default.fileExists(atPath: fixture.store.directory)) // reading creates nothing
    }

    @Test func savedRecordsReadBackWithPrivateModes() throws {
        let fixture = Fixture()
        let a = record("org.example.A")
        try fixture.store.save(a)
        #expect(try fixture.store.record(id: "org.example.A") == a)
        #expect(try fixture.mode(fixture.store.path) == 0o600)
        #expect(try fixture.mode(fixture.store.directory) == 0o700)
        // No temporary file is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.store.directory)
        #expect(Set(names) == ["consents.json", "consents.lock"])
    }

    @Test func anExistingLooseDirectoryIsMadePrivate() throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(
            atPath: fixture.store.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try fixture.store.save(record("org.example.A"))
        #expect(try fixture.mode(fixture.store.directory) == 0o700)
    }

    @Test func savingTheSameIdReplacesItsRecordAndKeepsOthers() throws {
        let fixture = Fixture()
        try fixture.store.save(record("org.example.A", version: "1"))
        try fixture.store.save(record("org.example.B"))
        try fixture.store.save(record("org.example.A", sha: String(repeating: "b", count: 64), version: "2"))
        let records = try fixture.store.records()
        #expect(records.map(\.id) == ["org.example.A", "org.example.B"])
        #expect(records[0].version == "2")
    }

    @Test func removeDeletesOnlyThatRecord() throws {
        let fixture = Fixture()
        try fixture.store.save(record("org.example.A"))
        try fixture.store.save(record("org.example.B"))
        #expect(try fixture.store.remove(id: "org.example.A")?.id == "org.example.A")
        #expect(try fixture.store.records().map(\.id) == ["org.example.B"])
        #expect(try fixture.store.remove(id: "org.example.A") == nil)
    }

    @Test(arguments: ["{not json", "", "[1, 2]", #"{"records": [{"id": 5}]}"#, "\u{FF}\u{FE}"])
    func aCorruptFileIsMovedAsideWithAWarning(_ contents: String) throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        let bytes = contents == "\u{FF}\u{FE}" ? Data([0xFF, 0xFE]) : Data(contents.utf8)
        try bytes.write(to: URL(fileURLWithPath: fixture.store.path))

        try fixture.store.save(record("org.example.A"))

        #expect(try fixture.store.records().map(\.id) == ["org.example.A"])
        let aside = try FileManager.default.contentsOfDirectory(atPath: fixture.store.directory)
            .filter { $0.hasPrefix("consents.json.corrupt-") }
        #expect(aside.count == 1)
        let kept = try Data(contentsOf: URL(fileURLWithPath: fixture.store.directory + "/" + aside[0]))
        #expect(kept == bytes) // moved, not discarded
        let warnings = fixture.warnings.all
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("consents.json.corrupt-") == true)
    }

    @Test func readingACorruptFileLeavesItWhereItIs() throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: fixture.store.path))
        #expect(try fixture.store.record(id: "x") == nil)
        #expect(fixture.warnings.all.count == 1)
        #expect(fixture.warnings.all.first?.contains("reading it as holding no records") == true)
        // A read changes nothing; the next write moves it aside.
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.store.path)) == Data("garbage".utf8))
    }

    @Test func staleTemporaryFilesFromAKilledWriterAreRemoved() throws {
        let fixture = Fixture()
        try fixture.store.save(record("org.example.A"))
        let stale = fixture.store.directory + "/.consents.json.Ab12Cd"
        try Data("{half a fi".utf8).write(to: URL(fileURLWithPath: stale))
        try fixture.store.save(record("org.example.B"))
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(try fixture.store.records().count == 2)
    }

    @Test func twentyConcurrentWritersKeepAllTwentyRecords() async throws {
        let fixture = Fixture()
        let store = fixture.store
        // Threads of one process still contend: each save opens the lock file
        // anew, and flock locks belong to the open file description.
        let failures = Log()
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<20 {
                group.addTask {
                    do {
                        try store.save(ConsentRecord(
                            id: "org.example.P\(i)", version: "1", sha256: String(repeating: "c", count: 64),
                            acceptedAt: "2026-01-02T03:04:05Z", user: "tester"))
                    } catch {
                        failures.append("\(error)")
                    }
                }
            }
        }
        #expect(failures.all.isEmpty)
        let ids = Set(try store.records().map(\.id))
        #expect(ids == Set((0..<20).map { "org.example.P\($0)" }))
    }

    @Test func theStandardDirectoryFollowsXDGStateHome() {
        #expect(ConsentStore.standardDirectory(xdgStateHome: "/state", home: "/home/a") == "/state/beckon")
        #expect(ConsentStore.standardDirectory(xdgStateHome: nil, home: "/home/a") == "/home/a/.local/state/beckon")
        // The XDG spec: an empty or relative value is ignored.
        #expect(ConsentStore.standardDirectory(xdgStateHome: "", home: "/home/a") == "/home/a/.local/state/beckon")
        #expect(ConsentStore.standardDirectory(xdgStateHome: "rel", home: "/home/a") == "/home/a/.local/state/beckon")
        #expect(ConsentStore.standardDirectory(xdgStateHome: nil, home: nil) == nil)
    }

    @Test func anUnwritableDirectoryIsAClearError() throws {
        let fixture = Fixture()
        guard getuid() != 0 else {
            // root writes anywhere; a file where the directory should be still fails.
            try FileManager.default.createDirectory(at: fixture.root, withIntermediateDirectories: true)
            try Data().write(to: fixture.root.appendingPathComponent("state"))
            #expect(throws: ConsentStoreError.self) { try fixture.store.save(record("org.example.A")) }
            return
        }
        try FileManager.default.createDirectory(at: fixture.root, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o500])
        #expect(throws: ConsentStoreError.self) { try fixture.store.save(record("org.example.A")) }
    }

    // MARK: The store as an attack surface: nothing is written through a link,
    // nothing waits on a FIFO, a newer file is not downgraded.

    @Test func aSymlinkedStoreDirectoryIsRefusedAndItsTargetUntouched() throws {
        let fixture = Fixture()
        let target = fixture.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        try FileManager.default.createDirectory(atPath: fixture.root.appendingPathComponent("state").path,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.store.directory, withDestinationPath: target.path)
        #expect(throws: ConsentStoreError.unsafePath(path: fixture.store.directory,
                                                     reason: "it is a symbolic link; records are kept only in a real directory")) {
            try fixture.store.save(record("org.example.A"))
        }
        #expect(try fixture.mode(target.path) == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
    }

    @Test func aDanglingLockLinkDoesNotCreateItsTarget() throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        let target = fixture.root.appendingPathComponent("planted").path
        try FileManager.default.createSymbolicLink(atPath: fixture.store.directory + "/consents.lock",
                                                   withDestinationPath: target)
        #expect(throws: ConsentStoreError.unsafePath(path: fixture.store.directory + "/consents.lock",
                                                     reason: "it is a symbolic link")) {
            try fixture.store.save(record("org.example.A"))
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aRecordFileLinkedToAnotherFileIsNeitherReadNorWritten() throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        let other = fixture.root.appendingPathComponent("precious.json")
        let precious = Data(#"{"format": 1, "records": []}"#.utf8)
        try precious.write(to: other)
        try FileManager.default.createSymbolicLink(atPath: fixture.store.path, withDestinationPath: other.path)
        let refused = ConsentStoreError.unsafePath(path: fixture.store.path, reason: "it is a symbolic link")
        #expect(throws: refused) { try fixture.store.records() }
        #expect(throws: refused) { try fixture.store.save(record("org.example.A")) }
        #expect(try Data(contentsOf: other) == precious)
    }

    @Test func aFIFOOrADirectoryAsTheRecordFileIsAnErrorNotAHang() throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        #expect(mkfifo(fixture.store.path, 0o600) == 0)
        #expect(throws: ConsentStoreError.unsafePath(path: fixture.store.path, reason: "it is a FIFO, not a regular file")) {
            try fixture.store.record(id: "org.example.A")
        }
        unlink(fixture.store.path)
        try FileManager.default.createDirectory(atPath: fixture.store.path, withIntermediateDirectories: false)
        #expect(throws: ConsentStoreError.unsafePath(path: fixture.store.path, reason: "it is a directory, not a regular file")) {
            try fixture.store.save(record("org.example.A"))
        }
    }

    @Test func aStoreDirectoryOwnedBySomeoneElseIsRefusedNamingTheOwner() throws {
        let fixture = Fixture()
        let directory = fixture.store.directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let other: uid_t = getuid() == 0 ? 65534 : 0
        if getuid() == 0 {
            #expect(chown(directory, other, other) == 0)
        }
        let store = getuid() == 0 ? fixture.store : ConsentStore(directory: "/") { _ in }
        let owner = other == 0 ? "user root (uid 0)" : "user nobody (uid 65534)"
        #expect(throws: ConsentStoreError.self) { try store.save(record("org.example.A")) }
        do {
            try store.save(record("org.example.A"))
        } catch {
            #expect("\(error)".contains("belongs to \(owner), not to you"), "\(error)")
        }
    }

    @Test func aFileOfANewerFormatIsReadButNeverRewritten() throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        let newer = Data("""
            {"format": 2, "records": [{"id": "org.example.A", "version": "1", "sha256": "\(String(repeating: "b", count: 64))",
             "accepted_at": "2026-01-02T03:04:05Z", "user": "tester", "signature": "xyz"}], "signer": "fleet"}
            """.utf8)
        try newer.write(to: URL(fileURLWithPath: fixture.store.path))
        #expect(try fixture.store.record(id: "org.example.A")?.version == "1")
        #expect(throws: ConsentStoreError.newerFormat(path: fixture.store.path, format: 2)) {
            try fixture.store.save(record("org.example.B"))
        }
        #expect(throws: ConsentStoreError.newerFormat(path: fixture.store.path, format: 2)) {
            try fixture.store.remove(id: "org.example.A")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.store.path)) == newer)
        #expect(fixture.warnings.all.isEmpty)
    }

    @Test func fieldsThisVersionDoesNotKnowSurviveARewrite() throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        try Data("""
            {"format": 1, "records": [{"id": "org.example.A", "version": null, "sha256": "\(String(repeating: "c", count: 64))",
             "accepted_at": "2026-01-02T03:04:05Z", "user": "tester", "seat": 7}], "origin": "import"}
            """.utf8).write(to: URL(fileURLWithPath: fixture.store.path))
        try fixture.store.save(record("org.example.B"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.store.path))) as? [String: Any]
        #expect(json?["origin"] as? String == "import")
        let records = json?["records"] as? [[String: Any]]
        #expect(records?.first?["seat"] as? Int == 7)
        #expect(records?.map { $0["id"] as? String } == ["org.example.A", "org.example.B"])
    }

    // MARK: Bounds: a crafted file is corrupt, never a crash or a long read.

    /// A file holding a record for org.example.A, then `padding` spaces.
    @discardableResult
    func plantedFile(_ fixture: Fixture, padding: Int = 0) throws -> Data {
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        let bytes = Data(("""
            {"format": 1, "records": [{"id": "org.example.A", "version": "1", "sha256": "\(String(repeating: "a", count: 64))",
             "accepted_at": "2026-01-02T03:04:05Z", "user": "tester"}]}
            """ + String(repeating: " ", count: padding)).utf8)
        try bytes.write(to: URL(fileURLWithPath: fixture.store.path))
        return bytes
    }

    @Test func aDeeplyNestedFileIsCorruptNotACrash() throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        let bytes = Data((#"{"format":1,"records":[],"x":"# + String(repeating: "[", count: 50_000)
                          + String(repeating: "]", count: 50_000) + "}").utf8)
        try bytes.write(to: URL(fileURLWithPath: fixture.store.path))
        #expect(try fixture.store.records().isEmpty)
        #expect(fixture.warnings.all.first?.contains("nested deeper than 128 levels") == true, "\(fixture.warnings.all)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.store.path)) == bytes)
        try fixture.store.save(record("org.example.B"))
        #expect(try fixture.store.records().map(\.id) == ["org.example.B"])
        #expect(fixture.warnings.all.last?.contains("consents.json.corrupt-") == true, "\(fixture.warnings.all)")
    }

    @Test func aFileLargerThanTheBoundIsNotReadButMovedAsideOnWrite() throws {
        #expect(ConsentStore.maximumFileSize == 8 << 20)
        let fixture = Fixture()
        // A record that would count, buried in a file one byte too large.
        let small = try plantedFile(fixture)
        let bytes = try plantedFile(fixture, padding: ConsentStore.maximumFileSize - small.count + 1)
        #expect(try fixture.store.record(id: "org.example.A") == nil)
        #expect(fixture.warnings.all == ["\(fixture.store.path) is not usable (it is larger than 8 MiB); "
                                         + "reading it as holding no records"])
        try fixture.store.save(record("org.example.B"))
        #expect(try fixture.store.records().map(\.id) == ["org.example.B"])
        let aside = try FileManager.default.contentsOfDirectory(atPath: fixture.store.directory)
            .filter { $0.hasPrefix("consents.json.corrupt-") }
        #expect(aside.count == 1)
        #expect(try FileManager.default.attributesOfItem(atPath: fixture.store.directory + "/" + aside[0])[.size]
                as? Int == bytes.count)
    }

    @Test func aFileAtTheBoundIsStillRead() throws {
        let fixture = Fixture()
        let small = try plantedFile(fixture)
        try plantedFile(fixture, padding: ConsentStore.maximumFileSize - small.count)
        #expect(try fixture.store.record(id: "org.example.A")?.version == "1")
        #expect(fixture.warnings.all.isEmpty)
    }

    @Test func aChangeThatWouldOutgrowTheBoundIsRefusedAndTheFileKept() throws {
        let fixture = Fixture()
        try fixture.store.save(record("org.example.A"))
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.store.path))
        #expect(throws: ConsentStoreError.cannotWrite(
            path: fixture.store.path, reason: "the records would take more than 8 MiB, the most a record file may hold")) {
            try fixture.store.save(record(String(repeating: "x", count: ConsentStore.maximumFileSize)))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.store.path)) == before)
    }

    @Test func tenThousandRecordsFitWellInsideTheBound() throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        let records = (0..<10_000).map { record("org.example.product-number-\($0)") }
        try fixture.store.writeAtomically(ConsentStore.Contents(records: records))
        try fixture.store.save(record("org.example.one-more"))
        #expect(try fixture.store.records().count == 10_001)
        let size = try #require(FileManager.default.attributesOfItem(atPath: fixture.store.path)[.size] as? Int)
        #expect(size * 2 < ConsentStore.maximumFileSize, "\(size) bytes")
    }

    // MARK: Trust: records are read only from the user's own, private file.

    @Test func aFileOthersCanWriteIsRefusedForReadingAndWriting() throws {
        let fixture = Fixture()
        let bytes = try plantedFile(fixture)
        for mode: mode_t in [0o666, 0o620, 0o602] {
            #expect(chmod(fixture.store.path, mode) == 0)
            let who = mode & 0o002 != 0 ? "every user" : "its group"
            let refused = ConsentStoreError.unsafePath(
                path: fixture.store.path, reason: "\(who) can write to it (mode 0\(String(mode, radix: 8))), so a record "
                    + "in it may be planted; make it private (chmod 600 \(fixture.store.path))")
            #expect(throws: refused) { try fixture.store.record(id: "org.example.A") }
            #expect(throws: refused) { try fixture.store.save(record("org.example.B")) }
            #expect(throws: refused) { try fixture.store.remove(id: "org.example.A") }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.store.path)) == bytes)
        // Readable by others is no risk to the records: 0644 is read.
        #expect(chmod(fixture.store.path, 0o644) == 0)
        #expect(try fixture.store.record(id: "org.example.A") != nil)
    }

    @Test func aDirectoryOthersCanWriteIsRefusedForReadingAndMadePrivateByAWrite() throws {
        let fixture = Fixture()
        try plantedFile(fixture)
        #expect(chmod(fixture.store.directory, 0o777) == 0)
        #expect(throws: ConsentStoreError.unsafePath(
            path: fixture.store.directory, reason: "every user can write to it (mode 0777), so a record in it may be "
                + "planted; make it private (chmod 700 \(fixture.store.directory))")) {
            try fixture.store.records()
        }
        #expect(try fixture.mode(fixture.store.directory) == 0o777) // a read changes nothing
        try fixture.store.save(record("org.example.B"))
        #expect(try fixture.mode(fixture.store.directory) == 0o700)
        #expect(try fixture.store.records().map(\.id) == ["org.example.A", "org.example.B"])
    }

    @Test func aSymlinkedStoreDirectoryIsNotReadEither() throws {
        let fixture = Fixture()
        let target = fixture.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let planted = fixture.root.appendingPathComponent("elsewhere/consents.json")
        try FileManager.default.createDirectory(atPath: fixture.root.appendingPathComponent("state").path,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.store.directory, withDestinationPath: target.path)
        let real = Fixture()
        try plantedFile(real).write(to: planted)
        #expect(throws: ConsentStoreError.unsafePath(
            path: fixture.store.directory, reason: "it is a symbolic link; records are kept only in a real directory")) {
            try fixture.store.record(id: "org.example.A")
        }
        // A dangling link is no "no records" either.
        try FileManager.default.removeItem(at: target)
        #expect(throws: ConsentStoreError.self) { try fixture.store.records() }
    }

    @Test func aFileOrDirectoryOwnedBySomeoneElseIsNotRead() throws {
        try #require(getuid() == 0, "only root can give a file to another user")
        let fixture = Fixture()
        try plantedFile(fixture)
        let owner = "it belongs to user nobody (uid 65534), not to you (user root (uid 0))"
        #expect(chown(fixture.store.path, 65534, 65534) == 0)
        #expect(throws: ConsentStoreError.unsafePath(path: fixture.store.path, reason: owner)) {
            try fixture.store.record(id: "org.example.A")
        }
        #expect(throws: ConsentStoreError.unsafePath(path: fixture.store.path, reason: owner)) {
            try fixture.store.save(record("org.example.B"))
        }
        #expect(chown(fixture.store.path, 0, 0) == 0)
        #expect(chown(fixture.store.directory, 65534, 65534) == 0)
        #expect(throws: ConsentStoreError.unsafePath(path: fixture.store.directory, reason: owner)) {
            try fixture.store.record(id: "org.example.A")
        }
    }
}

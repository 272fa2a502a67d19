@testable import Beckon
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

    @Test func readingACorruptFileAlsoMovesItAside() throws {
        let fixture = Fixture()
        try FileManager.default.createDirectory(atPath: fixture.store.directory, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: fixture.store.path))
        #expect(try fixture.store.record(id: "x") == nil)
        #expect(fixture.warnings.all.count == 1)
        #expect(!FileManager.default.fileExists(atPath: fixture.store.path))
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
}

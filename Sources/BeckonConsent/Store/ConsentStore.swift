import BeckonIO
import BeckonJSON
import CGLib
import Glibc

/// The file of consent records: `$XDG_STATE_HOME/beckon/consents.json`
/// (`~/.local/state/beckon/consents.json` by default), one record per id.
///
/// The file is 0600 in a 0700 directory. Every change happens under an
/// exclusive `flock` on a lock file beside it and replaces the file atomically
/// (temporary file, fsync, rename), so concurrent writers never lose each
/// other's records and a writer killed at any moment leaves the old file or
/// the new one, never a broken one. A file that does not parse (or is larger
/// than ``maximumFileSize``, or nested deeper than
/// ``JSONValue/maximumNestingDepth``) is moved aside to
/// `consents.json.corrupt-<time>` with a warning, never silently discarded.
///
/// Records are trusted only when they are the user's own, for reading as for
/// writing: the directory a real directory (not a link) and the file a regular
/// file, both owned by the user and writable by nobody else. Anything else is
/// ``ConsentStoreError/unsafePath(path:reason:)``, never "no records" and never
/// a record someone else could have planted.
public struct ConsentStore: Sendable {
    /// The directory that holds the record file and its lock.
    public let directory: String
    /// Called with a message when something is wrong but work can go on
    /// (a corrupt file moved aside).
    public var onWarning: @Sendable (String) -> Void

    /// Whether each accept and revoke is also written to the system journal
    /// (``ConsentJournal``). On for ``standard(onWarning:)``, off for a store
    /// in a directory of the caller's choosing unless it sets it.
    public var logsToJournal = false

    /// Test-only: runs after the first half of a new file is written and
    /// before the rest, so a test can kill the writer mid-write. Internal: only
    /// a test build (`@testable import`) sets it, as BeckonTermsHarness does
    /// (docs/testing.md, "Testing hooks"); the `beckon` command has no way to.
    var midWriteHook: (@Sendable () -> Void)?

    /// The record file.
    public var path: String { directory + "/consents.json" }
    var lockPath: String { directory + "/consents.lock" }

    /// A store in `directory`, created (0700) on the first write.
    public init(directory: String, onWarning: @escaping @Sendable (String) -> Void = WarningSink.standardError) {
        self.directory = directory
        self.onWarning = onWarning
    }

    /// The per-user store: `$XDG_STATE_HOME/beckon`, or `~/.local/state/beckon`
    /// when `XDG_STATE_HOME` is unset, empty or relative (as the XDG spec says).
    public static func standard(
        onWarning: @escaping @Sendable (String) -> Void = WarningSink.standardError
    ) throws(ConsentStoreError) -> ConsentStore {
        let home = getenv("HOME").map { String(cString: $0) } ?? g_get_home_dir().map { String(cString: $0) }
        guard let directory = standardDirectory(
            xdgStateHome: getenv("XDG_STATE_HOME").map { String(cString: $0) }, home: home)
        else { throw .noStateDirectory }
        var store = ConsentStore(directory: directory, onWarning: onWarning)
        store.logsToJournal = true
        return store
    }

    /// `$XDG_STATE_HOME/beckon` when that is an absolute path, else
    /// `$HOME/.local/state/beckon`; nil when neither is absolute.
    static func standardDirectory(xdgStateHome: String?, home: String?) -> String? {
        if let state = xdgStateHome, state.hasPrefix("/") { return state + "/beckon" }
        if let home, home.hasPrefix("/") { return home + "/.local/state/beckon" }
        return nil
    }

    /// All records, in the order they were first written.
    ///
    /// Reading changes nothing: a corrupt file is reported through
    /// ``onWarning`` and read as holding no records; the next write moves it
    /// aside.
    public func records() throws(ConsentStoreError) -> [ConsentRecord] {
        switch try readRecords() {
        case .absent: return []
        case .contents(let contents): return contents.records
        case .corrupt(let reason):
            onWarning("\(path) is not usable (\(reason)); reading it as holding no records")
            return []
        }
    }

    /// The record for `id`, if there is one.
    public func record(id: String) throws(ConsentStoreError) -> ConsentRecord? {
        try records().first { $0.id == id }
    }

    /// Adds `record`, replacing any earlier record with the same id.
    public func save(_ record: ConsentRecord) throws(ConsentStoreError) {
        try ensureDirectory()
        try withLock { () throws(ConsentStoreError) in
            var contents = try loadForChange()
            if let index = contents.records.firstIndex(where: { $0.id == record.id }) {
                contents.records[index] = record
            } else {
                contents.records.append(record)
            }
            try writeAtomically(contents)
        }
        if logsToJournal { ConsentJournal.write(record, event: .accepted) }
    }

    /// Removes the record for `id`, and the copy of the terms it accepted
    /// (``acceptedCopy(of:)``); returns it, or nil when there was none.
    @discardableResult
    public func remove(id: String) throws(ConsentStoreError) -> ConsentRecord? {
        guard access(directory, F_OK) == 0 else { return nil }
        return try withLock { () throws(ConsentStoreError) -> ConsentRecord? in
            var contents = try loadForChange()
            guard let index = contents.records.firstIndex(where: { $0.id == id }) else { return nil }
            let removed = contents.records.remove(at: index)
            try writeAtomically(contents)
            removeCopy(id: id)
            if logsToJournal { ConsentJournal.write(removed, event: .revoked) }
            return removed
        }
    }

    /// The format this version writes.
    public static let format: Int64 = 1

    /// What a record file holds.
    struct Contents {
        var records: [ConsentRecord] = []
        var format: Int64 = ConsentStore.format
        /// Top-level members this version does not know, kept on rewrite.
        var otherMembers: [(String, JSONValue)] = []
    }

    /// The file's JSON for `contents`.
    static func document(_ contents: Contents) -> JSONValue {
        .object([("format", .int(contents.format)), ("records", .array(contents.records.map(\.json)))]
                + contents.otherMembers)
    }

    /// The largest record file that is read or written: 8 MiB.
    ///
    /// 10,000 records take about 2.3 MB, so this leaves room for three times
    /// as many (or for long ids); a larger file is not read at all (its size
    /// comes from `fstat`) but treated as corrupt, so a planted 60 MB file
    /// costs neither seconds nor hundreds of MB. A change that would make the
    /// file larger is refused, so beckon never writes a file it would not read.
    public static let maximumFileSize = 8 << 20

    /// Why a file's bytes are not a record file, for the warning.
    struct NotARecordFile: Error {
        var reason: String
    }

    /// What a file's JSON text holds, or why it is not a record file.
    static func parse(_ bytes: [UInt8]) -> Result<Contents, NotARecordFile> {
        let notRecords = NotARecordFile(reason: "it is not a consent record file")
        guard TextDecoder.isValidUTF8(bytes) else { return .failure(notRecords) }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: String(decoding: bytes, as: UTF8.self))
        } catch {
            return .failure(NotARecordFile(reason: "it is not a consent record file (\(error.message))"))
        }
        guard case .object(let members) = json, let entries = json["records"]?.arrayValue else {
            return .failure(notRecords)
        }
        var contents = Contents()
        switch json["format"] {
        case nil: break
        case .int(let format)? where format >= 1: contents.format = format
        default: return .failure(notRecords)
        }
        for entry in entries {
            guard let record = ConsentRecord(json: entry) else { return .failure(notRecords) }
            contents.records.append(record)
        }
        contents.otherMembers = members.filter { $0.0 != "format" && $0.0 != "records" }
        return .success(contents)
    }
}

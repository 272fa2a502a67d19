import CBeckonGLib
import CGLib
import Glibc

extension ConsentJournal {
    /// One entry read back from the journal: beckon's fields and journald's
    /// trusted ones (`_UID`, `_EXE`, `_BOOT_ID`), and when journald received it.
    public struct Entry: Sendable, Hashable {
        /// The fields read ("NAME" → value), those of ``fieldNames`` the entry has.
        public var fields: [String: String]
        /// `__REALTIME_TIMESTAMP`: microseconds since the epoch, set by journald.
        public var realtimeMicroseconds: UInt64

        public subscript(name: String) -> String? { fields[name] }

        /// Whether it records an acceptance (not a revocation).
        public var isAcceptance: Bool {
            fields[Field.messageID] == acceptedMessageID || fields[Field.messageID] == verifiedAcceptedMessageID
        }

        /// The record the entry describes.
        public var record: ConsentRecord? {
            guard let id = fields[Field.termsID], let sha256 = fields[Field.sha256] else { return nil }
            let version = fields[Field.version].flatMap { $0.isEmpty ? nil : $0 }
            var record = ConsentRecord(id: id, version: version, sha256: sha256,
                                       acceptedAt: fields[Field.acceptedAt] ?? "", user: fields[Field.user] ?? "")
            record.language = fields[Field.language]
            record.file = fields[Field.file]
            record.policy = fields[Field.policy]
            record.gate = fields[Field.gate] == "true"
            record.sessionID = fields[Field.sessionID]
            record.bootID = fields[Field.bootID]
            return record
        }
    }

    /// Why the journal could not be read; the caller fails closed.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The negative errno from libsystemd (-ENOSYS: no libsystemd).
        public var code: Int32
        /// The file that could not be read, when one of several is known to be the one.
        public var file: String?
        public init(code: Int32, file: String? = nil) {
            self.code = code
            self.file = file
        }
        public var description: String {
            switch -code {
            case ENOSYS: "libsystemd is not installed"
            case EACCES: "no journal file can be read (a volatile journal, or one only root and the systemd-journal group read)"
            // sd_journal opens no file that has been deleted, even through a descriptor held on it.
            case EIDRM: "the file was deleted while the audit read it (journald's vacuum?); audit again"
            default: "the journal cannot be read: \(String(cString: strerror(-code)))"
            }
        }
    }

    /// The fields an ``Entry`` is read with.
    public static let fieldNames = [
        Field.messageID, Field.event, Field.termsID, Field.version, Field.sha256, Field.acceptedAt, Field.user,
        Field.language, Field.file, Field.gate, Field.policy, Field.sessionID, Field.senderUID, Field.executable,
        Field.bootID, Field.uid,
    ]

    /// The newest entries (at most `limit`) that match every one of `matches`
    /// ("FIELD=value"; two of one field match either), newest first.
    public static func entries(matching matches: [String], limit: Int) throws(ReadError) -> [Entry] {
        var pointers = matches.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        var code: Int32 = 0
        let reader = pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
                beckon_journal_reader_open($0.baseAddress, Int32($0.count), &code)
            }
        }
        guard let reader else { throw ReadError(code: code) }
        defer { beckon_journal_reader_free(reader) }
        var entries: [Entry] = []
        while entries.count < limit {
            let step = beckon_journal_reader_previous(reader)
            if step < 0 { throw ReadError(code: step) }
            if step == 0 { break }
            var fields: [String: String] = [:]
            for name in fieldNames {
                guard let value = beckon_journal_reader_get_field(reader, name) else { continue }
                fields[name] = String(cString: value)
                g_free(value)
            }
            entries.append(Entry(fields: fields, realtimeMicroseconds: UInt64(beckon_journal_reader_realtime_usec(reader))))
        }
        return entries
    }

    /// Calls `body` with each entry of `source` that matches `matches`
    /// (as in ``entries(matching:limit:)``), oldest first, with the fields
    /// in `names` only, none longer than `fieldBytes` (a longer value is cut
    /// at a character's edge and ends in ``cutMarker``): an entry, however
    /// hostile, costs at most `names.count` values of that size. `body`
    /// returns false to stop. An audit of 1,000,000 entries needs no prose,
    /// so `MESSAGE` is never read.
    public static func forEachEntry(in source: Source, matching matches: [String], names: Set<String>,
                                    fieldBytes: Int, _ body: (Entry) -> Bool) throws(ReadError) {
        guard source == .local else {
            // Collected files, any number of them: a few open at a time (FileMerge).
            try FileMerge(files: source.files, matching: matches, names: names, fieldBytes: fieldBytes).forEachEntry(body)
            return
        }
        let reader = try AuditReader(files: [], matching: matches, names: names, fieldBytes: fieldBytes)
        // Opening maps every file's header; reading maps windows: both are given back as it goes.
        releaseMappedPages()
        var read = 0
        while try reader.next() {
            read += 1
            if read % pageReleaseInterval == 0 { releaseMappedPages() }
            if !body(reader.entry) { return }
        }
    }

    /// How many entries are read between two ``releaseMappedPages()``.
    static let pageReleaseInterval = 4_096

    /// What ends a value cut at its size limit.
    public static let cutMarker = "…[cut]"

    /// `bytes` as text (invalid UTF-8 as U+FFFD), cut after `fieldBytes`
    /// bytes at the start of a character, ``cutMarker`` added.
    static func cutValue(_ bytes: UnsafeBufferPointer<UInt8>, fieldBytes: Int) -> String {
        guard bytes.count > fieldBytes else { return String(decoding: bytes, as: UTF8.self) }
        var end = fieldBytes
        // Back to the first byte of a character: continuation bytes are 10xxxxxx.
        while end > 0, end > fieldBytes - 4, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self) + cutMarker
    }

    /// The newest accept or revoke of `id` that this user's own beckon wrote:
    /// journald's `_UID` is the current uid and its `_EXE` this very
    /// executable, fields no other program can set. Nil when there is none.
    public static func newestTrustedEntry(id: String) throws(ReadError) -> Entry? {
        guard let executable = ownExecutable else { throw ReadError(code: -ENOENT) }
        return try entries(matching: [
            "\(Field.messageID)=\(acceptedMessageID)", "\(Field.messageID)=\(revokedMessageID)",
            "\(Field.termsID)=\(id)",
        ] + Sender.userMatches(uid: getuid(), executable: executable), limit: 1).first
    }

    /// The newest acceptance or revocation of `id` for user `uid` that the
    /// enforcer recorded: written as root (`_UID=0`, set by journald), which no
    /// user's process can be. Nil when there is none.
    /// With `sessionID`, only those recorded for that login (every-login terms).
    public static func newestVerifiedEntry(id: String, uid: uid_t, sessionID: String? = nil) throws(ReadError) -> Entry? {
        try entries(matching: [
            "\(Field.messageID)=\(verifiedAcceptedMessageID)", "\(Field.messageID)=\(verifiedRevokedMessageID)",
            "\(Field.termsID)=\(id)", "\(Field.uid)=\(uid)",
        ] + Sender.enforcerMatches + (sessionID.map { ["\(Field.sessionID)=\($0)"] } ?? []), limit: 1).first
    }

    /// This process's executable as journald records it in `_EXE`: the real
    /// path of /proc/self/exe.
    public static var ownExecutable: String? {
        guard let path = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }
}

import CGtk
import Glibc

/// The file work behind ``ConsentStore``: the lock, reads, atomic replacement,
/// and moving a corrupt file aside.
extension ConsentStore {
    enum ReadResult {
        case records([ConsentRecord])
        case corrupt(reason: String)
    }

    private static var temporaryPrefix: String { ".consents.json." }

    /// The file's records; an absent file has none. No lock is needed: the file
    /// is only ever replaced whole, by rename.
    func readRecords() throws(ConsentStoreError) -> ReadResult {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return .records([]) }
            throw .cannotRead(path: path, reason: Self.systemError())
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]); continue }
            if n == 0 { break }
            if errno == EINTR { continue }
            throw .cannotRead(path: path, reason: Self.systemError())
        }
        guard let records = Self.parse(bytes) else {
            return .corrupt(reason: bytes.isEmpty ? "it is empty" : "it is not a consent record file")
        }
        return .records(records)
    }

    /// Runs `body` holding the exclusive lock that serializes every change.
    func withLock<T>(_ body: () throws(ConsentStoreError) -> T) throws(ConsentStoreError) -> T {
        try ensureDirectory()
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotLock(path: lockPath, reason: Self.systemError()) }
        defer { close(fd) } // closing the descriptor releases the lock
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw .cannotLock(path: lockPath, reason: Self.systemError()) }
        }
        return try body()
    }

    /// The records, with a corrupt file moved aside (and a warning) first.
    /// Call it holding the lock.
    func loadQuarantiningCorrupt() throws(ConsentStoreError) -> [ConsentRecord] {
        removeStaleTemporaries()
        switch try readRecords() {
        case .records(let records):
            return records
        case .corrupt(let reason):
            let aside = "\(path).corrupt-\(Self.compactTimestamp())-\(getpid())"
            guard rename(path, aside) == 0 else {
                throw .cannotWrite(path: aside, reason: Self.systemError())
            }
            onWarning("\(path) is not usable (\(reason)); moved it to \(aside) and started a new record file")
            return []
        }
    }

    /// Replaces the file with one holding `records`: a temporary file in the same
    /// directory, written, fsynced and renamed over the old one, then the
    /// directory fsynced so the rename itself survives a crash.
    func writeAtomically(_ records: [ConsentRecord]) throws(ConsentStoreError) {
        let text = Self.document(records).serialized(pretty: true) + "\n"
        var template = Array((directory + "/" + Self.temporaryPrefix + "XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { g_mkstemp_full($0.baseAddress!, O_RDWR | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: Self.systemError()) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: String?
        if fchmod(fd, 0o600) != 0 { failure = Self.systemError() }
        let bytes = Array(text.utf8)
        if failure == nil, let midWriteHook {
            let half = bytes.count / 2
            failure = Self.writeAll(fd, bytes[..<half])
            if failure == nil {
                fsync(fd)
                midWriteHook()
                failure = Self.writeAll(fd, bytes[half...])
            }
        } else if failure == nil {
            failure = Self.writeAll(fd, bytes[...])
        }
        if failure == nil, fsync(fd) != 0 { failure = Self.systemError() }
        if close(fd) != 0, failure == nil { failure = Self.systemError() }
        if failure == nil, rename(temporary, path) != 0 { failure = Self.systemError() }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: failure)
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Creates the directory (and missing parents) private to the user, and
    /// makes an existing one private.
    func ensureDirectory() throws(ConsentStoreError) {
        if g_mkdir_with_parents(directory, 0o700) != 0 {
            throw .cannotCreateDirectory(path: directory, reason: Self.systemError())
        }
        var info = stat()
        if stat(directory, &info) == 0, info.st_mode & 0o777 != 0o700, chmod(directory, 0o700) != 0 {
            throw .cannotCreateDirectory(path: directory, reason: Self.systemError())
        }
    }

    /// Temporary files left by a writer that was killed before its rename.
    /// Only the lock holder writes, so under the lock every one is stale.
    private func removeStaleTemporaries() {
        guard let dir = g_dir_open(directory, 0, nil) else { return }
        defer { g_dir_close(dir) }
        while let name = g_dir_read_name(dir) {
            let name = String(cString: name)
            if name.hasPrefix(Self.temporaryPrefix) { unlink(directory + "/" + name) }
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 { offset += n; continue }
                if n < 0 && errno == EINTR { continue }
                return n < 0 ? systemError() : "short write"
            }
            return nil
        }
    }

    private static func compactTimestamp() -> String {
        guard let now = g_date_time_new_now_utc() else { return "0" }
        defer { g_date_time_unref(now) }
        guard let text = g_date_time_format(now, "%Y%m%dT%H%M%SZ") else { return "0" }
        defer { g_free(text) }
        return String(cString: text)
    }

    static func systemError() -> String { String(cString: strerror(errno)) }
}

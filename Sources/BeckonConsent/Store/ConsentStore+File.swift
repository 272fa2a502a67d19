import BeckonIO
import CGLib
import Glibc

/// The file work behind ``ConsentStore``: the lock, reads, atomic replacement,
/// and moving a corrupt file aside.
extension ConsentStore {
    enum ReadResult {
        case absent
        case contents(Contents)
        case corrupt(reason: String)
    }

    private static var temporaryPrefix: String { ".consents.json." }

    /// The file's records; an absent file (or directory) has none. No lock is
    /// needed: the file is only ever replaced whole, by rename. The directory
    /// and the file must be ones the user can trust (``openTrustedDirectory()``,
    /// ``checkTrusted(_:path:)``), or nothing is read. A symbolic link, a FIFO
    /// or a directory in the file's place is refused, never followed or waited
    /// on; a file larger than ``maximumFileSize`` is corrupt, its bytes unread.
    func readRecords() throws(ConsentStoreError) -> ReadResult {
        guard let directoryFD = try openTrustedDirectory() else { return .absent }
        defer { close(directoryFD) }
        // Opened in the directory just checked, not by its path again: a
        // directory swapped in between is never read.
        let fd = openat(directoryFD, "consents.json", O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return .absent }
            if errno == ELOOP { throw .unsafePath(path: path, reason: "it is a symbolic link") }
            throw .cannotRead(path: path, reason: Self.systemError())
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotRead(path: path, reason: Self.systemError()) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .unsafePath(path: path, reason: "it is \(Self.kind(of: info.st_mode)), not a regular file")
        }
        try Self.checkTrusted(info, path: path)
        let tooLarge = ReadResult.corrupt(reason: "it is larger than \(Self.maximumFileSize >> 20) MiB")
        guard info.st_size <= Self.maximumFileSize else { return tooLarge }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes.append(contentsOf: chunk[0..<n])
                // Grown since fstat (the user appending to it): still bounded.
                if bytes.count > Self.maximumFileSize { return tooLarge }
                continue
            }
            if n == 0 { break }
            if errno == EINTR { continue }
            throw .cannotRead(path: path, reason: Self.systemError())
        }
        if bytes.isEmpty { return .corrupt(reason: "it is empty") }
        switch Self.parse(bytes) {
        case .success(let contents): return .contents(contents)
        case .failure(let failure): return .corrupt(reason: failure.reason)
        }
    }

    /// The store's directory, opened, when it is one whose records can be
    /// trusted: a real directory (a link is not followed), owned by the user,
    /// that nobody else can write (or they could plant a record). Nil when it
    /// does not exist. A read changes nothing, so a directory others can write
    /// is refused here, not made private; ``ensureDirectory()`` makes it
    /// private before a write.
    func openTrustedDirectory() throws(ConsentStoreError) -> Int32? {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw directoryRefusal(otherwise: .cannotRead(path: directory, reason: Self.systemError()))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = ConsentStoreError.cannotRead(path: directory, reason: Self.systemError())
            close(fd)
            throw error
        }
        do {
            try Self.checkTrusted(info, path: directory)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// Refuses a file or directory that is not the user's own, or that
    /// someone else can write: its contents could have been planted.
    static func checkTrusted(_ info: stat, path: String) throws(ConsentStoreError) {
        guard info.st_uid == geteuid() else {
            throw .unsafePath(path: path, reason: "it belongs to \(userName(info.st_uid)), not to you "
                              + "(\(userName(geteuid())))")
        }
        guard info.st_mode & 0o022 == 0 else {
            let who = info.st_mode & 0o002 != 0 ? "every user" : "its group"
            let fix = info.st_mode & S_IFMT == S_IFDIR ? "700" : "600"
            throw .unsafePath(path: path, reason: "\(who) can write to it (mode \(octal(info.st_mode & 0o7777))), so a record "
                              + "in it may be planted; make it private (chmod \(fix) \(path))")
        }
    }

    /// Why the directory could not be opened, when the reason is what is in
    /// its place (a link, a file); else `otherwise`. Call it with errno set.
    private func directoryRefusal(otherwise: ConsentStoreError) -> ConsentStoreError {
        let error = errno
        var info = stat()
        if lstat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            return .unsafePath(path: directory, reason: "it is a symbolic link; records are kept only in a real directory")
        }
        if error == ENOTDIR || (lstat(directory, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR) {
            return .unsafePath(path: directory, reason: "it is \(Self.kind(of: info.st_mode)), not a directory")
        }
        return otherwise
    }

    /// Runs `body` holding the exclusive lock that serializes every change.
    func withLock<T>(_ body: () throws(ConsentStoreError) -> T) throws(ConsentStoreError) -> T {
        try ensureDirectory()
        // O_NOFOLLOW: a dangling link planted as the lock must not create its target.
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw .unsafePath(path: lockPath, reason: "it is a symbolic link") }
            throw .cannotLock(path: lockPath, reason: Self.systemError())
        }
        defer { close(fd) } // closing the descriptor releases the lock
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw .unsafePath(path: lockPath, reason: "it is \(Self.kind(of: info.st_mode)), not a regular file")
        }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw .cannotLock(path: lockPath, reason: Self.systemError()) }
        }
        return try body()
    }

    /// The file's contents before a change, with a corrupt file moved aside
    /// (and a warning) first; a newer format is refused, not overwritten.
    /// Call it holding the lock.
    func loadForChange() throws(ConsentStoreError) -> Contents {
        removeStaleTemporaries()
        switch try readRecords() {
        case .absent:
            return Contents()
        case .contents(let contents):
            guard contents.format <= Self.format else { throw .newerFormat(path: path, format: contents.format) }
            return contents
        case .corrupt(let reason):
            let aside = "\(path).corrupt-\(Self.compactTimestamp())-\(getpid())"
            guard rename(path, aside) == 0 else {
                throw .cannotWrite(path: aside, reason: Self.systemError())
            }
            onWarning("\(path) is not usable (\(reason)); moved it to \(aside) and started a new record file")
            return Contents()
        }
    }

    /// Replaces the file with one holding `contents`: a temporary file in the
    /// same directory, written, fsynced and renamed over the old one, then the
    /// directory fsynced so the rename itself survives a crash. rename()
    /// replaces a link in the file's place, never the file it points to.
    func writeAtomically(_ contents: Contents) throws(ConsentStoreError) {
        let text = Self.document(contents).serialized(pretty: true) + "\n"
        // A file beckon would not read back (it would be moved aside as corrupt).
        guard text.utf8.count <= Self.maximumFileSize else {
            throw .cannotWrite(path: path, reason: "the records would take more than "
                               + "\(Self.maximumFileSize >> 20) MiB, the most a record file may hold")
        }
        let bytes = Array(text.utf8)
        try replaceAtomically(path, temporaryPrefix: Self.temporaryPrefix) { fd in
            guard let midWriteHook else { return Self.writeAll(fd, bytes[...]) }
            let half = bytes.count / 2
            if let failure = Self.writeAll(fd, bytes[..<half]) { return failure }
            fsync(fd)
            midWriteHook()
            return Self.writeAll(fd, bytes[half...])
        }
    }

    /// Replaces `path` (in the directory) with a new file that `write` fills
    /// (it returns why it failed, or nil): a temporary file named
    /// `temporaryPrefix` and six random characters, 0600, written, fsynced
    /// and renamed over the old one, then the directory fsynced so the rename
    /// itself survives a crash. rename() replaces a link in the file's place,
    /// never the file it points to. Call it holding the lock.
    func replaceAtomically(_ path: String, temporaryPrefix: String,
                           _ write: (Int32) -> String?) throws(ConsentStoreError) {
        var template = Array((directory + "/" + temporaryPrefix + "XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { g_mkstemp_full($0.baseAddress!, O_RDWR | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: Self.systemError()) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: String?
        if fchmod(fd, 0o600) != 0 { failure = Self.systemError() }
        if failure == nil { failure = write(fd) }
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
    /// makes an existing one private. The directory itself must be a real
    /// directory of the user's: a link is not followed (its target's mode would
    /// change), and one that someone else owns is not used.
    func ensureDirectory() throws(ConsentStoreError) {
        var fd = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 && errno == ENOENT {
            if g_mkdir_with_parents(directory, 0o700) != 0 {
                throw .cannotCreateDirectory(path: directory, reason: Self.systemError())
            }
            fd = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            throw directoryRefusal(otherwise: .cannotCreateDirectory(path: directory, reason: Self.systemError()))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotCreateDirectory(path: directory, reason: Self.systemError()) }
        guard info.st_uid == geteuid() else {
            throw .unsafePath(path: directory, reason: "it belongs to \(Self.userName(info.st_uid)), not to you "
                              + "(\(Self.userName(geteuid())))")
        }
        if info.st_mode & 0o777 != 0o700, fchmod(fd, 0o700) != 0 {
            throw .cannotCreateDirectory(path: directory, reason: Self.systemError())
        }
    }

    /// What a file mode says the file is, for messages.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// A mode as `ls` and chmod write it: 0644.
    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// "user NAME (uid N)", or "uid N" when the user has no name.
    static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return "user \(String(cString: name)) (uid \(uid))"
    }

    /// Temporary files left by a writer that was killed before its rename.
    /// Only the lock holder writes, so under the lock every one is stale.
    private func removeStaleTemporaries() {
        guard let dir = g_dir_open(directory, 0, nil) else { return }
        defer { g_dir_close(dir) }
        while let name = g_dir_read_name(dir) {
            let name = String(cString: name)
            // And those of the copy of accepted terms (ConsentStore+AcceptedCopy.swift).
            if name.hasPrefix(Self.temporaryPrefix) || name.hasPrefix(".accepted-") { unlink(directory + "/" + name) }
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> String? {
        switch FileDescriptor.writeAll(fd, bytes) {
        case 0: nil
        case EIO: "short write"
        case let error: String(cString: strerror(error))
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

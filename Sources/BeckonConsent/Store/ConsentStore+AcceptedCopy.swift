import BeckonIO
import CGLib
import Glibc

/// The copy of the terms a person accepted, kept beside the record so that,
/// asked again for another version, they can be shown what changed
/// (``TermsChanges``).
///
/// One file per consent id, `accepted-<sha256 of the id>.md` in the store's
/// directory: the id never becomes a path, whatever it holds. Written 0600,
/// atomically (temporary file, fsync, rename) under the store's lock, before
/// the record; only terms whose bytes are UTF-8 and at most
/// ``maximumCopySize`` are kept, so the copy's SHA-256 is the record's. A
/// revoke removes it. Read back only when it is the user's own regular file,
/// 0600 or stricter, valid UTF-8, within the bound and with the record's
/// SHA-256; anything else is reported through ``onWarning`` and read as no copy.
extension ConsentStore {
    /// The largest copy kept: 1 MiB. Longer terms keep no copy, so the next
    /// version of them is read whole.
    public static let maximumCopySize = 1 << 20

    /// The file holding the accepted text for `id`.
    public func acceptedCopyPath(id: String) -> String {
        directory + "/" + Self.acceptedCopyName(id: id)
    }

    static func acceptedCopyName(id: String) -> String {
        "accepted-" + Checksum.sha256(Array(id.utf8)) + ".md"
    }

    /// Whether a copy of `document` can be kept: UTF-8 bytes within the bound.
    public static func canKeepCopy(of document: TermsDocument) -> Bool {
        document.bytes.count <= maximumCopySize && TextDecoder.isValidUTF8(document.bytes)
    }

    /// Records that the current user accepts `document` as `record`, and keeps
    /// a copy of it (or, when it cannot be kept, removes an older one: it no
    /// longer matches the record).
    public func saveAccepting(_ document: TermsDocument, as record: ConsentRecord) throws(ConsentStoreError) {
        try ensureDirectory()
        try withLock { () throws(ConsentStoreError) in
            if Self.canKeepCopy(of: document) {
                try writeCopy(document.bytes, name: Self.acceptedCopyName(id: record.id))
            } else {
                unlink(acceptedCopyPath(id: record.id))
            }
        }
        try save(record)
    }

    /// The Markdown `record` accepted, when a good copy of it is kept; nil
    /// (with a warning for a copy that is there but not good) otherwise.
    public func acceptedCopy(of record: ConsentRecord) -> String? {
        let path = acceptedCopyPath(id: record.id)
        let directoryFD: Int32?
        do {
            directoryFD = try openTrustedDirectory()
        } catch {
            onWarning("not using the copy of the accepted terms: \(error)")
            return nil
        }
        guard let directoryFD else { return nil }
        defer { close(directoryFD) }
        // O_NONBLOCK: a FIFO planted as the copy must not hang the open.
        let fd = openat(directoryFD, Self.acceptedCopyName(id: record.id), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if fd < 0 {
            if errno != ENOENT { ignoreCopy(path, errno == ELOOP ? "it is a symbolic link" : Self.systemError()) }
            return nil
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { ignoreCopy(path, Self.systemError()); return nil }
        guard info.st_mode & S_IFMT == S_IFREG else {
            ignoreCopy(path, "it is \(Self.kind(of: info.st_mode)), not a regular file")
            return nil
        }
        guard info.st_uid == geteuid() else { ignoreCopy(path, "it belongs to \(Self.userName(info.st_uid))"); return nil }
        guard info.st_mode & 0o077 == 0 else {
            ignoreCopy(path, "its mode is \(Self.octal(info.st_mode & 0o7777)), not 0600")
            return nil
        }
        guard info.st_size <= Self.maximumCopySize else {
            ignoreCopy(path, "it is larger than \(Self.maximumCopySize >> 20) MiB")
            return nil
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes.append(contentsOf: chunk[0..<n])
                if bytes.count > Self.maximumCopySize {
                    ignoreCopy(path, "it is larger than \(Self.maximumCopySize >> 20) MiB")
                    return nil
                }
                continue
            }
            if n == 0 { break }
            if errno == EINTR { continue }
            ignoreCopy(path, Self.systemError())
            return nil
        }
        guard TextDecoder.isValidUTF8(bytes) else { ignoreCopy(path, "it is not UTF-8 text"); return nil }
        guard Checksum.sha256(bytes) == record.sha256 else {
            ignoreCopy(path, "its SHA-256 is not the record's")
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Removes the copy for `id`, if any. A revoke does it.
    func removeCopy(id: String) {
        unlink(acceptedCopyPath(id: id))
    }

    private func ignoreCopy(_ path: String, _ reason: String) {
        onWarning("ignoring the copy of the accepted terms \(path): \(reason); showing the terms whole")
    }

    /// Replaces file `name` in the directory with `bytes`, 0600, atomically.
    /// Call it holding the lock.
    private func writeCopy(_ bytes: [UInt8], name: String) throws(ConsentStoreError) {
        try replaceAtomically(directory + "/" + name, temporaryPrefix: "." + name + ".") { Self.writeAll($0, bytes[...]) }
    }
}

import BeckonIO
import Glibc

extension TermsDocument {
    /// The most terms read: 16 MiB, many times any real terms of use. More is
    /// refused with ``TermsError/tooLarge(source:limit:)`` rather than read into memory.
    public static let sizeLimit = 16 << 20

    /// Reads the terms from a file; see ``init(bytes:encoding:localeCharset:)``
    /// for how they become text.
    ///
    /// A regular file larger than ``sizeLimit`` is refused before it is read;
    /// anything else (a FIFO, a device) is read until its end, the limit or
    /// `deadline`, whichever comes first. A FIFO with no writer yet is waited
    /// for, up to `deadline`.
    public static func read(path: String, encoding: String? = nil,
                            deadline: ContinuousClock.Instant? = nil) throws(TermsError) -> TermsDocument {
        // Non-blocking, so opening a FIFO does not wait for a writer past the deadline.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw .unreadable(path: path, reason: "it is a directory, not a file")
        case S_IFREG where status.st_size > sizeLimit:
            throw .tooLarge(source: path, limit: sizeLimit)
        default:
            break
        }
        let bytes = try readAll(fd, source: path, deadline: deadline)
        guard !bytes.isEmpty else { throw .empty(source: path) }
        return TermsDocument(bytes: bytes, encoding: encoding)
    }

    /// Reads the terms from a file descriptor (standard input by default) to its
    /// end, at most ``sizeLimit`` bytes and no later than `deadline`.
    public static func read(fileDescriptor fd: Int32 = 0, encoding: String? = nil,
                            deadline: ContinuousClock.Instant? = nil) throws(TermsError) -> TermsDocument {
        let source = fd == 0 ? "standard input" : "file descriptor \(fd)"
        let bytes = try readAll(fd, source: source, deadline: deadline)
        guard !bytes.isEmpty else { throw .empty(source: source) }
        return TermsDocument(bytes: bytes, encoding: encoding)
    }

    private static func readAll(_ fd: Int32, source: String,
                                deadline: ContinuousClock.Instant?) throws(TermsError) -> [UInt8] {
        switch BoundedReader.readAll(fileDescriptor: fd, limit: sizeLimit, deadline: deadline) {
        case .success(let bytes):
            return bytes
        case .failure(.tooLarge):
            throw .tooLarge(source: source, limit: sizeLimit)
        case .failure(.timedOut):
            throw .readTimedOut(source: source)
        case .failure(.failed(let error)):
            let reason = error == EISDIR ? "it is a directory, not a file" : String(cString: strerror(error))
            if fd == 0 && source == "standard input" { throw .unreadableInput(reason: reason) }
            throw .unreadable(path: source, reason: reason)
        }
    }
}

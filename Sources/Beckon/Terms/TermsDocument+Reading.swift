import CGtk
import Glibc

extension TermsDocument {
    /// Reads the terms from a file; see ``init(bytes:encoding:localeCharset:)``
    /// for how they become text.
    public static func read(path: String, encoding: String? = nil) throws(TermsError) -> TermsDocument {
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(path, &contents, &length, &error) != 0, let contents else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if error != nil { g_error_free(error) }
            throw .unreadable(path: path, reason: reason)
        }
        defer { g_free(contents) }
        let bytes = Array(UnsafeRawBufferPointer(start: contents, count: Int(length)))
        guard !bytes.isEmpty else { throw .empty(source: path) }
        return TermsDocument(bytes: bytes, encoding: encoding)
    }

    /// Reads the terms from a file descriptor to its end (standard input by default).
    public static func read(fileDescriptor fd: Int32 = 0, encoding: String? = nil) throws(TermsError) -> TermsDocument {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes.append(contentsOf: chunk[0..<n])
            } else if n == 0 {
                break
            } else if errno != EINTR {
                throw .unreadableInput(reason: String(cString: strerror(errno)))
            }
        }
        guard !bytes.isEmpty else { throw .empty(source: "standard input") }
        return TermsDocument(bytes: bytes, encoding: encoding)
    }
}

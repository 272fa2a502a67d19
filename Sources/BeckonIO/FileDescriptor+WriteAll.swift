import CBeckonGLib

/// Writing to a descriptor without Foundation or stdio buffering, so nothing
/// is lost when the process exits right after.
package enum FileDescriptor {
    /// Writes all of `bytes` to `fd` (again after EINTR): 0, or the errno of
    /// the failed write (EIO for a write of nothing). The one write-all loop,
    /// shared with the C watchdog (`beckon_fd_write_all`).
    @discardableResult
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        return beckon_fd_write_all(fd, base, bytes.count)
    }

    /// Writes `text` whole, as UTF-8.
    @discardableResult
    package static func writeAll(_ fd: Int32, _ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes` whole.
    @discardableResult
    package static func writeAll<Bytes: Collection<UInt8>>(_ fd: Int32, _ bytes: Bytes) -> Int32 {
        bytes.withContiguousStorageIfAvailable { writeAll(fd, UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { writeAll(fd, $0) }
    }
}

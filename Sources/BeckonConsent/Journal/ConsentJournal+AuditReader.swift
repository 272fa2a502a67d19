import CBeckonGLib
import CGLib
import Glibc

extension ConsentJournal {
    /// One sd_journal opened for an audit: the local journal, or some
    /// collected files, filtered by the audit's matches, read oldest first
    /// with no field past the audit's limit. A class so that the journal is
    /// closed (its files unmapped) when the last user lets it go, as
    /// ``FileMerge`` does with the files it is not reading.
    final class AuditReader {
        private let reader: OpaquePointer
        private let names: Set<String>
        private let fieldBytes: Int

        /// Opens `files` (none: the local journal), filtered by `matches`,
        /// before its first entry. The fields read are those in `names`, none
        /// longer than `fieldBytes` (``cutValue(_:fieldBytes:)``).
        convenience init(files: [String], matching matches: [String], names: Set<String>, fieldBytes: Int) throws(ReadError) {
            var paths = files.map { strdup($0) }
            defer { paths.forEach { free($0) } }
            try self.init(matching: matches, names: names, fieldBytes: fieldBytes, file: files.count == 1 ? files[0] : nil) {
                matchPointers, matchCount, threshold, code in
                paths.withUnsafeMutableBufferPointer { paths in
                    paths.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
                        beckon_journal_reader_open_sources($0.baseAddress, Int32($0.count), matchPointers, matchCount, threshold, code)
                    }
                }
            }
        }

        /// Opens the journal file open as `descriptor` (`path` names it in
        /// errors), as ``init(files:matching:names:fieldBytes:)`` opens one
        /// file. The descriptor stays the caller's.
        convenience init(descriptor: Int32, path: String, matching matches: [String], names: Set<String>,
                         fieldBytes: Int) throws(ReadError) {
            try self.init(matching: matches, names: names, fieldBytes: fieldBytes, file: path) {
                matchPointers, matchCount, threshold, code in
                beckon_journal_reader_open_file_fd(descriptor, matchPointers, matchCount, threshold, code)
            }
        }

        private init(matching matches: [String], names: Set<String>, fieldBytes: Int, file: String?,
                     _ open: (UnsafePointer<UnsafePointer<CChar>?>?, Int32, Int, UnsafeMutablePointer<Int32>) -> OpaquePointer?)
            throws(ReadError) {
            var pointers = matches.map { strdup($0) }
            defer { pointers.forEach { free($0) } }
            // The name's at most 64 bytes, "=", the value and one byte more, so a value cut by journald is seen as cut.
            let threshold = 64 + 1 + fieldBytes + 1
            var code: Int32 = 0
            let reader = pointers.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { open($0.baseAddress, Int32($0.count), threshold, &code) }
            }
            guard let reader else { throw ReadError(code: code, file: file) }
            self.reader = reader
            self.names = names
            self.fieldBytes = fieldBytes
        }

        deinit { beckon_journal_reader_free(reader) }

        /// Moves to the next entry: false after the last.
        func next() throws(ReadError) -> Bool {
            let step = beckon_journal_reader_next(reader)
            if step < 0 { throw ReadError(code: step) }
            return step > 0
        }

        /// The current entry's `__REALTIME_TIMESTAMP`.
        var realtime: UInt64 { UInt64(beckon_journal_reader_realtime_usec(reader)) }

        /// The current entry's `__MONOTONIC_TIMESTAMP` and boot, which with
        /// its realtime and fields tell a copy of an entry from another entry.
        var monotonic: (usec: UInt64, boot: (UInt64, UInt64)) {
            var boot = (UInt64(0), UInt64(0))
            let usec = withUnsafeMutableBytes(of: &boot) {
                beckon_journal_reader_monotonic_usec(reader, $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            return (UInt64(usec), boot)
        }

        /// Where the reader is, to open the file again there (``seek(to:)``).
        var cursor: String? {
            guard let cursor = beckon_journal_reader_cursor(reader) else { return nil }
            defer { g_free(cursor) }
            return String(cString: cursor)
        }

        /// Moves onto the entry of `cursor`, taken from a reader of the same
        /// file; -ESTALE when the file no longer holds it.
        func seek(to cursor: String) throws(ReadError) {
            let result = beckon_journal_reader_seek_cursor(reader, cursor)
            if result < 0 { throw ReadError(code: result) }
        }

        /// The current entry: the fields in `names` it has, in one pass over it.
        var entry: Entry {
            var fields: [String: String] = [:]
            var data: UnsafePointer<CChar>?
            var size = 0, nameLength = 0
            while beckon_journal_reader_next_field(reader, &data, &size, &nameLength) > 0, let data {
                data.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
                    let name = String(decoding: UnsafeBufferPointer(start: bytes, count: nameLength), as: UTF8.self)
                    guard names.contains(name), fields[name] == nil else { return }
                    fields[name] = cutValue(UnsafeBufferPointer(start: bytes + nameLength + 1, count: size - nameLength - 1),
                                            fieldBytes: fieldBytes)
                }
            }
            return Entry(fields: fields, realtimeMicroseconds: realtime)
        }
    }
}

import Glibc

extension ConsentJournal {
    /// Collected journal files, any number of them, read oldest first with
    /// at most ``openLimit`` open at a time.
    ///
    /// sd_journal, given every file at once (sd_journal_open_files, as
    /// journalctl --directory does), keeps each open and mapped and looks at
    /// each one's next entry at every step: memory and time grow with the
    /// files (about 260 KiB a file; 10,000 files whose entries interleave did
    /// not finish in 14 minutes). Here each file gets a reader of its own,
    /// opened when the merge needs its next entry and closed, its place kept
    /// as sd_journal's cursor, when other files need the room: the one closed
    /// is the open file whose next entry comes last. What stays for every
    /// file is its path, the time of its next entry and a cursor. The merge
    /// takes the file whose next entry is oldest (`__REALTIME_TIMESTAMP`, then
    /// the order the files were given in), and each file's entries in the
    /// order they were written, so a file whose clock went back loses no entry.
    /// An entry found in two files (a copy of a file) is given once, as
    /// sd_journal gives it. Each file is held by a descriptor from the
    /// first look to its last entry (a descriptor costs the kernel, not this
    /// process's memory), and opened again by it: journald renaming a file
    /// on rotation while the audit runs cannot take its entries away. Past
    /// the process's limit of descriptors a file is opened again by its
    /// path. A file deleted meanwhile cannot be opened again (sd_journal
    /// refuses a deleted file, -EIDRM): that is an error, never a gap.
    final class FileMerge {
        /// How many files have a reader open at once: enough for the few
        /// large files of one host and a fleet's current files, few enough
        /// that their structures and mapped pages stay a few MiB.
        static let openLimit = 16
        /// How many entries of one microsecond are remembered to tell a copy
        /// from another entry; past them (which only crafted files reach), a
        /// copy is given again.
        static let copiesRemembered = 64

        private struct File {
            let path: String
            /// Open on the file until its last entry is read; -1 past the limit of descriptors.
            var descriptor: Int32
            /// When its next entry was received: what the merge orders by.
            var next: UInt64
            /// Where to open it again; nil while it has a reader.
            var cursor: String?
            var reader: AuditReader?
        }

        private var files: [File] = []
        /// Indices into `files` of those with entries left, a binary min-heap by (``File/next``, index).
        private var heap: [Int] = []
        /// Indices into `files` of those with a reader.
        private var open: [Int] = []
        private let matches: [String]
        private let names: Set<String>
        private let fieldBytes: Int

        /// Opens each of `paths` in turn (each once, however often named),
        /// so that one that is not a journal or cannot be read fails here,
        /// before any entry is given, naming it; finds its first entry of
        /// `matches`, and keeps open the ``openLimit`` files whose first
        /// entries come first.
        init(files paths: [String], matching matches: [String], names: Set<String>, fieldBytes: Int) throws(ReadError) {
            guard !paths.isEmpty else { throw ReadError(code: -ENOENT) }
            self.matches = matches
            self.names = names
            self.fieldBytes = fieldBytes
            var seen = Set<String>(), seenFiles = Set<[UInt64]>()
            for path in paths where seen.insert(path).inserted {
                let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
                if descriptor < 0, errno != EMFILE, errno != ENFILE { throw ReadError(code: -errno, file: path) }
                var info = stat()
                // The same file under two names (a link, a directory named twice) is read once.
                if descriptor >= 0, fstat(descriptor, &info) == 0,
                   !seenFiles.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted {
                    Glibc.close(descriptor)
                    continue
                }
                let reader: AuditReader
                do {
                    reader = try Self.reader(path, descriptor, matches, names, fieldBytes)
                    guard try Self.naming(path, { () throws(ReadError) in try reader.next() }) else {
                        if descriptor >= 0 { Glibc.close(descriptor) }
                        continue
                    }
                } catch {
                    if descriptor >= 0 { Glibc.close(descriptor) }
                    throw error
                }
                files.append(File(path: path, descriptor: descriptor, next: reader.realtime, cursor: nil, reader: nil))
                let index = files.count - 1
                push(index)
                if open.count >= Self.openLimit {
                    // Kept only if it comes before an open one, which then makes room.
                    guard let last = open.max(by: comesBefore), comesBefore(index, last) else {
                        files[index].cursor = try cursor(of: reader, index)
                        continue
                    }
                    try close(last)
                }
                files[index].reader = reader
                open.append(index)
            }
        }

        deinit {
            for file in files where file.descriptor >= 0 { Glibc.close(file.descriptor) }
        }

        /// A reader of the file at `path`, by its descriptor when it has one.
        private static func reader(_ path: String, _ descriptor: Int32, _ matches: [String], _ names: Set<String>,
                                   _ fieldBytes: Int) throws(ReadError) -> AuditReader {
            descriptor >= 0
                ? try AuditReader(descriptor: descriptor, path: path, matching: matches, names: names, fieldBytes: fieldBytes)
                : try AuditReader(files: [path], matching: matches, names: names, fieldBytes: fieldBytes)
        }

        /// Calls `body` with each entry, oldest first; `body` returns false to stop.
        func forEachEntry(_ body: (Entry) -> Bool) throws(ReadError) {
            // Opening mapped every file's header; reading maps windows: both are given back as it goes.
            releaseMappedPages()
            var read = 0
            var copies: [(monotonic: UInt64, boot: (UInt64, UInt64), entry: Entry)] = []
            while let index = pop() {
                let reader = try reader(of: index)
                let entry = reader.entry
                let (monotonic, boot) = reader.monotonic
                if copies.first?.entry.realtimeMicroseconds != entry.realtimeMicroseconds { copies.removeAll(keepingCapacity: true) }
                let isCopy = copies.contains { $0.monotonic == monotonic && $0.boot == boot && $0.entry == entry }
                if !isCopy {
                    if copies.count < Self.copiesRemembered { copies.append((monotonic, boot, entry)) }
                    if !body(entry) { return }
                }
                read += 1
                if read % pageReleaseInterval == 0 { releaseMappedPages() }
                let path = files[index].path
                if try Self.naming(path, { () throws(ReadError) in try reader.next() }) {
                    files[index].next = reader.realtime
                    push(index)
                } else {
                    files[index].reader = nil
                    open.removeAll { $0 == index }
                    if files[index].descriptor >= 0 { Glibc.close(files[index].descriptor) }
                    files[index].descriptor = -1
                }
            }
        }

        /// File `index`'s reader, on its next entry: opened again at its
        /// cursor when it was closed, another closed first if ``openLimit`` are open.
        private func reader(of index: Int) throws(ReadError) -> AuditReader {
            if let reader = files[index].reader { return reader }
            if open.count >= Self.openLimit, let last = open.max(by: comesBefore) { try close(last) }
            let path = files[index].path
            let reader = try Self.reader(path, files[index].descriptor, matches, names, fieldBytes)
            if let cursor = files[index].cursor {
                try Self.naming(path) { () throws(ReadError) in try reader.seek(to: cursor) }
            } else {
                guard try Self.naming(path, { () throws(ReadError) in try reader.next() }) else {
                    throw ReadError(code: -ESTALE, file: path)
                }
            }
            files[index].reader = reader
            files[index].cursor = nil
            open.append(index)
            return reader
        }

        /// Closes file `index`'s reader, its place kept as a cursor.
        private func close(_ index: Int) throws(ReadError) {
            guard let reader = files[index].reader else { return }
            files[index].cursor = try cursor(of: reader, index)
            files[index].reader = nil
            open.removeAll { $0 == index }
        }

        private func cursor(of reader: AuditReader, _ index: Int) throws(ReadError) -> String {
            guard let cursor = reader.cursor else { throw ReadError(code: -EIO, file: files[index].path) }
            return cursor
        }

        /// `body`'s error, naming the file it read.
        @discardableResult
        private static func naming<T>(_ path: String, _ body: () throws(ReadError) -> T) throws(ReadError) -> T {
            do {
                return try body()
            } catch {
                throw ReadError(code: error.code, file: error.file ?? path)
            }
        }

        // MARK: The heap of files by their next entry

        private func comesBefore(_ a: Int, _ b: Int) -> Bool {
            (files[a].next, a) < (files[b].next, b)
        }

        private func push(_ index: Int) {
            heap.append(index)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard comesBefore(heap[child], heap[parent]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }

        private func pop() -> Int? {
            guard let first = heap.first else { return nil }
            let last = heap.removeLast()
            guard !heap.isEmpty else { return first }
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var least = parent
                if left < heap.count, comesBefore(heap[left], heap[least]) { least = left }
                if right < heap.count, comesBefore(heap[right], heap[least]) { least = right }
                if least == parent { break }
                heap.swapAt(parent, least)
                parent = least
            }
            return first
        }
    }
}

import Glibc

extension ConsentJournal {
    /// Gives the pages of the journal files this process has mapped back to
    /// the page cache. libsystemd maps journal files in windows of 8 MiB and
    /// keeps up to 64 of them mapped once used (its mmap-cache.c), so
    /// reading 1,000,000 entries would leave hundreds of MiB of the files
    /// resident in the process, and 10,000 files a window each. Those pages
    /// are clean and shared with the page cache: `madvise(MADV_DONTNEED)` on
    /// the read-only shared mappings of `*.journal` files (found in
    /// /proc/self/maps) drops them from this process; what libsystemd reads
    /// next faults back in from the cache. Nothing of the files is lost or
    /// changed.
    static func releaseMappedPages() {
        guard let maps = fopen("/proc/self/maps", "re") else { return }
        defer { fclose(maps) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), maps) != nil {
            let text = String(cString: line)
            // "start-end perms offset dev inode   path"
            let parts = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard parts.count == 6 else { continue }
            let path = parts[5].drop { $0 == " " }.dropLast(text.hasSuffix("\n") ? 1 : 0)
            guard path.hasSuffix(".journal") || path.hasSuffix(".journal~"), parts[1] == "r--s" else { continue }
            let range = parts[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16), end > start,
                  let address = UnsafeMutableRawPointer(bitPattern: start)
            else { continue }
            madvise(address, Int(end - start), MADV_DONTNEED)
        }
    }
}

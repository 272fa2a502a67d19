import Glibc

/// The processes feeding this one's stdin pipe, found through /proc, for
/// `--kill-writers`: every process but this one holding the pipe open for
/// writing (in `work | beckon --progress`, the shell running `work` and the
/// commands it started with its stdout), and their descendants.
///
/// zenity's `--auto-kill` signals the parent instead, which in a script is
/// the script's shell: the work goes on. Process groups are of no help here: a
/// script's commands, and a pipeline under job control, share one group with
/// beckon and its parent. This process and its ancestors are never signalled.
enum PipeWriters {
    /// The writers of `fileDescriptor`'s pipe and their descendants; empty
    /// when it is not a pipe or a FIFO.
    static func find(of fileDescriptor: Int32 = 0) -> [pid_t] {
        var own = stat()
        guard fstat(fileDescriptor, &own) == 0, (own.st_mode & S_IFMT) == S_IFIFO else { return [] }
        let me = getpid()
        var writers: Set<pid_t> = []
        for pid in processes() where pid != me {
            for descriptor in descriptors(of: pid) {
                var target = stat()
                guard stat("/proc/\(pid)/fd/\(descriptor)", &target) == 0,
                      target.st_dev == own.st_dev, target.st_ino == own.st_ino,
                      opensForWriting(pid: pid, descriptor: descriptor) else { continue }
                writers.insert(pid)
                break
            }
        }
        guard !writers.isEmpty else { return [] }
        let parents = parentTable()
        var spared: Set<pid_t> = [me]
        var ancestor = getppid()
        while ancestor > 1, spared.insert(ancestor).inserted { ancestor = parents[ancestor] ?? 0 }
        var result = writers.subtracting(spared)
        // Descendants, found by walking up from every process.
        for pid in parents.keys where !result.contains(pid) && !spared.contains(pid) {
            var up = parents[pid] ?? 0
            var seen = 0
            while up > 1, seen < 4096 {
                if result.contains(up) || writers.contains(up) { result.insert(pid); break }
                up = parents[up] ?? 0
                seen += 1
            }
        }
        return result.sorted()
    }

    /// Sends `signal` to every writer of stdin and its descendants; returns them.
    @discardableResult
    static func stop(signal: Int32 = SIGTERM) -> [pid_t] {
        let pids = find()
        for pid in pids { kill(pid, signal) }
        return pids
    }

    private static func processes() -> [pid_t] {
        entries(of: "/proc").compactMap { pid_t($0) }
    }

    private static func descriptors(of pid: pid_t) -> [String] {
        entries(of: "/proc/\(pid)/fd")
    }

    private static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether /proc/PID/fdinfo/FD says the descriptor was opened for writing.
    private static func opensForWriting(pid: pid_t, descriptor: String) -> Bool {
        guard let text = readSmallFile("/proc/\(pid)/fdinfo/\(descriptor)") else { return false }
        for line in text.split(separator: "\n") where line.hasPrefix("flags:") {
            let value = line.dropFirst("flags:".count).trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            guard let flags = Int32(value, radix: 8) else { return false }
            return flags & O_ACCMODE == O_WRONLY || flags & O_ACCMODE == O_RDWR
        }
        return false
    }

    /// Every process's parent, from /proc/PID/stat.
    private static func parentTable() -> [pid_t: pid_t] {
        var parents: [pid_t: pid_t] = [:]
        for pid in processes() {
            // "PID (COMM) STATE PPID …": COMM may hold spaces and parentheses.
            guard let text = readSmallFile("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else { continue }
            let fields = text[text.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        return parents
    }

    private static func readSmallFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4096) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }
}

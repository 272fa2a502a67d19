import BeckonLoginGate
import Glibc

/// What the enforcer checks of a process that says it is a gate's window,
/// as root, from /proc, before it believes a word of it and again at its
/// Accept (docs/administrators.md, "The enforcer", has what this closes and what it
/// does not):
/// - its executable is one of the trusted ones, by device and inode (a path
///   can be replaced; the file the process runs cannot);
/// - it is non-dumpable, so its own user can neither ptrace it nor open its
///   memory or descriptors (its /proc files are root's);
/// - no tracer is attached;
/// - it runs in the initial user, pid and mount namespaces (those of
///   /proc/1): in a namespace of its own user, that user holds capabilities
///   over it (ptrace, forged `SCM_CREDENTIALS`, mounts over system paths);
/// - every executable mapping is a file of root's that only root can write,
///   as the kernel mapped it (opened through /proc/PID/map_files, so a file
///   bind-mounted over a system path in another mount namespace is the file
///   checked), and still on disk: no module of the user's (GTK_MODULES, GIO
///   modules, a pixbuf loader) and no anonymous code;
/// - it started with the environment a gate runs with
///   (``GateEnvironment/violations(in:)``): no `LD_*` variable, no module,
///   theme or search path of the user's.
public struct GateProcessCheck: Sendable {
    /// A trusted executable: its path, device and inode.
    public struct Executable: Sendable, Equatable {
        public var path: String
        public var device: UInt64
        public var inode: UInt64
    }

    public var executables: [Executable]
    /// O_PATH (Linux's value; Swift's Glibc leaves it out): the mapped file
    /// opened to be looked at, never read.
    static let openPath: Int32 = 0o10000000
    /// The namespaces a gate must share with the system's init.
    static let namespaces = ["user", "pid", "mnt"]
    /// Where /proc is (a test's copy is never needed: the checks run on real processes).
    public var proc = "/proc"

    /// The executables at `paths` as they are now; a path that does not exist is left out.
    public init(paths: [String]) {
        executables = paths.compactMap { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return Executable(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
    }

    /// The trusted executable `pid` runs, if it passes every check as a
    /// process of `uid`; else why not, in a few words for the journal.
    public func check(pid: pid_t, uid: uid_t) -> Result<Executable, Refusal> {
        let base = "\(proc)/\(pid)"
        var info = stat()
        guard stat("\(base)/exe", &info) == 0 else { return .failure(.init("its executable cannot be seen")) }
        guard let executable = executables.first(where: { $0.device == UInt64(info.st_dev) && $0.inode == UInt64(info.st_ino) })
        else { return .failure(.init("it does not run a trusted gate executable")) }
        // Non-dumpable: the kernel makes its /proc files root's (all but the
        // directory itself, which keeps the owner for `ps`).
        guard stat("\(base)/fd", &info) == 0 else { return .failure(.init("it is gone")) }
        guard info.st_uid == 0 else { return .failure(.init("it is dumpable (its user could trace it)")) }
        guard let status = Self.read("\(base)/status") else { return .failure(.init("its status cannot be read")) }
        for line in status.split(separator: "\n") {
            if line.hasPrefix("TracerPid:"), line.dropFirst(10).trimmingCharacters != "0" {
                return .failure(.init("it is traced"))
            }
            if line.hasPrefix("Uid:") {
                let ids = line.dropFirst(4).split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard ids.count == 4, ids.allSatisfy({ uid_t($0) == uid }) else {
                    return .failure(.init("its uids are not all the user's"))
                }
            }
        }
        if let refusal = checkMappings(base) { return .failure(refusal) }
        if let refusal = checkNamespaces(base) { return .failure(refusal) }
        guard let environment = Self.read("\(base)/environ", limit: 1 << 20) else {
            return .failure(.init("its environment cannot be read"))
        }
        let variables = environment.split(separator: "\0").map(String.init)
        // LD_* named first, in the words the journal has always used.
        for variable in variables where variable.hasPrefix("LD_") {
            return .failure(.init("it started with \(variable.prefix { $0 != "=" }) set"))
        }
        let violations = GateEnvironment.violations(in: variables)
        if !violations.isEmpty {
            let shown = violations.prefix(8).joined(separator: ", ") + (violations.count > 8 ? ", …" : "")
            return .failure(.init("it started with an environment no gate runs with (\(shown))"))
        }
        return .success(executable)
    }

    /// Every executable mapping of the process at `base`, as the kernel
    /// mapped it: opened through map_files (which needs CAP_CHECKPOINT_RESTORE
    /// in the initial user namespace; an entry that cannot be opened fails
    /// closed) and checked by its inode, never by a path looked up in the
    /// enforcer's own mount namespace.
    func checkMappings(_ base: String) -> Refusal? {
        guard let maps = Self.read("\(base)/maps", limit: 16 << 20) else { return .init("its mappings cannot be read") }
        var checked = Set<String>()
        for line in maps.split(separator: "\n") {
            let columns = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard columns.count >= 5, columns[1].count >= 3, columns[1].dropFirst(2).first == "x" else { continue }
            let path = columns.count == 6 ? String(columns[5].drop { $0 == " " }) : ""
            if path == "[vdso]" || path == "[vsyscall]" { continue }
            guard path.hasPrefix("/"), !path.hasSuffix(" (deleted)"), columns[4] != "0" else {
                return .init("it runs code that is no file on disk (\(path.isEmpty ? "anonymous" : path))")
            }
            // The same file (device and inode, as the kernel reports the one
            // mapped) need not be opened twice.
            guard checked.insert("\(columns[3]) \(columns[4])").inserted else { continue }
            let fd = open("\(base)/map_files/\(columns[0])", Self.openPath | O_CLOEXEC)
            guard fd >= 0 else {
                return .init("its mapping of \(path) cannot be opened through map_files (\(String(cString: strerror(errno))))")
            }
            var file = stat()
            let stated = fstat(fd, &file)
            close(fd)
            guard stated == 0, file.st_mode & S_IFMT == S_IFREG, file.st_uid == 0, file.st_mode & 0o022 == 0 else {
                return .init("it runs code from \(path), which is not root's alone")
            }
        }
        return nil
    }

    /// The process's user, pid and mount namespaces against init's (or
    /// `reference`'s, a test's own process where init's cannot be read): a
    /// process in any other may be in one its own user made.
    func checkNamespaces(_ base: String, reference: String? = nil) -> Refusal? {
        let initial = reference ?? "\(proc)/1"
        for name in Self.namespaces {
            var mine = stat(), initialNamespace = stat()
            guard stat("\(base)/ns/\(name)", &mine) == 0, stat("\(initial)/ns/\(name)", &initialNamespace) == 0 else {
                return .init("its \(name) namespace cannot be seen")
            }
            guard mine.st_dev == initialNamespace.st_dev, mine.st_ino == initialNamespace.st_ino else {
                return .init("it runs in a \(name) namespace of its own, not the system's")
            }
        }
        return nil
    }

    /// When `pid` started (field 22 of /proc/PID/stat, clock ticks since
    /// boot): with the pid, what names one process across an enforcer's
    /// restart, since a pid alone may have been reused.
    public static func startTime(of pid: pid_t, proc: String = "/proc") -> UInt64? {
        guard let text = read("\(proc)/\(pid)/stat", limit: 4096), let close = text.lastIndex(of: ")") else { return nil }
        // After the command's closing parenthesis: field 3 (state) onwards.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }

    /// The logind session `pid` runs in, from its cgroup (`…/session-3.scope`,
    /// as sd_pid_get_session reads it); nil outside every session.
    public static func loginSession(of pid: pid_t, proc: String = "/proc") -> String? {
        guard let text = read("\(proc)/\(pid)/cgroup") else { return nil }
        for line in text.split(separator: "\n") {
            for component in line.split(separator: "/") where component.hasPrefix("session-") && component.hasSuffix(".scope") {
                let id = component.dropFirst(8).dropLast(6)
                if !id.isEmpty { return String(id) }
            }
        }
        return nil
    }

    /// Whether `pid` is on its way out: gone, a zombie, or past the point in
    /// exit where its address space is given up (its status lists no `VmRSS`),
    /// so that its mappings, and every check of them, are gone too.
    public static func isExiting(_ pid: pid_t, proc: String = "/proc") -> Bool {
        guard let status = read("\(proc)/\(pid)/status") else { return true }
        return !status.split(separator: "\n").contains { $0.hasPrefix("VmRSS:") }
    }

    /// Whether `pid` is stopped or traced now (`T` or `t` in /proc/PID/stat).
    public static func isStopped(_ pid: pid_t, proc: String = "/proc") -> Bool {
        guard let text = read("\(proc)/\(pid)/stat", limit: 4096), let close = text.lastIndex(of: ")") else { return false }
        let state = text[text.index(after: close)...].drop { $0 == " " }.first
        return state == "T" || state == "t"
    }

    /// Why a process was refused.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// A /proc file's text, at most `limit` bytes; nil when it cannot be read.
    static func read(_ path: String, limit: Int = 64 << 10) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    fileprivate var trimmingCharacters: Substring { drop { $0 == " " || $0 == "\t" } }
}

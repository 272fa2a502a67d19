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
/// - it started with no `LD_*` variable (a preload, an audit library, another
///   library path);
/// - every executable mapping is a file of root's that only root can write,
///   and still on disk: no module of the user's (GTK_MODULES, GIO modules, a
///   pixbuf loader) and no anonymous code.
public struct GateProcessCheck: Sendable {
    /// A trusted executable: its path, device and inode.
    public struct Executable: Sendable, Equatable {
        public var path: String
        public var device: UInt64
        public var inode: UInt64
    }

    public var executables: [Executable]
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
        guard let environment = Self.read("\(base)/environ", limit: 1 << 20) else {
            return .failure(.init("its environment cannot be read"))
        }
        for variable in environment.split(separator: "\0") where variable.hasPrefix("LD_") {
            return .failure(.init("it started with \(variable.prefix { $0 != "=" }) set"))
        }
        guard let maps = Self.read("\(base)/maps", limit: 16 << 20) else { return .failure(.init("its mappings cannot be read")) }
        var checked = Set<String>()
        for line in maps.split(separator: "\n") {
            let columns = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard columns.count >= 2, columns[1].count >= 3, columns[1].dropFirst(2).first == "x" else { continue }
            let path = columns.count == 6 ? String(columns[5].drop { $0 == " " }) : ""
            if path == "[vdso]" || path == "[vsyscall]" { continue }
            guard path.hasPrefix("/"), !path.hasSuffix(" (deleted)") else {
                return .failure(.init("it runs code that is no file on disk (\(path.isEmpty ? "anonymous" : path))"))
            }
            guard checked.insert(path).inserted else { continue }
            var file = stat()
            guard stat(path, &file) == 0, file.st_uid == 0, file.st_mode & 0o022 == 0 else {
                return .failure(.init("it runs code from \(path), which is not root's alone"))
            }
        }
        return .success(executable)
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

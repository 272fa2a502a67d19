import Glibc

extension SessionDisplays {
    /// Reads, as root, what ``SessionDisplays/evidence(of:)`` decides on: the
    /// processes of a session's cgroup, their sockets (/proc/PID/fd), the
    /// socket tables of their network namespace (/proc/PID/net/…: the
    /// enforcer's own namespace is private, so always the target's), and
    /// their initial environment. Listing another user's /proc/PID/fd and
    /// reading its environ take CAP_DAC_READ_SEARCH as well as
    /// CAP_SYS_PTRACE (the unit's CapabilityBoundingSet).
    public struct Scanner {
        public var proc = "/proc"
        /// Where systemd's cgroup hierarchy may be mounted: the unified one
        /// (cgroup v2), its copy under a hybrid layout, or v1's name=systemd
        /// (a container on a v1 host). The first that has the session's
        /// scope is read.
        public var cgroupRoots = ["/sys/fs/cgroup", "/sys/fs/cgroup/unified", "/sys/fs/cgroup/systemd"]
        /// At most this many processes of a session, and sockets of a
        /// process, are looked at: a user forking without end must not
        /// hold the enforcer's loop (the X server, ssh's listener and the
        /// shell come first in a cgroup's list).
        public static let maximumProcesses = 512
        public static let maximumDescriptors = 4096

        public init() {}

        /// Every sign of a display among the processes of `session`.
        public func evidence(in session: LogindSession) -> [Evidence] {
            var tables: [String: (unix: String, tcp: [String])] = [:]
            var found: [Evidence] = []
            for pid in processes(of: session) {
                guard let facts = facts(of: pid, tables: &tables) else { continue }
                found += SessionDisplays.evidence(of: facts)
            }
            return found
        }

        /// The pids in the session's cgroup and any below it.
        public func processes(of session: LogindSession) -> [pid_t] {
            let scope = session.scope.isEmpty ? "session-\(session.id).scope" : session.scope
            guard !scope.contains("/"), scope != "..", scope != "." else { return [] }
            var pids: [pid_t] = []
            let paths = cgroupRoots.map { "\($0)/user.slice/user-\(session.uid).slice/\(scope)" }
            guard let first = paths.first(where: { access("\($0)/cgroup.procs", R_OK) == 0 }) else { return [] }
            var directories = [first]
            while let directory = directories.popLast(), pids.count < Self.maximumProcesses {
                if let text = GateProcessCheck.read("\(directory)/cgroup.procs", limit: 1 << 20) {
                    pids += text.split(separator: "\n").compactMap { pid_t($0) }
                }
                directories += Self.entries(of: directory).filter { name in
                    var info = stat()
                    return lstat("\(directory)/\(name)", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
                }.map { "\(directory)/\($0)" }
            }
            return Array(pids.prefix(Self.maximumProcesses))
        }

        /// One process's sockets, tables and environment; nil when it is gone.
        func facts(of pid: pid_t, tables: inout [String: (unix: String, tcp: [String])]) -> ProcessFacts? {
            let base = "\(proc)/\(pid)"
            var inodes = Set<UInt64>()
            for name in Self.entries(of: "\(base)/fd").prefix(Self.maximumDescriptors) {
                if let target = Self.link("\(base)/fd/\(name)"), let inode = socketInode(linkTarget: target) {
                    inodes.insert(inode)
                }
            }
            let environment = GateProcessCheck.read("\(base)/environ", limit: 1 << 20) ?? ""
            // The tables are read only for a process with sockets, once per namespace.
            var unix = "", tcp: [String] = []
            if !inodes.isEmpty {
                let namespace = Self.link("\(base)/ns/net") ?? "pid \(pid)"
                if let cached = tables[namespace] {
                    (unix, tcp) = cached
                } else {
                    unix = GateProcessCheck.read("\(base)/net/unix", limit: 16 << 20) ?? ""
                    tcp = ["tcp", "tcp6"].compactMap { GateProcessCheck.read("\(base)/net/\($0)", limit: 16 << 20) }
                    tables[namespace] = (unix, tcp)
                }
            }
            guard !inodes.isEmpty || !environment.isEmpty else { return nil }
            return ProcessFacts(pid: pid, socketInodes: inodes, unixTable: unix, tcpTables: tcp, environment: environment)
        }

        /// The names in a directory, without . and ..; none when it cannot be read.
        static func entries(of directory: String) -> [String] {
            guard let dir = opendir(directory) else { return [] }
            defer { closedir(dir) }
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { names.append(name) }
            }
            return names
        }

        /// A symbolic link's target; nil when it cannot be read.
        static func link(_ path: String) -> String? {
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count >= 0 else { return nil }
            return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}

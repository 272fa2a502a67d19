import Glibc

/// Whether a login shows a desktop, whatever logind's type says of it
/// (docs/administrators.md, "Every graphical route"): `startx` from a text
/// console leaves the type `tty`, `ssh -X` is a `tty` session with an X11
/// forwarding, VNC and xrdp register seatless sessions of no type. The
/// enforcer looks at the processes of the session (its cgroup) for:
/// - a listening Unix socket of an X server (`/tmp/.X11-unix/X5`, or its
///   abstract twin `@/tmp/.X11-unix/X5`) or of a Wayland compositor
///   (`…/wayland-0`);
/// - a listening TCP socket on the X11 ports 6000–6063 (ssh's forwarding,
///   an X server with TCP on);
/// - `DISPLAY=` or `WAYLAND_DISPLAY=` in a process's initial environment
///   (an X client of another display, ssh's shell).
///
/// The parsing and the decision are here, apart from /proc
/// (``SessionDisplays/Scanner``), so that unit tests drive them on fixtures.
public enum SessionDisplays {
    /// What showed that a session is graphical.
    public enum Evidence: Hashable, Sendable, CustomStringConvertible {
        /// An X server listening on display `display`.
        case x11Server(pid: pid_t, display: Int)
        /// A Wayland compositor listening at `path`.
        case waylandServer(pid: pid_t, path: String)
        /// A TCP listener on an X11 port: ssh's X11 forwarding.
        case x11Port(pid: pid_t, port: Int)
        /// `DISPLAY=` or `WAYLAND_DISPLAY=` in the process's environment.
        case environment(pid: pid_t, variable: String)

        public var description: String {
            switch self {
            case let .x11Server(pid, display): "process \(pid) is the X server of :\(display)"
            case let .waylandServer(pid, path): "process \(pid) is a Wayland compositor at \(path)"
            case let .x11Port(pid, port): "process \(pid) listens on X11 port \(port) (display localhost:\(port - x11BasePort))"
            case let .environment(pid, variable): "process \(pid) started with \(variable)"
            }
        }
    }

    /// What the enforcer read of one process of a session.
    public struct ProcessFacts: Sendable {
        public var pid: pid_t
        /// The inodes of its sockets (`socket:[INODE]` in /proc/PID/fd).
        public var socketInodes: Set<UInt64>
        /// Its network namespace's /proc/PID/net/unix, tcp and tcp6.
        public var unixTable: String
        public var tcpTables: [String]
        /// /proc/PID/environ.
        public var environment: String

        public init(pid: pid_t, socketInodes: Set<UInt64>, unixTable: String, tcpTables: [String], environment: String) {
            self.pid = pid
            self.socketInodes = socketInodes
            self.unixTable = unixTable
            self.tcpTables = tcpTables
            self.environment = environment
        }
    }

    /// X's TCP ports start here: display N listens on 6000 + N.
    public static let x11BasePort = 6000
    /// The displays whose ports count: ssh's X11DisplayOffset is 10, and
    /// X's own range ends at 63 (6063).
    public static let x11Ports = x11BasePort...6063

    /// Every sign of a display in `process`.
    public static func evidence(of process: ProcessFacts) -> [Evidence] {
        var found: [Evidence] = []
        for (inode, path) in listeningUnixSockets(process.unixTable) where process.socketInodes.contains(inode) {
            if let display = x11Display(socketPath: path) {
                found.append(.x11Server(pid: process.pid, display: display))
            } else if isWaylandSocket(path) {
                found.append(.waylandServer(pid: process.pid, path: path))
            }
        }
        for table in process.tcpTables {
            for (inode, port) in listeningTCPPorts(table) where process.socketInodes.contains(inode) && x11Ports.contains(port) {
                found.append(.x11Port(pid: process.pid, port: port))
            }
        }
        for variable in displayVariables(process.environment) {
            found.append(.environment(pid: process.pid, variable: variable))
        }
        return Array(Set(found)).sorted { $0.description < $1.description }
    }

    /// The listening sockets of a /proc/PID/net/unix table that have a
    /// name, by inode. Columns: `Num RefCount Protocol Flags Type St Inode
    /// Path`; a listener has `__SO_ACCEPTCON` (0x10000) in Flags.
    public static func listeningUnixSockets(_ table: String) -> [UInt64: String] {
        var sockets: [UInt64: String] = [:]
        for line in table.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: " ", maxSplits: 7, omittingEmptySubsequences: true)
            guard columns.count == 8, let flags = UInt32(columns[3], radix: 16), flags & 0x10000 != 0,
                  let inode = UInt64(columns[6]) else { continue }
            sockets[inode] = String(columns[7])
        }
        return sockets
    }

    /// The listening sockets of a /proc/PID/net/tcp or tcp6 table, by
    /// inode, with their port. Columns: `sl local_address rem_address st …
    /// uid timeout inode`; listening is st 0A.
    public static func listeningTCPPorts(_ table: String) -> [UInt64: Int] {
        var ports: [UInt64: Int] = [:]
        for line in table.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 10, columns[3] == "0A", let colon = columns[1].lastIndex(of: ":"),
                  let port = Int(columns[1][columns[1].index(after: colon)...], radix: 16),
                  let inode = UInt64(columns[9]) else { continue }
            ports[inode] = port
        }
        return ports
    }

    /// The display number of an X server's socket path: `/tmp/.X11-unix/X5`
    /// or `@/tmp/.X11-unix/X5` is 5.
    public static func x11Display(socketPath path: String) -> Int? {
        let name = path.hasPrefix("@") ? path.dropFirst() : Substring(path)
        guard name.hasPrefix("/tmp/.X11-unix/X") else { return nil }
        let digits = name.dropFirst("/tmp/.X11-unix/X".count)
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits) else { return nil }
        return number
    }

    /// Whether `path` is a Wayland compositor's socket: its name is
    /// `wayland-N` (the name every compositor takes unless told otherwise).
    public static func isWaylandSocket(_ path: String) -> Bool {
        guard let name = path.split(separator: "/").last, name.hasPrefix("wayland-") else { return false }
        let rest = name.dropFirst("wayland-".count)
        return !rest.isEmpty && !rest.hasSuffix(".lock")
    }

    /// The display variables set in a NUL-separated environment, as
    /// `NAME=value`: empty values name no display.
    public static func displayVariables(_ environment: String) -> [String] {
        environment.split(separator: "\0").filter { entry in
            (entry.hasPrefix("DISPLAY=") && entry.count > "DISPLAY=".count)
                || (entry.hasPrefix("WAYLAND_DISPLAY=") && entry.count > "WAYLAND_DISPLAY=".count)
        }.map { String($0.prefix(80)) }
    }

    /// The inode of a /proc/PID/fd link's target `socket:[INODE]`.
    public static func socketInode(linkTarget: String) -> UInt64? {
        guard linkTarget.hasPrefix("socket:["), linkTarget.hasSuffix("]") else { return nil }
        return UInt64(linkTarget.dropFirst(8).dropLast())
    }

    /// The display number of a local X display name: `:0`, `:0.1`,
    /// `unix:0`; nil for a remote or TCP one (`localhost:10.0`), which
    /// names a port, not a server this machine's session runs.
    public static func localXDisplay(_ name: String) -> Int? {
        var rest = Substring(name)
        if rest.hasPrefix("unix:") { rest = rest.dropFirst(4) }
        guard rest.hasPrefix(":") else { return nil }
        let digits = rest.dropFirst().prefix { $0 != "." }
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(digits)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

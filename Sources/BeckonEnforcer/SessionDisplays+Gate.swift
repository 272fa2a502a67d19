import CBeckonGLib
import Glibc

extension SessionDisplays {
    /// Where a gate process's window is, as the enforcer finds it from
    /// outside: the X servers at the other end of its sockets.
    public enum GateDisplay: Hashable, Sendable, CustomStringConvertible {
        /// Connected to the X server of display N, and to no other; that
        /// server listens on `/tmp/.X11-unix/XN` in the machine's own
        /// namespaces (not a user's), so no user can stand in for it.
        case x11(Int)
        /// No X connection that can be vouched for: connected to none (a
        /// Wayland gate), to several, or to a server in a user's namespace.
        case unverified(String)

        public var description: String {
            switch self {
            case let .x11(number): ":\(number)"
            case let .unverified(why): why
            }
        }

        /// The X display number, when vouched for.
        public var xDisplay: Int? {
            if case let .x11(number) = self { return number }
            return nil
        }
    }

    /// The display of gate process `pid`: each of its Unix sockets is
    /// borrowed (``beckon_socket_peer``) and asked who is at its other end.
    /// `named`: the display the gate says it opened (`display=` of `shown`),
    /// which must agree.
    public static func gateDisplay(pid: pid_t, named: String?, proc: String = "/proc") -> GateDisplay {
        var displays = Set<Int>()
        var problems: [String] = []
        for name in Scanner.entries(of: "\(proc)/\(pid)/fd").prefix(Scanner.maximumDescriptors) {
            guard let fd = Int32(name), let target = Scanner.link("\(proc)/\(pid)/fd/\(name)"),
                  socketInode(linkTarget: target) != nil else { continue }
            var path = [CChar](repeating: 0, count: 256)
            var server: Int32 = 0
            guard beckon_socket_peer(pid, fd, &path, path.count, &server) == 0 else { continue }
            let peer = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let number = x11Display(socketPath: peer) else { continue }
            if let why = vouch(server: server, display: number, proc: proc) {
                problems.append(why)
            } else {
                displays.insert(number)
            }
        }
        if let problem = problems.first { return .unverified(problem) }
        guard displays.count == 1, let number = displays.first else {
            return .unverified(displays.isEmpty ? "no connection to an X server" : "connected to several X displays")
        }
        if let named, !named.isEmpty, localXDisplay(named) != number {
            return .unverified("it names the display \(named) but is connected to :\(number)")
        }
        return .x11(number)
    }

    /// Why X server `server` cannot be vouched for as display `display`;
    /// nil when it can: it runs in pid 1's mount, user and network
    /// namespaces (a server in a user's own namespace could take the name
    /// of any display there) and holds a listening socket of that display.
    static func vouch(server: pid_t, display: Int, proc: String) -> String? {
        guard server > 0 else { return "the X server of :\(display) is unknown" }
        for namespace in ["mnt", "user", "net"] {
            guard let own = Scanner.link("\(proc)/\(server)/ns/\(namespace)"),
                  own == Scanner.link("\(proc)/1/ns/\(namespace)") else {
                return "the X server of :\(display) (process \(server)) runs in a namespace of its own (\(namespace))"
            }
        }
        var tables: [String: (unix: String, tcp: [String])] = [:]
        var scanner = Scanner()
        scanner.proc = proc
        guard let facts = scanner.facts(of: server, tables: &tables),
              evidence(of: facts).contains(.x11Server(pid: server, display: display)) else {
            return "process \(server) does not listen as the X server of :\(display)"
        }
        return nil
    }
}

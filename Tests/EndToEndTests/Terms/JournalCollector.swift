import BeckonTestSupport
import Foundation
import Testing

/// A fleet's collector on loopback: systemd-journal-remote receiving over
/// HTTP on a free port into a directory of the test's (`--split-mode=host`,
/// a file per sending host), and the systemd-journal-upload processes that
/// send to it, as systemd-journal-remote.service and
/// systemd-journal-upload.service do on real machines.
final class JournalCollector {
    static let remote = "/lib/systemd/systemd-journal-remote"
    static let upload = "/lib/systemd/systemd-journal-upload"

    /// Where the received journal files are.
    let directory: String
    let url: String
    private let root: String
    private var receiver: RunningProcess?
    private var uploads: [RunningProcess] = []

    /// Starts the receiver; returns once it accepts connections. A port taken
    /// between choosing it and the receiver's bind is tried again, with another.
    init(in root: String) throws {
        self.root = root
        directory = root + "/received"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let remote = try FleetHost.renamed(Self.remote, as: "fleet-remote", in: root)
        var failures: [String] = []
        for _ in 1...3 {
            let port = try Self.freePort()
            let process = try RunningProcess(remote, ["--listen-http=127.0.0.1:\(port)",
                                                      "--output=\(directory)/", "--split-mode=host"])
            let listening: (Bool, Bool)
            do {
                listening = try poll("systemd-journal-remote to listen on 127.0.0.1:\(port)", seconds: 10) {
                    (Self.accepts(port: port), process.process.isRunning)
                } until: { $0.0 || !$0.1 }
            } catch {
                FleetHost.stop(process)
                throw error
            }
            if listening.0 {
                receiver = process
                url = "http://127.0.0.1:\(port)"
                return
            }
            failures.append("port \(port): \(process.wait(deadline: 1))")
        }
        throw WaitFailed("systemd-journal-remote did not listen: \(failures)")
    }

    deinit { stop() }

    /// Stops the uploads and the receiver, by their pids.
    func stop() {
        for process in uploads { FleetHost.stop(process) }
        uploads = []
        if let receiver { FleetHost.stop(receiver) }
        receiver = nil
    }

    /// Starts systemd-journal-upload sending the journal files in `journal`
    /// (a host's journal directory) here; it follows them, sending entries as
    /// they are written, until ``stop()``.
    func send(_ journal: String) throws {
        let upload = try FleetHost.renamed(Self.upload, as: "fleet-upload", in: root)
        uploads.append(try RunningProcess(upload, ["--url=\(url)", "--directory=\(journal)"]))
    }

    /// The received entries that match `matches` (journalctl's FIELD=VALUE
    /// matches), as journalctl's JSON objects.
    func entries(_ matches: [String]) throws -> [[String: Any]] {
        let result = try BeckonTestSupport.run("/usr/bin/journalctl",
                                               ["--directory=\(directory)", "--output=json", "--no-pager"] + matches)
        // Before the first entry arrives there is no file: journalctl says so
        // ("No journal files were found") and prints nothing to parse.
        return result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// A TCP port on 127.0.0.1 nobody listens on now (the kernel's choice for port 0).
    static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0, "socket: \(String(cString: strerror(errno)))")
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        try #require(bound, "bind 127.0.0.1:0: \(String(cString: strerror(errno)))")
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether something accepts a TCP connection on 127.0.0.1:`port`.
    static func accepts(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

@testable import BeckonEnforcer
import Glibc
import Testing

/// What makes a session's process a display's, read from fixtures of the
/// /proc files the enforcer reads (SessionDisplays.swift); the reading of
/// real processes is measured on a booted machine (EnforcerRoutesBootedTests).
@Suite struct SessionDisplaysTests {
    /// /proc/net/unix as Linux 6 writes it: an Xvfb :5 listening on its
    /// abstract and path sockets, a client of it (no name: not a listener),
    /// a Wayland compositor, the session bus, a connected X socket.
    static let unix = """
        Num       RefCount Protocol Flags    Type St Inode Path
        0000000000000000: 00000002 00000000 00010000 0001 01 41001 @/tmp/.X11-unix/X5
        0000000000000000: 00000002 00000000 00010000 0001 01 41002 /tmp/.X11-unix/X5
        0000000000000000: 00000003 00000000 00000000 0001 03 41003
        0000000000000000: 00000002 00000000 00010000 0001 01 41004 /run/user/1000/wayland-1
        0000000000000000: 00000002 00000000 00010000 0001 01 41005 /run/user/1000/bus
        0000000000000000: 00000003 00000000 00000000 0001 03 41006 /tmp/.X11-unix/X0
        0000000000000000: 00000002 00000000 00010000 0001 01 41007 /run/user/1000/wayland-1.lock
        0000000000000000: 00000002 00000000 00010000 0001 01 41008 /tmp/.X11-unix/X5/../../etc
        """

    /// /proc/net/tcp: sshd's X11 forwarding on 127.0.0.1:6010 (0x177A),
    /// an sshd on 22, and a connection from 6011 that is not listening.
    static let tcp = """
          sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 0100007F:177A 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 52001 1 0000000000000000 100 0 0 10 0
           1: 0100007F:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 52002 1 0000000000000000 100 0 0 10 0
           2: 0100007F:177B 0100007F:A0B2 01 00000000:00000000 00:00000000 00000000  1000        0 52003 1 0000000000000000 100 0 0 10 0
        """
    static let tcp6 = """
          sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 00000000000000000000000001000000:177A 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 52004 1 0000000000000000 100 0 0 10 0
        """

    static func process(_ inodes: Set<UInt64>, environment: String = "HOME=/home/u\0") -> SessionDisplays.ProcessFacts {
        SessionDisplays.ProcessFacts(pid: 7, socketInodes: inodes, unixTable: unix, tcpTables: [tcp, tcp6], environment: environment)
    }

    @Test func anXServerIsFoundByItsListeningSockets() {
        #expect(SessionDisplays.evidence(of: Self.process([41001, 41002, 41003])) == [.x11Server(pid: 7, display: 5)])
    }

    @Test func aClientOfAnotherDisplayIsNoServer() {
        // Connected to :0, whose accepted end carries X0's name, but not listening.
        #expect(SessionDisplays.evidence(of: Self.process([41003, 41006])).isEmpty)
    }

    @Test func aWaylandCompositorIsFoundButNotItsLockOrTheBus() {
        #expect(SessionDisplays.evidence(of: Self.process([41004, 41005, 41007]))
                    == [.waylandServer(pid: 7, path: "/run/user/1000/wayland-1")])
    }

    @Test func sshX11ForwardingIsFoundByItsPortOnEitherFamily() {
        #expect(SessionDisplays.evidence(of: Self.process([52001])) == [.x11Port(pid: 7, port: 6010)])
        #expect(SessionDisplays.evidence(of: Self.process([52004])) == [.x11Port(pid: 7, port: 6010)])
        // sshd itself, and a connection that is no listener: nothing.
        #expect(SessionDisplays.evidence(of: Self.process([52002, 52003])).isEmpty)
    }

    @Test func aDisplayInTheEnvironmentIsFoundAndAnEmptyOneIsNot() {
        let found = SessionDisplays.evidence(of: Self.process([], environment: "HOME=/h\0DISPLAY=localhost:10.0\0WAYLAND_DISPLAY=\0"))
        #expect(found == [.environment(pid: 7, variable: "DISPLAY=localhost:10.0")])
        #expect(SessionDisplays.evidence(of: Self.process([], environment: "XDISPLAY=:1\0DISPLAY=\0")).isEmpty)
        #expect(SessionDisplays.evidence(of: Self.process([], environment: "WAYLAND_DISPLAY=wayland-0")).count == 1)
    }

    @Test func socketsOfAnotherProcessCountForNothing() {
        #expect(SessionDisplays.evidence(of: Self.process([99999])).isEmpty)
    }

    @Test(arguments: [
        ("/tmp/.X11-unix/X0", 0), ("@/tmp/.X11-unix/X12", 12), ("/tmp/.X11-unix/X", nil), ("/tmp/.X11-unix/X5a", nil),
        ("/tmp/.X11-unix/X5/../../etc", nil), ("/home/u/.X11-unix/X5", nil), ("/tmp/.X11-unix/X1234567", nil),
    ] as [(String, Int?)])
    func anXSocketPathNamesItsDisplay(_ path: String, _ display: Int?) {
        #expect(SessionDisplays.x11Display(socketPath: path) == display)
    }

    @Test(arguments: [
        (":0", 0), (":0.0", 0), ("unix:3", 3), (":12.1", 12), ("localhost:10.0", nil), ("", nil), (":", nil), (":x", nil),
        ("host.example:0", nil),
    ] as [(String, Int?)])
    func aLocalDisplayNameNamesItsNumber(_ name: String, _ number: Int?) {
        #expect(SessionDisplays.localXDisplay(name) == number)
    }

    @Test func socketInodesComeFromTheDescriptorsLinks() {
        #expect(SessionDisplays.socketInode(linkTarget: "socket:[41001]") == 41001)
        #expect(SessionDisplays.socketInode(linkTarget: "pipe:[41001]") == nil)
        #expect(SessionDisplays.socketInode(linkTarget: "/tmp/.X11-unix/X5") == nil)
    }

    @Test func aTableThatDoesNotReadFindsNothing() {
        #expect(SessionDisplays.listeningUnixSockets("garbage\n1 2 3\n\0\0").isEmpty)
        #expect(SessionDisplays.listeningTCPPorts("sl\n0: zz:zz 0 0A a b c d e f").isEmpty)
    }

    /// The scanner on this very process: its own listening socket at an X
    /// path is found (the real /proc, the real cgroup file format aside).
    @Test func theScannerReadsARealProcess() throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // Abstract, so nothing is left on disk: "@/tmp/.X11-unix/X<pid-based>".
        let number = 10_000 + Int(getpid() % 50_000)
        let name = Array("\0/tmp/.X11-unix/X\(number)".utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in name.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        #expect(bound == 0 && listen(fd, 1) == 0)
        var tables: [String: (unix: String, tcp: [String])] = [:]
        let facts = try #require(SessionDisplays.Scanner().facts(of: getpid(), tables: &tables))
        #expect(SessionDisplays.evidence(of: facts).contains(.x11Server(pid: getpid(), display: number)))
    }
}

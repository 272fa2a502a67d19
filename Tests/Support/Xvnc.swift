import Foundation

/// A private X server with several real RandR outputs: TigerVNC's Xvnc.
///
/// GTK 3 makes one GdkMonitor per RandR output with a CRTC. Xvfb has one
/// output only (its `xrandr --setmonitor` monitors have none, and GTK skips
/// them; its Xinerama screens GTK ignores), Xephyr reports one, and the Xorg
/// dummy driver of Debian 12 has no RandR outputs at all. Xvnc adds an output
/// for each screen a VNC client asks for in an ExtendedDesktopSize layout
/// (RFB's SetDesktopSize), and the layout stays after the client leaves: so a
/// tiny RFB client of the test's own (``layOut(_:height:)``) gives GTK two
/// monitors, and a third while a window shows, as a plugged-in monitor would.
package final class Xvnc {
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
    }

    package let display: String
    private let port: Int
    private let process: RunningProcess
    private var windowManager: RunningProcess?

    /// Starts Xvnc laid out as monitors `widths` wide, side by side, `height` high.
    package init(monitors widths: [Int], height: Int = 800) throws {
        guard let xvnc = which("Xvnc") else {
            throw Unavailable(description: "Xvnc is missing (tigervnc-standalone-server; scripts/debian-packages.txt installs it)")
        }
        var number = 300 + Int(getpid() % 150)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
                || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            number += 1
        }
        display = ":\(number)"
        port = 5900 + number
        process = try RunningProcess(xvnc, [display, "-geometry", "\(widths.first ?? 1280)x\(height)", "-depth", "24",
                                            "-SecurityTypes", "None", "-localhost", "-rfbport", "\(port)",
                                            "-nolisten", "tcp", "-AlwaysShared"])
        let display = self.display
        try poll("Xvnc on \(display) to accept clients", seconds: 15) {
            (try? run("/usr/bin/xprop", ["-root", "-display", display, "_NET_WM_NAME"], deadline: 5).exitCode) ?? -1
        } until: { $0 == 0 || $0 == 1 } // 1: the property is absent; the server answered
        try layOut(widths, height: height)
    }

    deinit {
        if let windowManager { kill(windowManager.pid, SIGKILL); _ = windowManager.wait(deadline: 5) }
        kill(process.pid, SIGKILL)
        _ = process.wait(deadline: 5)
    }

    /// The monitors as `xrandr --listmonitors` has them: "WIDTHxHEIGHT+X+Y", left to right.
    package func monitors() throws -> [String] {
        let text = try run("/usr/bin/xrandr", ["--display", display, "--listmonitors"], deadline: 10).stdout
        return text.split(separator: "\n").dropFirst().compactMap { line -> (Int, String)? in
            // " 0: +VNC-0 1280/339x800/212+0+0  VNC-0"
            guard let field = line.split(separator: " ").first(where: { $0.contains("/") && $0.contains("x") }) else { return nil }
            let parts = field.split(whereSeparator: { "x+".contains($0) })
            guard parts.count == 4, let width = parts[0].split(separator: "/").first,
                  let height = parts[1].split(separator: "/").first, let x = Int(parts[2]) else { return nil }
            return (x, "\(width)x\(height)+\(parts[2])+\(parts[3])")
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Lays the screen out as monitors `widths` wide, side by side, as a VNC
    /// client asks for it, and waits until RandR lists them.
    package func layOut(_ widths: [Int], height: Int = 800) throws {
        let python = "/usr/bin/python3" // not a pyenv's on PATH: the system's, as CI has it
        guard FileManager.default.isExecutableFile(atPath: python) else { throw Unavailable(description: "\(python) is missing") }
        let result = try run(python, ["-c", Self.client, "\(port)", "\(height)"] + widths.map(String.init), deadline: 15)
        guard result.exitCode == 0 else { throw Unavailable(description: "the RFB layout client failed: \(result)") }
        var x = 0
        let expected = widths.map { width -> String in
            defer { x += width }
            return "\(width)x\(height)+\(x)+0"
        }
        try poll("Xvnc's RandR to list \(expected)", seconds: 10) { try self.monitors() } until: { $0 == expected }
    }

    /// Starts openbox on this server and waits until it manages the screen.
    package func startOpenbox() throws {
        guard let openbox = which("openbox") else { throw Unavailable(description: "openbox is missing") }
        windowManager = try RunningProcess(openbox, ["--sm-disable"], environment: ["DISPLAY": display])
        let display = self.display
        try poll("openbox on \(display)", seconds: 15) {
            (try? run("/usr/bin/xprop", ["-root", "-display", display, "_NET_SUPPORTING_WM_CHECK"], deadline: 5).stdout) ?? ""
        } until: { $0.contains("window id") }
    }

    /// An RFB 3.8 client that says it understands ExtendedDesktopSize, asks
    /// for one screen per width (SetDesktopSize, message 251), waits for the
    /// server's answer to that, and leaves. Arguments: port, height, widths….
    private static let client = #"""
    import socket, struct, sys
    port, height, widths = int(sys.argv[1]), int(sys.argv[2]), [int(w) for w in sys.argv[3:]]
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    def recv(n):
        data = b""
        while len(data) < n:
            chunk = s.recv(n - len(data))
            if not chunk: sys.exit("the server closed the connection")
            data += chunk
        return data
    recv(12); s.sendall(b"RFB 003.008\n")
    count = recv(1)[0]
    if 1 not in recv(count): sys.exit("no security type None")
    s.sendall(b"\x01")
    if struct.unpack(">I", recv(4))[0] != 0: sys.exit("security refused")
    s.sendall(b"\x01")
    width, height0 = struct.unpack(">HH", recv(4)); recv(16); recv(struct.unpack(">I", recv(4))[0])
    s.sendall(struct.pack(">BBHii", 2, 0, 2, 0, -308))  # SetEncodings: Raw, ExtendedDesktopSize
    screens, x = b"", 0
    for index, w in enumerate(widths):
        screens += struct.pack(">IHHHHI", index + 1, x, 0, w, height, 0); x += w
    s.sendall(struct.pack(">BBHHBB", 251, 0, x, height, len(widths), 0) + screens)
    s.sendall(struct.pack(">BBHHHH", 3, 0, 0, 0, width, height0))  # an update request, answered after the layout
    recv(1)
    s.close()
    """#
}

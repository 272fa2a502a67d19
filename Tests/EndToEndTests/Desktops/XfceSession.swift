import BeckonTestSupport
import Foundation

/// A real XFCE 4.18 session, as a person logging in gets it: `dbus-run-session
/// -- xfce4-session` on an X server of its own (Xvfb with one monitor, or
/// ``Xvnc`` with several), which starts xfwm4, xfsettingsd, xfce4-panel and
/// xfdesktop (Debian's failsafe session, /etc/xdg/xfce4/xfconf/xfce-perchannel-xml/xfce4-session.xml)
/// and then the XDG autostart entries.
///
/// The session lives in a home of its own (HOME and every XDG base directory
/// point into a temporary directory), so each test gets a fresh first login,
/// the Greybird GTK and xfwm4 themes, and no ssh-agent or gpg-agent (they
/// would leave the session's process group). Everything is killed at the end:
/// the session's process group, then any process still carrying the session's
/// HOME (a process that left the group, such as the gate's warden), then the
/// X server.
final class XfceSession {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    enum Screen {
        /// Xvfb, one monitor this size.
        case single(width: Int, height: Int)
        /// Xvnc, monitors this wide side by side, 800 pixels high.
        case monitors([Int])
    }

    let display: String
    /// The session's own directory: home, runtime directory, logs.
    let root: URL
    var home: String { root.appendingPathComponent("home").path }
    /// The session bus of this session (dbus-run-session's).
    private(set) var busAddress = ""
    /// When xfce4-session was started (just before exec).
    private(set) var started = Date()
    /// The session's process group and session id: dbus-run-session's shell.
    private(set) var leader: Int32 = 0

    private var xvfb: RunningProcess?
    /// The Xvnc of a `.monitors` session: a test lays its monitors out anew (plugs one in).
    private(set) var xvnc: Xvnc?
    private var starter: RunningProcess?
    private var stopped = false
    /// More variables for the whole session (and so for its autostart entries).
    private let extra: [String: String]

    /// Starts the X server and the session; with `waitUntilIdle`, waits until
    /// xfwm4 manages the screen, the panel is mapped and xfce4-session has
    /// finished its start-up (GetState 1, idle). `autostart` entries
    /// (file name to contents) go into an XDG config directory ahead of
    /// /etc/xdg (`XDG_CONFIG_DIRS`, as /etc/xdg/autostart would hold them),
    /// with `configFiles` (relative path to contents) beside them.
    init(_ screen: Screen = .single(width: 1280, height: 800), autostart: [String: String] = [:],
         configFiles: [String: String] = [:], environment extra: [String: String] = [:], waitUntilIdle: Bool = true) throws {
        self.extra = extra
        root = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-xfce-\(UUID().uuidString)")
        for directory in ["home/.config/xfce4/xfconf/xfce-perchannel-xml", "run", "xdg/autostart"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        chmod(root.appendingPathComponent("run").path, 0o700)
        let channels = root.appendingPathComponent("home/.config/xfce4/xfconf/xfce-perchannel-xml")
        for (name, text) in Self.channels {
            try Data(text.utf8).write(to: channels.appendingPathComponent(name))
        }
        for (name, text) in autostart {
            try Data(text.utf8).write(to: root.appendingPathComponent("xdg/autostart/\(name)"))
        }
        for (path, text) in configFiles {
            let url = root.appendingPathComponent("xdg/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        switch screen {
        case .single(let width, let height):
            let (process, number) = try Self.startXvfb(width: width, height: height, in: root)
            xvfb = process
            display = ":\(number)"
        case .monitors(let widths):
            let server = try Xvnc(monitors: widths)
            xvnc = server
            display = server.display
        }
        do {
            try start()
            if waitUntilIdle { try waitUntilReady() }
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// The session's environment, for programs run inside it (the gate, dialogs).
    var environment: [String: String] {
        [
            "DISPLAY": display, "HOME": home,
            "XDG_CONFIG_HOME": home + "/.config", "XDG_CACHE_HOME": home + "/.cache",
            "XDG_DATA_HOME": home + "/.local/share", "XDG_STATE_HOME": home + "/.local/state",
            "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path,
            "XDG_CONFIG_DIRS": root.appendingPathComponent("xdg").path + ":/etc/xdg",
            // What startxfce4 sets: autostart entries with OnlyShowIn=XFCE run.
            "XDG_CURRENT_DESKTOP": "XFCE", "XDG_SESSION_DESKTOP": "xfce", "DESKTOP_SESSION": "xfce",
            "XDG_SESSION_TYPE": "x11",
            // Not the tests' own: a session of its own, no Wayland, no system bus
            // (dbus-run-session gives none; logind is not this session's).
            "DBUS_SESSION_BUS_ADDRESS": busAddress, "WAYLAND_DISPLAY": "", "SESSION_MANAGER": "",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/beckon-xfce-test", "XDG_SESSION_ID": "",
        ].merging(extra) { $1 }
    }

    private func start() throws {
        let busFile = root.appendingPathComponent("bus").path
        let leaderFile = root.appendingPathComponent("leader").path
        let log = root.appendingPathComponent("session.log").path
        // setsid: the session's own session and process group, so that one
        // kill ends all of it; the shell writes its pid (the group's id), then
        // becomes dbus-run-session, whose child writes the bus address and
        // becomes xfce4-session.
        let script = """
            echo $$ >"$1"
            exec dbus-run-session -- sh -c 'printf "%s\\n" "$DBUS_SESSION_BUS_ADDRESS" >"$1"; exec xfce4-session' sh "$2" >"$3" 2>&1
            """
        var environment = self.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = ""
        started = Date()
        // Through PlasmaSession.unblockSignals: the test runner's threads
        // block SIGCHLD (and more) and a child inherits the mask. Started
        // so, xfwm4 came 25 s late, or not in 60 s (the session's log ending
        // at dbus-daemon activating org.gnome.ScreenSaver for xfce4-session).
        // A login manager starts a session with none blocked.
        starter = try RunningProcess("/usr/bin/python3", ["-c", PlasmaSession.unblockSignals, "/usr/bin/setsid", "-w", "/bin/sh", "-c",
                                                          script, "sh", leaderFile, busFile, log],
                                     environment: environment)
        leader = try poll("the session's leader", seconds: 10) {
            Int32(((try? String(contentsOfFile: leaderFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        } until: { $0 > 0 }
        busAddress = try poll("dbus-run-session's bus address", seconds: 15) {
            (try? String(contentsOfFile: busFile, encoding: .utf8)) ?? ""
        } until: { $0.hasSuffix("\n") }.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until xfwm4 manages the screen, the panel shows and the session
    /// manager is idle (its start-up over, the autostart entries started).
    func waitUntilReady(seconds: Double = 60) throws {
        do { try waitUntilReadyOrThrow(seconds: seconds) } catch {
            throw Failed(description: "\(error); the session's log ends: \(log.suffix(2000))")
        }
    }

    private func waitUntilReadyOrThrow(seconds: Double) throws {
        try poll("xfwm4 to manage \(display)", seconds: seconds) { try self.tool("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]).stdout }
            until: { $0.contains("window id") }
        try poll("xfce4-panel to show on \(display)", seconds: seconds) { try self.panelWindows() } until: { !$0.isEmpty }
        try poll("xfce4-session to be idle", seconds: seconds, every: 0.2) { try self.state() } until: { $0 == 1 }
    }

    /// xfce4-session's state (org.xfce.Session.Manager.GetState): 0 start-up,
    /// 1 idle, 2 checkpoint, 3 and 4 shutdown; nil when it does not answer.
    func state() throws -> UInt32? {
        let reply = try bus(["--print-reply", "--dest=org.xfce.SessionManager", "/org/xfce/SessionManager",
                             "org.xfce.Session.Manager.GetState"])
        guard reply.exitCode == 0 else { return nil }
        return reply.stdout.split(separator: "\n").last.flatMap {
            $0.trimmingCharacters(in: .whitespaces).split(separator: " ").last.flatMap { UInt32($0) }
        }
    }

    /// dbus-send on the session's bus.
    func bus(_ arguments: [String]) throws -> ProcessResult {
        try run("/usr/bin/dbus-send", ["--bus=\(busAddress)"] + arguments, deadline: 10)
    }

    /// The pid of xfce4-session, while it runs.
    var sessionManagerPID: Int32? {
        processes().first { Self.command(of: $0).first.map { $0.hasSuffix("xfce4-session") } == true }
    }

    /// Whether the session has ended: no xfce4-session, and dbus-run-session
    /// (which exits when its child does) gone too.
    var hasEnded: Bool {
        sessionManagerPID == nil && !(starter?.process.isRunning ?? false)
    }

    /// A tool (xprop, xdotool, wmctrl, xwininfo, import) run on this display.
    @discardableResult
    func tool(_ name: String, _ arguments: [String], deadline: Double = 10) throws -> ProcessResult {
        guard let path = which(name) else { throw Failed(description: "\(name) is missing") }
        return try run(path, arguments, environment: ["DISPLAY": display], deadline: deadline)
    }

    /// A program started inside the session (its environment and display).
    func start(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> RunningProcess {
        try RunningProcess(executable, arguments, environment: environment.merging(extra) { $1 })
    }

    /// The panel's visible windows (the top bar and the dock).
    func panelWindows() throws -> [String] {
        try tool("xdotool", ["search", "--onlyvisible", "--class", "xfce4-panel"]).stdout
            .split(separator: "\n").map(String.init)
    }

    /// The processes started in this session: those of its process group,
    /// and any other that carries its HOME (one that left the group).
    func processes() -> [Int32] {
        let marker = Array("HOME=\(home)".utf8)
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> Int32? in
            guard let pid = Int32(entry), pid != getpid(), !GateWardenProcess.hasExited(pid) else { return nil }
            if GateWardenProcess.processGroup(of: pid) == leader, leader > 0 { return pid }
            guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return nil }
            return environ.split(separator: 0).contains { Array($0) == marker } ? pid : nil
        }
    }

    private static func command(of pid: Int32) -> [String] {
        (FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()).split(separator: 0)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Kills the whole session, then the X server; later calls do nothing.
    func stop() {
        guard !stopped else { return }
        stopped = true
        if leader > 0 { kill(-leader, SIGKILL) }
        for pid in processes() { kill(pid, SIGKILL) }
        _ = starter?.wait(deadline: 10)
        if let xvfb { kill(xvfb.pid, SIGKILL); _ = xvfb.wait(deadline: 5) }
        xvnc = nil
        try? FileManager.default.removeItem(at: root)
    }

    /// The session's log (dbus-run-session's and xfce4-session's output).
    var log: String {
        (try? String(contentsOf: root.appendingPathComponent("session.log"), encoding: .utf8)) ?? ""
    }

    // MARK: - The X server

    /// Xvfb on a display number it picks itself (`-displayfd`): other
    /// desktops' tests start servers at the same time.
    private static func startXvfb(width: Int, height: Int, in root: URL) throws -> (RunningProcess, String) {
        guard let xvfb = which("Xvfb") else { throw Failed(description: "Xvfb is missing") }
        let numberFile = root.appendingPathComponent("display").path
        let process = try RunningProcess("/bin/sh", ["-c", "exec \"$1\" -displayfd 3 -screen 0 \"$2\" -nolisten tcp 3>\"$3\"",
                                                     "sh", xvfb, "\(width)x\(height)x24", numberFile])
        let number = try poll("Xvfb to print its display number", seconds: 15) {
            (try? String(contentsOfFile: numberFile, encoding: .utf8)) ?? ""
        } until: { $0.hasSuffix("\n") || !process.process.isRunning }.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !number.isEmpty else { throw Failed(description: "Xvfb did not start: \(process.wait(deadline: 5))") }
        return (process, number)
    }

    // MARK: - The settings of a first login

    /// xfconf channels in the session's own home: Greybird for GTK and xfwm4
    /// (Debian 12's xfce4-settings names "Xfce", a GTK 2 theme, so GTK 3 would
    /// fall back to Adwaita), and no ssh-agent or gpg-agent.
    private static let channels: [String: String] = [
        "xsettings.xml": """
            <?xml version="1.0" encoding="UTF-8"?>
            <channel name="xsettings" version="1.0">
              <property name="Net" type="empty">
                <property name="ThemeName" type="string" value="Greybird"/>
                <property name="IconThemeName" type="string" value="Adwaita"/>
              </property>
            </channel>
            """,
        "xfwm4.xml": """
            <?xml version="1.0" encoding="UTF-8"?>
            <channel name="xfwm4" version="1.0">
              <property name="general" type="empty">
                <property name="theme" type="string" value="Greybird"/>
              </property>
            </channel>
            """,
        "xfce4-session.xml": """
            <?xml version="1.0" encoding="UTF-8"?>
            <channel name="xfce4-session" version="1.0">
              <property name="startup" type="empty">
                <property name="ssh-agent" type="empty">
                  <property name="enabled" type="bool" value="false"/>
                </property>
                <property name="gpg-agent" type="empty">
                  <property name="enabled" type="bool" value="false"/>
                </property>
              </property>
            </channel>
            """,
    ]
}

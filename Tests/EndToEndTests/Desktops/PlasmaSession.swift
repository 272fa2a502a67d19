import BeckonTestSupport
import Foundation
import Testing

/// A real KDE Plasma 5.27 X11 session, as `startplasma-x11` starts it at a
/// login: plasma_session, kwin_x11 (software rendering: Mesa's llvmpipe),
/// ksmserver, kglobalaccel5, plasmashell with its panel, kded5 (which runs
/// xsettingsd with the Breeze GTK theme), on an X server of its own (Xvfb,
/// or an ``Xvnc`` for two monitors) and a session bus of its own
/// (`dbus-run-session`), in a fresh home.
///
/// Everything the session starts, D-Bus-activated services included, is in
/// one process session (setsid); ``end()`` kills that whole session, and the
/// X server, by their ids.
final class PlasmaSession {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// The session's X display, ":N".
    let display: String
    /// The session's home; `HOME/.config` holds what Plasma wrote there.
    let home: String
    /// DBUS_SESSION_BUS_ADDRESS of the session's bus.
    let bus: String
    /// The process session (setsid) of everything the session started.
    let sessionID: Int32
    /// startplasma-x11's process: it exits when the session ends.
    let startplasma: Int32
    /// What the session's own programs have in their environment (plasmashell's, read from /proc).
    private(set) var environment: [String: String] = [:]
    /// When the launcher was started: the login's start, as a display manager starts the session.
    let started: Date

    private let root: String
    private var server: RunningProcess?
    private let xvnc: Xvnc?
    private let launcher: RunningProcess
    /// The session's output (startplasma-x11 and all it starts), for a failure's message.
    var log: String { (try? String(contentsOfFile: root + "/session.log", encoding: .utf8)) ?? "" }

    /// Plasma's configuration a user's home starts with here: four virtual
    /// desktops (a fresh Plasma has one, and nothing to switch to), and
    /// Konsole's Ctrl+Alt+T, bound as System Settings → Shortcuts binds it
    /// (Debian 12's Plasma binds it only when khotkeys' old entry is migrated).
    static let homeConfiguration: [String: String] = [
        "kwinrc": "[Desktops]\nNumber=4\nRows=1\n",
        "kglobalshortcutsrc": "[org.kde.konsole.desktop]\n_k_friendly_name=Konsole\n_launch=Ctrl+Alt+T,Ctrl+Alt+T,Konsole\n",
    ]

    /// Starts Xvfb (1280×800) or uses `xvnc`, then `startplasma-x11` on it, and
    /// waits until the panel shows, ksmserver answers on the bus and shortcuts work.
    /// `configDirs`: XDG_CONFIG_DIRS ahead of /etc/xdg (an administrator's files);
    /// `sessionEnvironment`: more of the session's environment, as a display
    /// manager sets it; `waitUntilReady` false returns as soon as
    /// startplasma-x11 runs, for a test that watches the start-up itself.
    init(xvnc: Xvnc? = nil, configDirs: [String] = [], extraHomeConfiguration: [String: String] = [:],
         sessionEnvironment: [String: String] = [:], waitUntilReady: Bool = true) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-plasma-\(UUID().uuidString)").path
        home = root + "/home"
        let runtime = root + "/run"
        for directory in [home + "/.config", runtime] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        for (name, text) in Self.homeConfiguration.merging(extraHomeConfiguration, uniquingKeysWith: { $1 }) {
            try Data(text.utf8).write(to: URL(fileURLWithPath: home + "/.config/" + name))
        }
        self.xvnc = xvnc
        if let xvnc {
            display = xvnc.display
        } else {
            // -displayfd: the server picks a free display number itself; other
            // desktops' tests start servers at the same time.
            let numberFile = root + "/display"
            server = try RunningProcess("/bin/sh", ["-c", #"exec Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$0""#,
                                                    numberFile])
            let number = try poll("Xvfb to say its display number", seconds: 15) {
                (try? String(contentsOfFile: numberFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            } until: { Int($0) != nil }
            display = ":\(number)"
        }
        let ready = root + "/ready"
        let script = #"""
        exec >"$ROOT/session.log" 2>&1
        exec /usr/bin/python3 -c "$UNBLOCK" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$ROOT/home" XDG_RUNTIME_DIR="$ROOT/run" \
          DISPLAY="$SESSION_DISPLAY" LANG=C.UTF-8 XDG_CONFIG_DIRS="$CONFIG_DIRS" "$@" \
          /usr/bin/setsid /usr/bin/dbus-run-session -- /bin/sh -c \
          'echo "$$ $DBUS_SESSION_BUS_ADDRESS" >"$0.tmp" && mv "$0.tmp" "$0"; exec startplasma-x11' "$ROOT/ready"
        """#
        // The test runner's threads block SIGCHLD, SIGTERM and more, and a
        // child inherits the mask: dbus-daemon's activation babysitter then
        // waits forever for its child's SIGCHLD (startplasma-x11's first
        // activation never answers). Python resets the mask, and SIGINT and
        // SIGQUIT, before exec, as a login manager starts a session.
        started = Date()
        launcher = try RunningProcess("/bin/sh", ["-c", script, "sh"] + sessionEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
                                      environment: ["ROOT": root, "SESSION_DISPLAY": display, "UNBLOCK": Self.unblockSignals,
                                                    "CONFIG_DIRS": (configDirs + ["/etc/xdg"]).joined(separator: ":")])
        let words = try poll("dbus-run-session to start startplasma-x11", seconds: 15) {
            ((try? String(contentsOfFile: ready, encoding: .utf8)) ?? "").split(separator: " ").map(String.init)
        } until: { $0.count == 2 }
        startplasma = Int32(words[0].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        bus = words[1].trimmingCharacters(in: .whitespacesAndNewlines)
        sessionID = GateWardenProcess.sessionID(of: startplasma) ?? startplasma
        guard waitUntilReady else { return }
        do {
            try self.waitUntilReady()
        } catch {
            let log = self.log
            end()
            throw Failed(description: "\(error)\n--- the session's log (end):\n\(log.suffix(3000))")
        }
    }

    deinit { end() }

    /// A Python program that empties the signal mask, puts SIGINT and SIGQUIT
    /// back to their defaults, and execs its arguments: how a session is
    /// started here as a login manager starts one (the test runner's blocked
    /// SIGCHLD would otherwise reach dbus-daemon's activation; see init).
    /// `python3 -c unblockSignals program arguments…`.
    static let unblockSignals = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
        + "[signal.signal(s, signal.SIG_DFL) for s in (signal.SIGINT, signal.SIGQUIT)]; os.execv(sys.argv[1], sys.argv[1:])"

    /// The session's processes now (pid and command name), by their session id.
    func processes() -> [(pid: Int32, name: String)] { ProcessSession(id: sessionID).processes() }

    /// The pid of the session's process named `name`, if one runs.
    func pid(of name: String) -> Int32? { ProcessSession(id: sessionID).pid(of: name) }

    /// Kills every process of the session (by its session id) and the X server it started.
    func end() {
        ProcessSession(id: sessionID).killAll()
        _ = launcher.wait(deadline: 5)
        if let server { kill(server.pid, SIGKILL); _ = server.wait(deadline: 5); self.server = nil }
        _ = xvnc // the caller's: it ends with its owner
    }

    /// The session's X display, through the gate's own X helpers.
    var x: GateX11 { GateX11(display: display) }

    /// Runs a tool (qdbus, wmctrl, xdotool...) in the session's environment.
    @discardableResult
    func tool(_ name: String, _ arguments: [String], deadline: Double = 10) throws -> ProcessResult {
        let path = try #require(which(name), "\(name) is missing")
        return try run(path, arguments, environment: ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": bus], deadline: deadline)
    }

    /// Whether `name` has an owner on the session's bus.
    func busNameHasOwner(_ name: String) throws -> Bool {
        let result = try tool("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                            "org.freedesktop.DBus.NameHasOwner", "string:\(name)"], deadline: 5)
        return result.stdout.contains("boolean true")
    }

    /// The windows of the session's display, bottom to top (KWin's _NET_CLIENT_LIST_STACKING).
    func stacking() throws -> [UInt] { try x.stacking() }

    /// The managed windows whose WM_CLASS instance is `name` (plasmashell, krunner, konsole...).
    func windows(ofClass name: String) throws -> [String] {
        let result = try x.tool("xdotool", ["search", "--onlyvisible", "--classname", "^\(name)$"])
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// `_NET_WM_WINDOW_TYPE` of `window`.
    func windowType(of window: String) throws -> String {
        try x.tool("xprop", ["-id", window, "_NET_WM_WINDOW_TYPE"]).stdout
    }

    /// plasmashell's panel (its dock window).
    func panel() throws -> String? {
        try windows(ofClass: "plasmashell").first { (try? windowType(of: $0).contains("_NET_WM_WINDOW_TYPE_DOCK")) == true }
    }

    /// The current virtual desktop, from 0 (`_NET_CURRENT_DESKTOP`).
    func currentDesktop() throws -> Int {
        let text = try x.tool("xprop", ["-root", "_NET_CURRENT_DESKTOP"]).stdout
        return Int(text.split(separator: "=").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
    }

    /// Waits for plasmashell's panel, ksmserver's org.kde.ksmserver, the splash's
    /// end, and KWin's and kglobalaccel's shortcuts taking keys: a shortcut
    /// pressed before then is lost (measured: the first Ctrl+F2 about 30 s
    /// after start did nothing, the next did), so Ctrl+F2 is pressed until
    /// the desktop switches, and Ctrl+F1 until it is back.
    private func waitUntilReady() throws {
        try poll("plasmashell's panel and ksmserver on the bus", seconds: 120, every: 0.5) {
            guard pid(of: "startplasma-x11") != nil else { throw Failed(description: "startplasma-x11 exited") }
            guard try panel() != nil else { return false }
            return try busNameHasOwner("org.kde.ksmserver")
        } until: { $0 }
        try poll("the splash screen to end", seconds: 60, every: 0.5) { pid(of: "ksplashqml") } until: { $0 == nil }
        for (keys, desktop) in [("ctrl+F2", 1), ("ctrl+F1", 0)] {
            try poll("\(keys) to switch to desktop \(desktop + 1)", seconds: 60, every: 1) {
                try x.key(keys)
                return (try? poll("the desktop to switch", seconds: 1) { try currentDesktop() } until: { $0 == desktop }) ?? -1
            } until: { $0 == desktop }
        }
        environment = try Self.environment(of: try #require(pid(of: "plasmashell"), "plasmashell does not run"))
    }

    /// A process's environment, from /proc.
    private static func environment(of pid: Int32) throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
        var result: [String: String] = [:]
        for entry in data.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return result
    }

    /// The environment for a program started in this session, as Plasma starts
    /// one (plasmashell's), with `extra` over it. The system bus is made
    /// unreachable so that only Plasma's own session manager can end the
    /// session (not logind's fallback), and the tests' own display is unset.
    func clientEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var result = environment
        result["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=/nonexistent/beckon-test"
        result["XDG_SESSION_ID"] = ""
        result["WAYLAND_DISPLAY"] = ""
        result["NO_AT_BRIDGE"] = "1"
        return result.merging(extra) { $1 }
    }

    /// A PNG of the whole screen.
    func screenshot(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // 64 colours: the wallpaper's gradients make a true-colour PNG of ~700 KB (docs/ keeps them under ~300 KB).
        let result = try x.tool("import", ["-window", "root", "-colors", "64", "-quality", "95", "PNG8:\(path)"])
        guard result.exitCode == 0 else { throw Failed(description: "import: \(result)") }
    }
}

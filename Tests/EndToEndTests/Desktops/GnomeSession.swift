import BeckonTestEndings
import BeckonTestSupport
import Foundation
import Testing

/// GNOME 43 as a person's login starts it, on servers of the test's own:
///
/// - X11: the real `gnome-session --builtin --session=gnome` (the session
///   manager, which starts gnome-shell as the X11 window manager and
///   compositor, and gnome-settings-daemon), on an Xvfb chosen with
///   `-displayfd` (or on an ``Xvnc`` with several monitors), Mesa rendering
///   in software;
/// - Wayland: `gnome-shell --wayland --headless --virtual-monitor WxH` (one
///   per monitor): by itself with no Xwayland, or started by the real
///   `gnome-session --builtin --session=gnome` as its shell, the shell's
///   desktop entry running that command with Xwayland
///   (``writeWaylandShellEntry(in:monitors:)``).
///
/// Each in its own `dbus-run-session` and a private "system" bus (gnome-shell
/// asks logind on the system bus once /run/systemd/seats exists, and ends at
/// start-up when there is no system bus at all; nothing answers as logind on
/// this one), with a HOME, XDG directories and dconf of its own so that
/// settings and two sessions running at once never meet.
///
/// Every process of the session carries `BECKON_GNOME_SESSION=<directory>` in
/// its environment; ``stop()`` ends exactly those (SIGKILL), including the
/// services D-Bus activated, which are no children of the launcher.
final class GnomeSession: @unchecked Sendable {
    enum Backend {
        /// Xvfb 1280x800, or Xvnc laid out as monitors of these widths, 800 high.
        case x11(monitors: [Int]? = nil)
        /// mutter's headless backend with this many 1280x800 virtual monitors;
        /// started by gnome-session when `underGnomeSession`.
        case wayland(monitors: Int = 1, underGnomeSession: Bool = false)
    }

    let backend: Backend
    let directory: URL
    /// The X display (X11), or nil.
    private(set) var display: String?
    /// The session bus address.
    private(set) var busAddress = ""
    /// The private system bus address.
    private(set) var systemBusAddress = ""
    /// The Xvnc of an `.x11(monitors:)` session: a test lays its monitors out anew (plugs one in).
    private(set) var xvnc: Xvnc?
    private var launcher: RunningProcess?
    private var marker: String { "BECKON_GNOME_SESSION=\(directory.path)" }

    /// More variables for every process of the session (XDG_CONFIG_DIRS for
    /// a test's autostart entries).
    let extra: [String: String]
    /// When the launcher started: the session's start.
    private(set) var started = Date()

    init(_ backend: Backend, environment extra: [String: String] = [:]) throws {
        self.backend = backend
        self.extra = extra
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-gnome-\(UUID().uuidString)")
        for sub in ["home", "runtime", "config", "data", "cache"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        chmod(directory.appendingPathComponent("runtime").path, 0o700)
        try SessionBusConfiguration.text(type: "system").write(to: directory.appendingPathComponent("system.conf"), atomically: true, encoding: .utf8)
        try Self.writeSessionDefinition(in: directory.appendingPathComponent("config/gnome-session/sessions"))
        if case .wayland(let monitors, true) = backend {
            try Self.writeWaylandShellEntry(in: directory.appendingPathComponent("data/applications"), monitors: monitors)
        }
        do { try startOnceTheShellDoesNotHang() } catch { stop(); throw error }
    }

    /// gnome-shell 43, with no systemd user manager to start IBus (its unit
    /// org.freedesktop.IBus.session.GNOME.service, which a Debian login has),
    /// forks ibus-daemon itself with a JavaScript child-setup function
    /// (js/misc/ibusManager.js `_spawn`). JavaScript in a forked child of a
    /// threaded process can wait forever for a lock another thread held at the
    /// fork: seen here in 2 of 12 W5 starts and 2 of 61 W3 starts, the child stuck in
    /// g_type_get_qdata's rwlock under the GJS callback, the shell blocked in
    /// g_spawn_async reading the child's exec report, so nothing answered on
    /// the bus (gdb on both; gnome-shell#6698, fixed in 47 by spawning
    /// without JavaScript in the child). That is the shell's start-up and not
    /// what a test measures: such a session is ended and started anew, and
    /// it is said on stdout.
    private func startOnceTheShellDoesNotHang() throws {
        for attempt in 1...3 {
            do {
                try start()
                return
            } catch let hang as ShellHungForking where attempt < 3 {
                print("GnomeSession: \(hang.description); the session ended and started anew (attempt \(attempt + 1))")
                endProcesses()
                for file in ["session-bus", "system-bus", "display", "display.new"] {
                    try? FileManager.default.removeItem(at: directory.appendingPathComponent(file))
                }
            }
        }
    }

    /// The shell stuck in a fork that never reached exec (``startOnceTheShellDoesNotHang()``).
    struct ShellHungForking: Error, CustomStringConvertible {
        let child: Int32
        var description: String { "gnome-shell hung at start, its forked child \(child) not at exec after 5 s (gnome-shell#6698)" }
    }

    /// A child of the session's gnome-shell that is still gnome-shell itself,
    /// that is a fork that has not exec'd: one seen at least 5 s ago in
    /// `seen` (a fork reaches its exec within milliseconds).
    private func forkStuckBeforeExec(_ seen: inout [Int32: Date]) -> Int32? {
        let shells = processes().filter { pid in
            ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "") == "gnome-shell\n"
        }
        let forks = shells.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]).map(shells.contains) == true
        }
        seen = seen.filter { forks.contains($0.key) }
        for pid in forks where seen[pid] == nil { seen[pid] = Date() }
        return seen.first { Date().timeIntervalSince($0.value) >= 5 }?.key
    }

    deinit { stop() }

    /// The environment a program of this session has.
    var environment: [String: String] {
        var environment = [
            "DBUS_SESSION_BUS_ADDRESS": busAddress, "DBUS_SYSTEM_BUS_ADDRESS": systemBusAddress,
            "HOME": directory.appendingPathComponent("home").path,
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
            "XDG_RUNTIME_DIR": directory.appendingPathComponent("runtime").path,
            "XDG_CURRENT_DESKTOP": "GNOME", "XDG_SESSION_DESKTOP": "gnome", "DESKTOP_SESSION": "gnome",
            // No logind session of the test machine's is this one's to end.
            "XDG_SESSION_ID": "",
            "BECKON_GNOME_SESSION": directory.path,
        ].merging(extra) { $1 }
        switch backend {
        case .x11:
            environment["DISPLAY"] = display ?? ""
            environment["WAYLAND_DISPLAY"] = ""
            environment["XDG_SESSION_TYPE"] = "x11"
        case .wayland:
            environment["DISPLAY"] = ""
            environment["WAYLAND_DISPLAY"] = "wayland-0"
            environment["GDK_BACKEND"] = "wayland"
            environment["XDG_SESSION_TYPE"] = "wayland"
        }
        return environment
    }

    private func start() throws {
        var environment = self.environment
        let script: String
        switch backend {
        case .x11(let monitors):
            if let monitors {
                let xvnc = try Xvnc(monitors: monitors)
                self.xvnc = xvnc
                display = xvnc.display
                environment["DISPLAY"] = xvnc.display
                script = Self.launch(server: "", session: "gnome-session --builtin --session=gnome")
            } else {
                environment["DISPLAY"] = ""
                script = Self.launch(server: #"""
                    Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$dir/display.new" >"$dir/xvfb.log" 2>&1 &
                    until grep -q . "$dir/display.new" 2>/dev/null; do sleep 0.05; done
                    export DISPLAY=":$(cat "$dir/display.new")"
                    echo "$DISPLAY" >"$dir/display"
                    """#, session: "gnome-session --builtin --session=gnome")
            }
        case .wayland(let monitors, let underGnomeSession):
            // gnome-session checks GL on an X display when DISPLAY is set at
            // all, even empty (main.c check_gl), and fails at once without
            // one: a Wayland login starts it with no DISPLAY.
            script = Self.launch(server: "", session: underGnomeSession ? "env -u DISPLAY gnome-session --builtin --session=gnome"
                                                                        : Self.headlessShell(monitors: monitors, xwayland: false))
        }
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
        started = Date()
        launcher = try RunningProcess("/bin/sh", ["-c", script, "sh", directory.path], environment: environment)
        let directory = self.directory
        busAddress = try poll("the GNOME session's bus address", seconds: 20) {
            (try? String(contentsOf: directory.appendingPathComponent("session-bus"), encoding: .utf8)) ?? ""
        } until: { $0.hasSuffix("\n") || !(self.launcher?.process.isRunning ?? false) }
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !busAddress.isEmpty else { throw WaitFailed("the GNOME session ended at start: \(log())") }
        systemBusAddress = ((try? String(contentsOf: directory.appendingPathComponent("system-bus"), encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if case .x11(nil) = backend {
            display = ((try? String(contentsOf: directory.appendingPathComponent("display"), encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try waitUntilShellStarted()
    }

    /// The session's launcher: the server (X11 on Xvfb), a private system
    /// bus, then `session` in a dbus-run-session. `$1`: the directory.
    private static func launch(server: String, session: String) -> String {
        """
        dir=$1
        \(server)
        dbus-daemon --config-file="$dir/system.conf" --nofork --print-address=3 3>"$dir/system-bus" >/dev/null 2>&1 &
        until grep -q . "$dir/system-bus" 2>/dev/null; do sleep 0.05; done
        export DBUS_SYSTEM_BUS_ADDRESS="$(head -n 1 "$dir/system-bus")"
        exec dbus-run-session -- sh -c 'echo "$DBUS_SESSION_BUS_ADDRESS" >"$0/session-bus"; exec "$@"' "$dir" \(session) >"$dir/session.log" 2>&1
        """
    }

    /// gnome-shell has started once its org.gnome.Shell object answers (the
    /// name is owned a moment before) and, on X11, it manages the screen.
    private func waitUntilShellStarted() throws {
        var forks: [Int32: Date] = [:]
        do {
            try poll("gnome-shell to answer on org.gnome.Shell", seconds: 60, every: 0.2) {
                if let stuck = forkStuckBeforeExec(&forks) { throw ShellHungForking(child: stuck) }
                return (try? bus("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties.Get",
                                 ["org.gnome.Shell", "OverviewActive"])) ?? ""
            } until: { $0.contains("<") || !(self.launcher?.process.isRunning ?? false) }
        } catch let hang as ShellHungForking {
            throw hang
        } catch {
            throw WaitFailed("\(error); the session's processes: \(processNames().joined(separator: " ")); its log: \(log(last: 12000))")
        }
        // The shell forks ibus-daemon only once systemd has not answered for
        // it, which can be after its first answer here: the session has
        // started once IBus runs, as it does from the start at a login.
        // (Measured on Wayland only; on X11 the shell forks it the same way.)
        if case .wayland = backend, FileManager.default.isExecutableFile(atPath: "/usr/bin/ibus-daemon") {
            try poll("gnome-shell to start ibus-daemon", seconds: 30, every: 0.2) {
                if let stuck = forkStuckBeforeExec(&forks) { throw ShellHungForking(child: stuck) }
                return isRunning("ibus-daemon")
            } until: { $0 }
        }
        guard launcher?.process.isRunning ?? false else { throw WaitFailed("the GNOME session ended at start: \(log())") }
        if let display {
            try poll("gnome-shell to manage \(display)", seconds: 30, every: 0.2) {
                (try? run("/usr/bin/wmctrl", ["-m"], environment: ["DISPLAY": display], deadline: 5).stdout) ?? ""
            } until: { $0.contains("GNOME Shell") }
        }
    }

    /// `gdbus call` on the session bus; its stdout, or throws on failure.
    @discardableResult
    func bus(_ destination: String, _ path: String, _ method: String, _ arguments: [String] = []) throws -> String {
        let result = try run("/usr/bin/gdbus", ["call", "--session", "--dest", destination, "--object-path", path,
                                                "--method", method] + arguments,
                             environment: environment, deadline: 15)
        guard result.exitCode == 0 else { throw WaitFailed("gdbus \(method) \(arguments): \(result)") }
        return result.stdout
    }

    /// What gnome-shell's JavaScript `expression` evaluates to, as the JSON
    /// Eval answers (org.gnome.Shell.Eval; needs ``enableUnsafeMode(press:type:)`` first).
    func eval(_ expression: String) throws -> String {
        let reply = try bus("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell.Eval", [expression])
        guard reply.hasPrefix("(true, '") else { throw WaitFailed("Eval \(expression): \(reply)") }
        return String(reply.dropFirst("(true, '".count).dropLast("')\n".count))
    }

    /// Turns on gnome-shell's "unsafe mode", as a developer does in Looking
    /// Glass (Alt+F2, `lg`): Eval is refused without it since GNOME 41, and
    /// Eval is how a test reads the shell's own state (the overview shown,
    /// the top bar hidden, a modal dialog up) that no X property tells. Done
    /// with real keys, `press` taking xdotool/rdkeys words ("alt+F2") and
    /// `type` text; Looking Glass is closed again before it returns.
    func enableUnsafeMode(press: (String) throws -> Void, type: (String) throws -> Void) throws {
        try poll("Looking Glass to turn on unsafe mode", seconds: 30, every: 2) {
            try press("alt+F2")
            usleep(500_000)
            try type("lg")
            try press("Return")
            usleep(1_000_000)
            try type("global.context.unsafe_mode = true")
            try press("Return")
            usleep(300_000)
            try press("Escape")
            return (try? bus("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell.Eval", ["global.context.unsafe_mode"])) ?? ""
        } until: { $0.contains("(true, 'true')") }
    }

    /// What the session logged so far (its last `characters`).
    func log(last characters: Int = 3000) -> String {
        (try? String(contentsOf: directory.appendingPathComponent("session.log"), encoding: .utf8)).map { String($0.suffix(characters)) } ?? ""
    }

    /// Pids of this session's processes still alive.
    func processes() -> [Int32] {
        let marker = Data(self.marker.utf8)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environ.split(separator: 0).contains { Data($0) == marker }
        }
    }

    /// The names of this session's live processes (not zombies), sorted:
    /// what a failed wait for its end shows.
    func processNames() -> [String] {
        processes().compactMap { pid -> String? in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), !stat.contains(") Z "),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            // name(pid<parent state, where the kernel has it waiting)
            let rest = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? "?"
            return "\(stat[stat.index(after: open)..<close])(\(pid)<\(rest.count > 1 ? rest[1] : "?") \(rest.first ?? "?") \(wchan))"
        }.sorted()
    }

    /// Waits for gnome-session and the shell to exit after a Logout. On a
    /// timeout it says which of the session's processes are left and what
    /// gnome-session logged: gnome-session waits up to 90 s for each client's
    /// answer to EndSession (gsm-manager.c GSM_MANAGER_PHASE_TIMEOUT), so
    /// one slow or silent client shows here, by name.
    func waitForLogout(seconds: Double = 30) throws {
        do {
            try poll("gnome-session and gnome-shell to exit", seconds: seconds) {
                isRunning("gnome-session-binary") || isRunning("gnome-shell")
            } until: { !$0 }
        } catch {
            throw WaitFailed("\(error); the session's processes left: \(processNames().joined(separator: " ")); its log: \(log(last: 12000))")
        }
    }

    /// Whether `name` is a live process of this session (not a zombie).
    func isRunning(_ name: String) -> Bool {
        processes().contains { pid in
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return stat.contains("(\(name.prefix(15)))") && !stat.contains(") Z ")
        }
    }

    /// Ends every process of the session, and the X server.
    func stop() {
        endProcesses()
        xvnc = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// Ends every process of the session and its launcher (SIGKILL).
    private func endProcesses() {
        for _ in 0..<3 {
            let pids = processes()
            if pids.isEmpty { break }
            for pid in pids { kill(pid, SIGKILL) }
            usleep(100_000)
        }
        if let launcher, launcher.process.isRunning { kill(launcher.pid, SIGKILL) }
        _ = launcher?.wait(deadline: 5)
        launcher = nil
    }

    /// gnome-shell as a Wayland compositor on mutter's headless backend,
    /// with `monitors` virtual monitors of 1280x800, with or without Xwayland.
    private static func headlessShell(monitors: Int, xwayland: Bool) -> String {
        "gnome-shell --wayland --headless \(xwayland ? "" : "--no-x11 ")"
            + Array(repeating: "--virtual-monitor 1280x800", count: monitors).joined(separator: " ")
    }

    /// The shell's desktop entry as Debian ships it
    /// (/usr/share/applications/org.gnome.Shell.desktop, the component
    /// org.gnome.Shell of the "gnome" session), in the session's own
    /// XDG_DATA_HOME, which gnome-session looks in first, running the
    /// headless compositor instead of plain `gnome-shell`: a person's login
    /// has a display device for mutter's native backend, this machine has
    /// none. With Xwayland, as mutter 43 starts it at a login: the session's
    /// required gsd-xsettings is an X client, and without an X server it
    /// exits until gnome-session gives up ("respawning too quickly") and
    /// shows its failure screen. Everything else (its phase, DisplayServer;
    /// that it tells gnome-session when it has started) is Debian's.
    private static func writeWaylandShellEntry(in directory: URL, monitors: Int) throws {
        let system = try String(contentsOfFile: "/usr/share/applications/org.gnome.Shell.desktop", encoding: .utf8)
        let lines = system.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            line.hasPrefix("Exec=") ? "Exec=\(headlessShell(monitors: monitors, xwayland: true))" : String(line)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try lines.joined(separator: "\n").write(to: directory.appendingPathComponent("org.gnome.Shell.desktop"), atomically: true, encoding: .utf8)
    }

    /// The "gnome" session as Debian's /usr/share/gnome-session/sessions/gnome.session
    /// defines it, in the session's own XDG_CONFIG_HOME (which gnome-session
    /// reads first), less one required component: gsd-usb-protection 43
    /// crashes here (SIGSEGV, with no org.gnome.ScreenSaver on the bus and no
    /// usbguard), gnome-session restarts it until "respawning too quickly",
    /// and then shows its failure screen ("Oh no! Something has gone wrong":
    /// gnome-session-failed, fullscreen, above, on every workspace), which
    /// mutter stacks above the gate and focuses. That is this machine, not a
    /// person's login.
    private static func writeSessionDefinition(in directory: URL) throws {
        let system = try String(contentsOfFile: "/usr/share/gnome-session/sessions/gnome.session", encoding: .utf8)
        let kept = system.split(separator: "\n").filter { !$0.hasPrefix("Name[") }.map { line -> String in
            guard line.hasPrefix("RequiredComponents=") else { return String(line) }
            return line.replacingOccurrences(of: "org.gnome.SettingsDaemon.UsbProtection;", with: "")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try (kept.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent("gnome.session"), atomically: true, encoding: .utf8)
    }
}

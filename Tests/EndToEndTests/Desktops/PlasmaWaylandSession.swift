import BeckonTestSupport
import Foundation
import Testing

/// A real KDE Plasma 5.27 Wayland session, as `startplasma-wayland` starts it
/// at a login: plasma_session, kwin_wayland_wrapper and KWin (with Xwayland,
/// and kglobalaccel inside KWin as on every Plasma Wayland), ksmserver,
/// plasmashell with its panel, kded5, Breeze, on KWin's virtual backend
/// (`--virtual`: 1280×800 outputs, one or two) and a session bus of its own
/// (`dbus-run-session`), in a fresh home.
///
/// `/usr/bin/kwin_wayland` carries a file capability (`getcap`:
/// cap_sys_resource=ep) that this container refuses to exec (EPERM). The
/// capability only lets KWin raise its own resource limits (RLIMIT_RTPRIO,
/// RLIMIT_MEMLOCK for realtime scheduling of its compositing thread); a
/// copy without it (cp drops file capabilities) manages windows the same.
/// The copy is named `kwin_wayland` in a directory of its own (KWin's own
/// Qt platform plugin refuses a process of another name), and a script of
/// that name first on PATH, which kwin_wayland_wrapper runs, adds `--virtual`
/// and the outputs' size and count.
///
/// Real keys come from KWin's org_kde_kwin_fake_input, by a small client built
/// at test time (scripts/kwin-fake-input.c) and granted the interface as KWin
/// grants it: a .desktop file in the session's applications whose Exec is the
/// client, with `X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input`. KWin's
/// windows are read through its scripting D-Bus API (org.kde.kwin.Scripting):
/// a script prints them, and KWin writes that to the session's log. Pictures
/// come from KWin's ScreenShot2 D-Bus API (scripts/kwin-screenshot.c, granted
/// the same way).
///
/// Everything the session starts is in one process session (setsid); ``end()``
/// kills that whole session by its id.
final class PlasmaWaylandSession {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// A window as KWin has it (its scripting API's Window).
    struct Window: CustomStringConvertible {
        var caption: String
        /// The Wayland app_id (the X11 WM_CLASS class for Xwayland windows).
        var resourceClass: String
        var x: Int, y: Int, width: Int, height: Int
        var fullScreen: Bool
        var minimized: Bool
        var active: Bool
        var onAllDesktops: Bool
        /// KWin's desktop number, from 1; -1 on all.
        var desktop: Int
        var screen: Int
        /// Its place in KWin's stacking order, from the bottom.
        var stacking: Int
        var dock: Bool
        var desktopWindow: Bool
        var minimizable: Bool
        var maximizable: Bool
        var moveable: Bool
        var shadeable: Bool

        var rectangle: String { "\(width)x\(height)+\(x)+\(y)" }
        var isShield: Bool { caption == "beckon-shield" }
        var isTerms: Bool { caption.contains("shields-") }
        var isGate: Bool { isShield || isTerms }
        var description: String {
            "\(isTerms ? "terms" : caption) [\(resourceClass)] \(rectangle) fs=\(fullScreen) min=\(minimized) active=\(active) "
                + "desktop=\(onAllDesktops ? "all" : String(desktop)) screen=\(screen) stacking=\(stacking)"
                + "\(dock ? " dock" : "") minimizable=\(minimizable) maximizable=\(maximizable) moveable=\(moveable) shadeable=\(shadeable)"
        }
    }

    /// KWin's windows and workspace at one moment.
    struct State: CustomStringConvertible {
        var windows: [Window]
        /// The desktop shown, from 1.
        var desktop: Int
        var active: String
        var description: String { "desktop \(desktop), active \(active.debugDescription): \(windows)" }

        var terms: Window? { windows.first(where: \.isTerms) }
        var shields: [Window] { windows.filter(\.isShield) }
        /// plasmashell's windows that are neither the desktop nor the panel: the launcher, a calendar.
        var plasmaPopups: [Window] {
            windows.filter { $0.resourceClass == "org.kde.plasmashell" && !$0.dock && !$0.desktopWindow }
        }
        var krunner: Window? { windows.first { $0.resourceClass == "org.kde.krunner" } }
    }

    let outputs: Int
    /// The session's home; `HOME/.config` holds what Plasma wrote there.
    let home: String
    /// DBUS_SESSION_BUS_ADDRESS of the session's bus.
    let bus: String
    /// The process session (setsid) of everything the session started.
    let sessionID: Int32
    /// startplasma-wayland's process: it exits when the session ends.
    let startplasma: Int32
    /// What the session's own programs have in their environment (plasmashell's, read from /proc).
    private(set) var environment: [String: String] = [:]
    /// When the launcher was started: the login's start, as a display manager starts the session.
    let started: Date

    private let root: String
    private let runtime: String
    private let fakeInput: String
    private let screenshooter: String
    private let launcher: RunningProcess
    /// The session's output (startplasma-wayland, KWin and all they start).
    var log: String { (try? String(contentsOfFile: root + "/session.log", encoding: .utf8)) ?? "" }

    /// Starts `startplasma-wayland` on KWin's virtual backend with `outputs`
    /// outputs side by side, and waits until the panel shows, ksmserver
    /// answers on the bus and KWin's shortcuts take keys.
    /// `configDirs`: XDG_CONFIG_DIRS ahead of /etc/xdg (an administrator's files);
    /// `sessionEnvironment`: more of the session's environment, as a display
    /// manager sets it; `waitUntilReady` false returns as soon as
    /// startplasma-wayland runs, for a test that watches the start-up itself.
    init(outputs: Int = 1, configDirs: [String] = [], sessionEnvironment: [String: String] = [:], waitUntilReady: Bool = true) throws {
        self.outputs = outputs
        root = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-plasma-wayland-\(UUID().uuidString)").path
        home = root + "/home"
        runtime = root + "/run"
        let bin = root + "/bin", kwinDirectory = root + "/kwin", applications = home + "/.local/share/applications"
        for directory in [home + "/.config", runtime, bin, kwinDirectory, applications] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        for (name, text) in PlasmaSession.homeConfiguration {
            try Data(text.utf8).write(to: URL(fileURLWithPath: home + "/.config/" + name))
        }
        // cp copies no file capability: the copy runs where the original may not.
        let copied = try run("/bin/cp", ["/usr/bin/kwin_wayland", kwinDirectory + "/kwin_wayland"])
        guard copied.exitCode == 0 else { throw Failed(description: "cp kwin_wayland: \(copied)") }
        try Self.write(bin + "/kwin_wayland", mode: 0o755, """
            #!/bin/sh
            exec "\(kwinDirectory)/kwin_wayland" --virtual --width 1280 --height 800 --output-count \(outputs) "$@"

            """)
        // The system's cc, or the Swift toolchain's clang where no other is installed.
        let compiler = try #require(which("cc") ?? which("clang"), "no C compiler (cc, clang) on PATH")
        fakeInput = bin + "/kwin-fake-input"
        let source = Products.packageRoot.appendingPathComponent("scripts/kwin-fake-input.c").path
        let built = try run(compiler, ["-O1", "-o", fakeInput, source, "-lwayland-client"], deadline: 60)
        guard built.exitCode == 0 else { throw Failed(description: "cc scripts/kwin-fake-input.c: \(built)") }
        try Self.write(applications + "/beckon-tests-kwin-fake-input.desktop", mode: 0o644, """
            [Desktop Entry]
            Type=Application
            Name=Beckon tests' keys
            Exec=\(fakeInput)
            NoDisplay=true
            X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input

            """)
        // The same for pictures: KWin's ScreenShot2 answers a caller a .desktop file names.
        screenshooter = bin + "/kwin-screenshot"
        let screenshotSource = Products.packageRoot.appendingPathComponent("scripts/kwin-screenshot.c").path
        let flags = try run("/usr/bin/pkg-config", ["--cflags", "--libs", "gio-unix-2.0", "gdk-pixbuf-2.0"]).stdout
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let builtScreenshooter = try run(compiler, ["-O1", "-o", screenshooter, screenshotSource] + flags, deadline: 60)
        guard builtScreenshooter.exitCode == 0 else { throw Failed(description: "cc scripts/kwin-screenshot.c: \(builtScreenshooter)") }
        try Self.write(applications + "/beckon-tests-kwin-screenshot.desktop", mode: 0o644, """
            [Desktop Entry]
            Type=Application
            Name=Beckon tests' pictures
            Exec=\(screenshooter)
            NoDisplay=true
            X-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2

            """)
        // Beckon's .desktop files and icon, as the package installs them under
        // /usr/share, in a data directory of the session's (XDG_DATA_DIRS): KWin
        // finds a Wayland window's icon through the .desktop file named after
        // its app_id, and beckon runs here from the build directory.
        let share = root + "/share"
        try FileManager.default.createDirectory(atPath: share + "/icons/hicolor/scalable/apps", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: share + "/applications",
                                                   withDestinationPath: Products.packageRoot.appendingPathComponent("Resources/applications").path)
        try FileManager.default.createSymbolicLink(atPath: share + "/icons/hicolor/scalable/apps/beckon.svg",
                                                   withDestinationPath: Products.packageRoot.appendingPathComponent("Resources/icons/beckon.svg").path)
        let ready = root + "/ready"
        // QT_LOGGING_RULES: KWin writes a script's print() under kwin_scripting's debug category.
        let script = #"""
        exec >"$ROOT/session.log" 2>&1
        exec /usr/bin/python3 -c "$UNBLOCK" /usr/bin/env -i PATH="$ROOT/bin:/usr/local/bin:/usr/bin:/bin" HOME="$ROOT/home" \
          XDG_RUNTIME_DIR="$ROOT/run" LANG=C.UTF-8 XDG_CONFIG_DIRS="$CONFIG_DIRS" \
          XDG_DATA_DIRS="$ROOT/share:/usr/local/share:/usr/share" QT_LOGGING_RULES=kwin_scripting.debug=true "$@" \
          /usr/bin/setsid /usr/bin/dbus-run-session -- /bin/sh -c \
          'echo "$$ $DBUS_SESSION_BUS_ADDRESS" >"$0.tmp" && mv "$0.tmp" "$0"; exec startplasma-wayland' "$ROOT/ready"
        """#
        // As PlasmaSession: the runner's blocked signals reset, as a login manager starts a session.
        let unblock = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
            + "[signal.signal(s, signal.SIG_DFL) for s in (signal.SIGINT, signal.SIGQUIT)]; os.execv(sys.argv[1], sys.argv[1:])"
        started = Date()
        launcher = try RunningProcess("/bin/sh", ["-c", script, "sh"] + sessionEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
                                      environment: ["ROOT": root, "UNBLOCK": unblock,
                                                    "CONFIG_DIRS": (configDirs + ["/etc/xdg"]).joined(separator: ":")])
        let words = try poll("dbus-run-session to start startplasma-wayland", seconds: 15) {
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

    deinit {
        end()
        try? FileManager.default.removeItem(atPath: root) // the copy of KWin, the clients, the home
    }

    private static func write(_ path: String, mode: Int, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    /// The session's processes now (pid and command name), by their session id.
    func processes() -> [(pid: Int32, name: String)] { ProcessSession(id: sessionID).processes() }

    /// The pid of the session's process named `name` (its comm, 15 characters at most), if one runs.
    func pid(of name: String) -> Int32? { ProcessSession(id: sessionID).pid(of: name) }

    /// Kills every process of the session (by its session id).
    func end() {
        ProcessSession(id: sessionID).killAll()
        _ = launcher.wait(deadline: 5)
    }

    /// The environment of a tool talking to the session (its bus, its Wayland display).
    private var toolEnvironment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": bus, "XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": environment["WAYLAND_DISPLAY"] ?? "wayland-0",
         "DISPLAY": ""]
    }

    /// Whether `name` has an owner on the session's bus.
    func busNameHasOwner(_ name: String) throws -> Bool {
        let result = try run("/usr/bin/dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                    "org.freedesktop.DBus.NameHasOwner", "string:\(name)"],
                             environment: toolEnvironment, deadline: 5)
        return result.stdout.contains("boolean true")
    }

    /// evdev key codes (linux/input-event-codes.h) of the keys the tests
    /// press, by their X names (as KeyboardOnlyCases names them), and each
    /// letter and digit; KWin's keymap is the default US one.
    static let keyCodes: [String: Int] = {
        var codes: [String: Int] = [
            "Escape": 1, "minus": 12, "Tab": 15, "Return": 28, "ctrl": 29, "shift": 42, "period": 52, "slash": 53,
            "backslash": 43, "alt": 56, "space": 57, "F1": 59, "F2": 60, "F3": 61, "F4": 62, "Home": 102, "Up": 103, "Page_Up": 104,
            "Left": 105, "Right": 106, "End": 107, "Down": 108, "Page_Down": 109, "super": 125,
        ]
        for (row, first) in [("1234567890", 2), ("qwertyuiop", 16), ("asdfghjkl", 30), ("zxcvbnm", 44)] {
            for (offset, character) in row.enumerated() { codes[String(character)] = first + offset }
        }
        return codes
    }()

    /// The keys that type `character` on the US keymap ("shift+3" for "#"), or nil.
    static func combination(typing character: Character) -> String? {
        let shifted: [Character: String] = ["#": "3", "_": "minus", "|": "backslash"]
        let plain: [Character: String] = [" ": "space", "/": "slash", ".": "period", "-": "minus"]
        if let name = plain[character] { return name }
        if let name = shifted[character] { return keyCodes[name] == nil ? nil : "shift+" + name }
        let text = String(character)
        if keyCodes[text] != nil { return text }
        if text != text.lowercased(), keyCodes[text.lowercased()] != nil { return "shift+" + text.lowercased() }
        return nil
    }

    /// Types `text`, a key (with Shift where it needs one) per character.
    func type(_ text: String) throws {
        try key(try text.map { try #require(Self.combination(typing: $0), "no key types \(String($0).debugDescription)") })
    }

    /// Presses each combination ("super", "alt+F2", "ctrl+End") in turn, as
    /// real keys through KWin's input path.
    func key(_ combinations: String...) throws {
        try key(combinations)
    }

    /// Presses each of `combinations` in turn.
    func key(_ combinations: [String]) throws {
        let codes = try combinations.map { combination in
            try combination.split(separator: "+").map { name in
                try #require(Self.keyCodes[String(name)], "no key code for \(name)")
            }.map(String.init).joined(separator: "+")
        }
        let result = try run(fakeInput, ["key"] + codes, environment: toolEnvironment, deadline: 10)
        guard result.exitCode == 0 else { throw Failed(description: "kwin-fake-input \(combinations): \(result)") }
    }

    /// A PNG of the whole workspace, or of the area `(x, y, width, height)`
    /// of it, through KWin's ScreenShot2 API.
    func screenshot(to path: String, area: (x: Int, y: Int, width: Int, height: Int)? = nil) throws {
        let crop = area.map { ["\($0.x)", "\($0.y)", "\($0.width)", "\($0.height)"] } ?? []
        let result = try run(screenshooter, [path] + crop, environment: toolEnvironment, deadline: 30)
        guard result.exitCode == 0 else { throw Failed(description: "kwin-screenshot: \(result)") }
    }

    /// Runs `body` as a KWin script (JavaScript, KWin 5.27's API: `workspace`,
    /// `print`) whose last expression's text is returned: KWin prints it into
    /// the session's log with a mark, and the script is unloaded again.
    func script(_ body: String) throws -> String {
        let mark = "BECKON-\(UUID().uuidString)"
        let path = root + "/\(mark).js"
        try Data("print('\(mark) ' + (function () { \(body) })());\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scripting = ["org.kde.KWin", "/Scripting"]
        let loaded = try run("/usr/bin/qdbus", scripting + ["org.kde.kwin.Scripting.loadScript", path, mark],
                             environment: toolEnvironment, deadline: 10)
        guard loaded.exitCode == 0 else { throw Failed(description: "loadScript: \(loaded)") }
        defer { _ = try? run("/usr/bin/qdbus", scripting + ["org.kde.kwin.Scripting.unloadScript", mark], environment: toolEnvironment) }
        try run("/usr/bin/qdbus", scripting + ["org.kde.kwin.Scripting.start"], environment: toolEnvironment, deadline: 10)
        let line = try poll("KWin to run script \(mark)", seconds: 10, every: 0.05) {
            log.split(separator: "\n").last { $0.contains(mark + " ") }
        } until: { $0 != nil }
        let text = String(line!)
        return String(text[text.range(of: mark + " ")!.upperBound...])
    }

    /// JavaScript describing KWin's window `c` on one line, as ``Window`` reads it.
    static let describeWindow = """
        var describe = function (c) { var g = c.frameGeometry;
          return [c.caption.replace(/[|~#]/g, ' '), c.resourceClass, g.x, g.y, g.width, g.height, c.fullScreen, c.minimized,
                  c.active, c.onAllDesktops, c.desktop, c.screen, c.stackingOrder, c.dock, c.desktopWindow,
                  c.minimizable, c.maximizable, c.moveable, c.shadeable].join('|'); };
        var gate = function () { return workspace.clientList().filter(function (c) {
          return c.caption == 'beckon-shield' || c.caption.indexOf('shields-') >= 0; }); };
        var terms = function () { return gate().filter(function (c) { return c.caption.indexOf('shields-') >= 0; })[0]; };
        var shield = function () { return gate().filter(function (c) { return c.caption == 'beckon-shield' && c.screen == 0; })[0]; };
        """

    static func window(_ line: Substring) -> Window? {
        let f = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard f.count == 19 else { return nil }
        let int = { (i: Int) in Int(f[i]) ?? Int(Double(f[i]) ?? -999) }
        return Window(caption: f[0], resourceClass: f[1], x: int(2), y: int(3), width: int(4), height: int(5),
                      fullScreen: f[6] == "true", minimized: f[7] == "true", active: f[8] == "true", onAllDesktops: f[9] == "true",
                      desktop: int(10), screen: int(11), stacking: int(12), dock: f[13] == "true", desktopWindow: f[14] == "true",
                      minimizable: f[15] == "true", maximizable: f[16] == "true", moveable: f[17] == "true",
                      shadeable: f[18] == "true")
    }

    /// KWin's windows (bottom to top) and workspace now.
    func state() throws -> State {
        let text = try script("""
            \(Self.describeWindow)
            var list = workspace.clientList().slice().sort(function (a, b) { return a.stackingOrder - b.stackingOrder; });
            return list.map(describe).join('~') + '#' + workspace.currentDesktop + '#'
              + (workspace.activeClient ? workspace.activeClient.caption.replace(/[|~#]/g, ' ') : '');
            """)
        let parts = text.split(separator: "#", omittingEmptySubsequences: false)
        return State(windows: (parts.first ?? "").split(separator: "~").compactMap(Self.window),
                     desktop: parts.count > 1 ? Int(parts[1]) ?? -1 : -1, active: parts.count > 2 ? String(parts[2]) : "")
    }

    /// Runs `action` on KWin's window `window` ("terms()" or "shield()", the
    /// first output's), as a script, a pager or an extension asks KWin, and
    /// returns the window as KWin has it right after.
    func ask(_ window: String, _ action: String) throws -> Window? {
        let text = try script("\(Self.describeWindow) var w = \(window); if (!w) return 'none'; \(action); return describe(w);")
        return Self.window(Substring(text))
    }

    /// Waits for plasmashell's panel, ksmserver's org.kde.ksmserver, the
    /// splash's end, and KWin's shortcuts taking keys: Ctrl+F2 is pressed
    /// until the desktop switches, and Ctrl+F1 until it is back (as PlasmaSession).
    private func waitUntilReady() throws {
        try poll("plasmashell's panel and ksmserver on the bus", seconds: 120, every: 0.5) {
            guard pid(of: "startplasma-way") != nil else { throw Failed(description: "startplasma-wayland exited") }
            guard try busNameHasOwner("org.kde.ksmserver"), try busNameHasOwner("org.kde.KWin") else { return false }
            return try state().windows.contains { $0.dock && $0.resourceClass == "org.kde.plasmashell" }
        } until: { $0 }
        try poll("the splash screen to end", seconds: 60, every: 0.5) { pid(of: "ksplashqml") } until: { $0 == nil }
        environment = try Self.environment(of: try #require(pid(of: "plasmashell"), "plasmashell does not run"))
        for (keys, desktop) in [("ctrl+F2", 2), ("ctrl+F1", 1)] {
            try poll("\(keys) to switch to desktop \(desktop)", seconds: 60, every: 1) {
                try key(keys)
                return (try? poll("the desktop to switch", seconds: 1, every: 0.2) { try state().desktop } until: { $0 == desktop }) ?? -1
            } until: { $0 == desktop }
        }
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
    /// one (plasmashell's: WAYLAND_DISPLAY, and DISPLAY for Xwayland; GTK
    /// takes Wayland first), with `extra` over it. The system bus is made
    /// unreachable so that only Plasma's own session manager can end the session.
    func clientEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var result = environment
        result["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=/nonexistent/beckon-test"
        result["XDG_SESSION_ID"] = ""
        result["NO_AT_BRIDGE"] = "1"
        result["GDK_BACKEND"] = ""
        return result.merging(extra) { $1 }
    }
}

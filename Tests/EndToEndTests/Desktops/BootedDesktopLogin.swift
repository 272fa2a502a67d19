import BeckonTestSupport
import Foundation
import Testing

/// A desktop login as a display manager makes it, in a booted machine
/// (Tests/Support/BootedMachine.swift): beckon installed from the .deb that
/// `make deb` builds (`dpkg -i`, so its postinst enables the user unit for
/// every user), one managed `Gate=true` terms file in
/// /etc/xdg/beckon/terms.d, and a session opened through PAM and logind whose
/// first process starts an Xvfb inside the machine and then `desktop` (for
/// GNOME, `gnome-session --session=gnome`, which starts the session through
/// the user's systemd manager). Only the user manager's environment carries
/// BECKON_TEST_EXPOSE_GATE (/etc/environment.d), so that the gate's window
/// tells its state in its role.
///
/// The machine shares the host's network namespace, so its X server's
/// abstract socket is reachable from the test as `:N`: the windows are read
/// from here with xdotool and xprop (``GateX11``).
struct BootedDesktopLogin {
    static let user = "beckon-desktop"
    static let gateID = "org.example.aup"
    let machine: BootedMachine
    let uid: Int
    let windows: Windows

    /// Where a login's windows are read from.
    enum Windows {
        /// The login's own Xvfb (``xvfbPrologue``), with xdotool and xprop.
        case x11
        /// GNOME's Wayland: the shell's org.gnome.Shell.Introspect
        /// GetWindows (title, focus), asked by ``shellWindowsScript``.
        case gnomeWayland
        /// Plasma's Wayland: KWin's scripting API, by ``kwinWindowsScript``.
        case kwinWayland
    }

    /// The .deb `make deb` built from this checkout (scripts/make-deb).
    static func package() throws -> String {
        let root = Products.packageRoot
        let version = try String(contentsOf: root.appendingPathComponent("VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let directory = root.appendingPathComponent(".build/deb")
        let name = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .first { $0.hasPrefix("beckon_\(version)_") && $0.hasSuffix(".deb") }
        let found = try #require(name, "no beckon_\(version)_*.deb in \(directory.path): run `make deb` first")
        let deb = directory.appendingPathComponent(found).path
        // A .deb older than the packaging would measure files that are no longer the package's.
        func modified(_ path: String) -> Date {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
        }
        let packaging = root.appendingPathComponent("packaging").path
        let newer = ((try? FileManager.default.contentsOfDirectory(atPath: packaging)) ?? [])
            .filter { modified(packaging + "/" + $0) > modified(deb) }
        #expect(newer.isEmpty, "packaging/\(newer) changed after \(deb) was built: run `make deb`")
        return deb
    }

    /// Boots, installs the .deb and writes the managed gate, the login
    /// script and `files` (a path in the machine: its text).
    /// `commands` run in the machine after that, as root.
    static func start(loginScript: String, windows: Windows = .x11, files: [String: String] = [:],
                      commands: [[String]] = []) throws -> BootedDesktopLogin {
        let deb = try package()
        let machine = try BootedMachine()
        do {
            let uid = try machine.addUser(user)
            try FileManager.default.copyItem(atPath: deb, toPath: machine.root + "/root/beckon.deb")
            let installed = try machine.run(["dpkg", "-i", "/root/beckon.deb"], deadline: 120)
            try #require(installed.exitCode == 0, "dpkg -i: \(installed)")
            let enabled = try machine.run(["systemctl", "--global", "is-enabled", "beckon-login-terms.service"])
            #expect(enabled.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "enabled", "\(enabled)")
            let directory = machine.root + "/etc/xdg/beckon/terms.d"
            try EnforcedMachine.write(try String(contentsOfFile: TermsFixture.sample, encoding: .utf8), to: directory + "/rules.md")
            try EnforcedMachine.write("[Terms]\nVersion=1\nFile=rules.md\nGate=true\n", to: directory + "/\(gateID).conf")
            try EnforcedMachine.write("BECKON_TEST_EXPOSE_GATE=1\n", to: machine.root + "/etc/environment.d/90-beckon-test.conf")
            try EnforcedMachine.write(loginScript, to: machine.root + "/usr/local/bin/beckon-desktop-login")
            chmod(machine.root + "/usr/local/bin/beckon-desktop-login", 0o755)
            let reader = windows == .gnomeWayland ? shellWindowsScript : windows == .kwinWayland ? kwinWindowsScript : nil
            if let reader {
                try EnforcedMachine.write(reader, to: machine.root + "/usr/local/bin/beckon-desktop-windows")
                chmod(machine.root + "/usr/local/bin/beckon-desktop-windows", 0o755)
            }
            for (path, text) in files { try EnforcedMachine.write(text, to: machine.root + path) }
            for command in commands {
                let result = try machine.run(command, deadline: 60)
                try #require(result.exitCode == 0, "\(command): \(result)")
            }
            return BootedDesktopLogin(machine: machine, uid: uid, windows: windows)
        } catch {
            machine.stop()
            throw error
        }
    }

    /// The start of a login script: an Xvfb on a display it picks itself
    /// (`-displayfd`: the abstract sockets of the host's servers are in the
    /// same namespace), its number written to ~/display, DISPLAY exported,
    /// and the session bus the user manager's, as pam_systemd's logins have it.
    static let xvfbPrologue = #"""
        #!/bin/sh
        rm -f "$HOME/display"
        Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$HOME/display.new" >"$HOME/xvfb.log" 2>&1 &
        until grep -q . "$HOME/display.new" 2>/dev/null; do sleep 0.05; done
        mv "$HOME/display.new" "$HOME/display"
        export DISPLAY=":$(cat "$HOME/display")"
        export DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
        export LIBGL_ALWAYS_SOFTWARE=1

        """#

    /// The shell's windows, one a line: id, then the properties GetWindows
    /// gives (title, has-focus, …). gnome-shell 43 answers Introspect only
    /// in unsafe mode or to a caller that owns the name of GNOME's portal
    /// backend (introspect.js, DBusSenderChecker), which this session does
    /// not run: the script takes that name first, as xdg-desktop-portal-gnome
    /// would.
    static let shellWindowsScript = #"""
        #!/usr/bin/python3
        import gi
        gi.require_version("Gio", "2.0")
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                      GLib.Variant("(su)", ("org.freedesktop.impl.portal.desktop.gnome", 4)), None, 0, -1, None)
        reply = bus.call_sync("org.gnome.Shell.Introspect", "/org/gnome/Shell/Introspect", "org.gnome.Shell.Introspect",
                              "GetWindows", None, None, 0, 5000, None).unpack()[0]
        for wid, props in reply.items():
            print(wid, props)

        """#

    /// KWin's windows, one a line: caption|active|fullScreen. A KWin script
    /// (KWin 5.27's `workspace`) prints them with a mark, which KWin writes
    /// to its output: the user's journal, as plasma-kwin_wayland.service's.
    static let kwinWindowsScript = #"""
        #!/bin/sh
        mark="BECKON-$(date +%s%N)"
        script="$XDG_RUNTIME_DIR/$mark.js"
        echo "print('$mark ' + workspace.clientList().map(function (c) { return c.caption + '|' + c.active + '|' + c.fullScreen; }).join('~'));" >"$script"
        qdbus org.kde.KWin /Scripting org.kde.kwin.Scripting.loadScript "$script" "$mark" >/dev/null || exit 1
        qdbus org.kde.KWin /Scripting org.kde.kwin.Scripting.start >/dev/null
        line=""
        for _ in $(seq 50); do
          line=$(journalctl --user --no-pager -o cat -u plasma-kwin_wayland.service | grep "$mark " | tail -n 1)
          [ -n "$line" ] && break
          sleep 0.1
        done
        qdbus org.kde.KWin /Scripting org.kde.kwin.Scripting.unloadScript "$mark" >/dev/null
        rm -f "$script"
        [ -n "$line" ] && echo "${line#*$mark }" | tr '~' '\n'

        """#

    /// Opens the session and returns its logind id and its X display (empty on Wayland).
    func login() throws -> (session: String, display: String) {
        let type = windows == .x11 ? "x11" : "wayland"
        let session = try machine.openSession(user: Self.user, type: type, command: ["/usr/local/bin/beckon-desktop-login"])
        guard windows == .x11 else { return (session, "") }
        let number = try poll("the login's X server", seconds: 30, every: 0.1) {
            (try? machine.run(["cat", "/home/\(Self.user)/display"]).stdout) ?? ""
        } until: { $0.hasSuffix("\n") }
        return (session, ":" + number.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The desktop's windows on Wayland, one a line (``shellWindowsScript``, ``kwinWindowsScript``).
    func desktopWindows() throws -> [String] {
        try machine.run(["runuser", "-u", Self.user, "--", "env", "XDG_RUNTIME_DIR=/run/user/\(uid)",
                         "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/\(uid)/bus",
                         "/usr/local/bin/beckon-desktop-windows"]).stdout.split(separator: "\n").map(String.init)
    }

    /// Ends every session of the user and waits for their user manager to stop.
    func logout() throws {
        try machine.run(["loginctl", "terminate-user", Self.user])
        try machine.run(["rm", "-f", "/home/\(Self.user)/display"])
        try poll("user@\(uid).service to stop", seconds: 30, every: 0.2) {
            try machine.run(["systemctl", "is-active", "user@\(uid).service"]).stdout
        } until: { !$0.hasPrefix("active") && !$0.hasPrefix("deactivating") }
    }

    /// `systemctl --user` as the user, in their manager.
    func userctl(_ arguments: [String]) throws -> ProcessResult {
        try machine.run(["runuser", "-u", Self.user, "--", "env", "XDG_RUNTIME_DIR=/run/user/\(uid)",
                         "systemctl", "--user", "--no-pager"] + arguments)
    }

    /// One property of a user unit (`systemctl --user show -p NAME --value`).
    func unitProperty(_ unit: String, _ name: String) throws -> String {
        try userctl(["show", unit, "-p", name, "--value"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The user's processes running `beckon terms --managed` (the gate), by pid.
    func gates() throws -> [String] {
        try machine.run(["pgrep", "-u", Self.user, "-x", "-f", "/usr/bin/beckon terms --managed"]).stdout
            .split(separator: "\n").map(String.init)
    }

    /// The journal's lines of the user's manager that name the autostart
    /// entry: gnome-session runs each entry it starts in a scope
    /// `app-gnome-org.beckon.LoginTerms-PID.scope`, and a unit made by
    /// systemd-xdg-autostart-generator would be
    /// `app-org.beckon.LoginTerms@autostart.service`; the manager logs both.
    func autostartEntryRuns() throws -> [String] {
        try machine.run(["journalctl", "--no-pager", "-o", "cat", "_UID=\(uid)"]).stdout
            .split(separator: "\n").map(String.init).filter { $0.contains("org.beckon.LoginTerms") }
    }

    /// The cgroup a process of the machine runs in: which unit started it.
    func cgroup(of pid: String) throws -> String {
        try machine.run(["cat", "/proc/\(pid)/cgroup"]).stdout.split(separator: "\n")
            .first { $0.hasPrefix("0::") }.map { String($0.dropFirst(3)) } ?? ""
    }

    /// What one login showed: the seconds from opening the session to the
    /// gate's terms window with its shields, which starter runs the gate, and
    /// the unit's `systemctl --user status`.
    struct Shown {
        var seconds: Double
        var starter: Starter
        var unitStatus: String
        /// On Wayland: whether the terms had the focus (always on X11, where the grab was checked).
        var focused: Bool
    }

    /// Which starter runs the gate, read from its cgroup.
    enum Starter: Equatable, CustomStringConvertible {
        /// beckon-login-terms.service.
        case unit
        /// The XDG autostart entry, run by the session manager itself
        /// (gnome-session puts it in a scope `app-gnome-org.beckon.LoginTerms-PID.scope`).
        case autostartEntry
        case other(String)

        var description: String {
            switch self {
            case .unit: "the user unit"
            case .autostartEntry: "the autostart entry"
            case .other(let cgroup): "? (cgroup \(cgroup))"
            }
        }
    }

    static let unit = "beckon-login-terms.service"

    /// Logs in, waits for the gate's terms window with its shields and its
    /// keyboard grab, checks that graphical-session.target is up and started
    /// the unit in this login, that one gate runs and one terms window is
    /// shown, runs `check` (the desktop's own units), and logs out.
    /// On Wayland the terms must have the focus, as they show and 3 s later,
    /// unless `requireFocus` is false: then whether they have it 3 s later is
    /// only read.
    func loginShowsOneGate(_ login: Int, requireFocus: Bool = true, check: () throws -> Void = {}) throws -> Shown {
        let opened = Date()
        let (session, display) = try self.login()
        let x = GateX11(display: display)
        // Each terms window of the gate, as what tells its state: its role
        // on X11, its title on Wayland (BECKON_TEST_EXPOSE_GATE).
        func termsWindows() throws -> [String] {
            switch windows {
            case .x11:
                return try x.tool("xdotool", ["search", "--onlyvisible", "--name", "^Terms of Use$"]).stdout
                    .split(separator: "\n").map(String.init).filter { (try? x.role(of: $0).contains("beckon-terms-gate")) == true }
                    .map { "\($0) \(try x.role(of: $0))" }
            case .gnomeWayland:
                return try desktopWindows().filter { $0.contains("'title': 'beckon-terms-gate") }
            case .kwinWayland:
                return try desktopWindows().filter { $0.hasPrefix("beckon-terms-gate") }
            }
        }
        func focused(_ terms: String) -> Bool {
            windows == .gnomeWayland ? terms.contains("'has-focus': True") : terms.contains("|true|")
        }
        let terms = try poll("the managed gate's terms window (login \(login), session \(session))", seconds: 90, every: 0.1) {
            try termsWindows().first { $0.contains("shields-1") } ?? ""
        } until: { !$0.isEmpty }
        let seconds = Date().timeIntervalSince(opened)
        switch windows {
        case .x11:
            try x.waitForGate(String(terms.prefix { $0 != " " }), "keyboard-grabbed", seconds: 30)
        case .gnomeWayland, .kwinWayland:
            // Wayland has no keyboard grab: the terms have the focus.
            if requireFocus {
                do {
                    try poll("the terms focused (login \(login))", seconds: 30, every: 0.2) { try termsWindows() } until: {
                        $0.contains(where: focused)
                    }
                } catch {
                    throw WaitFailed("\(error); the desktop's windows: \((try? desktopWindows()) ?? [])")
                }
            }
        }

        #expect(try unitProperty("graphical-session.target", "ActiveState") == "active")
        // graphical-session.target started the packaged unit in this login
        // (the user manager is new in each login: logout stops it).
        try poll("\(Self.unit) to have run (login \(login))", seconds: 30, every: 0.2) {
            try unitProperty(Self.unit, "ExecMainStartTimestampMonotonic")
        } until: { !$0.isEmpty && $0 != "0" }
        let status = try userctl(["status", Self.unit]).stdout
        let gates = try self.gates()
        #expect(gates.count == 1, "gates running: \(gates)\n\(status)")
        // Read once more until it is one window; every reading that was not is reported.
        var readings: [[String]] = []
        let shown = try? poll("one terms window (login \(login))", seconds: 10, every: 0.2) {
            let found = try termsWindows()
            if found.count != 1 { readings.append(found) }
            return found
        } until: { $0.count == 1 }
        #expect(shown?.count == 1 && readings.isEmpty, "terms windows seen other than one: \(readings)")
        let cgroup = try gates.first.map { try self.cgroup(of: $0) } ?? ""
        let starter: Starter = cgroup.hasSuffix("/\(Self.unit)") ? .unit
            : cgroup.contains("org.beckon.LoginTerms") || cgroup.contains("gnome-session-manager@") ? .autostartEntry : .other(cgroup)
        if starter != .unit {
            // The unit found the lock held and ended at once, with success.
            #expect(try unitProperty(Self.unit, "ActiveState") == "inactive", "\(status)")
            #expect(try unitProperty(Self.unit, "ExecMainStatus") == "0", "\(status)")
        }
        // X-systemd-skip=true: systemd-xdg-autostart-generator made no unit of the entry.
        #expect(try unitProperty("app-org.beckon.LoginTerms@autostart.service", "LoadState") == "not-found")
        try check()
        var hasFocus = true
        if windows != .x11 {
            // Still focused 3 s on: a window of the desktop's mapped later can take the focus.
            usleep(3_000_000)
            hasFocus = try termsWindows().contains(where: focused)
            if !hasFocus {
                let seen = try desktopWindows()
                if requireFocus { Issue.record("login \(login): the terms lost the focus; the windows: \(seen)") }
                print("login \(login): the terms without the focus; the windows: \(seen)")
            }
        }
        print("login \(login) (session \(session), \(display.isEmpty ? "Wayland" : display)): the gate's terms window \(String(format: "%.1f", seconds)) s "
              + "after the session was opened; started by \(starter)\n\(status)")
        try logout()
        return Shown(seconds: seconds, starter: starter, unitStatus: status, focused: hasFocus)
    }

    /// `count` logins in turn (``loginShowsOneGate(_:requireFocus:check:)``),
    /// in each of which the user unit must be the gate's starter.
    func loginsEachShowOneGate(_ count: Int = 3, requireFocus: Bool = true,
                               check: () throws -> Void = {}) throws -> [Shown] {
        try (1...count).map { login in
            let one = try loginShowsOneGate(login, requireFocus: requireFocus, check: check)
            #expect(one.starter == .unit, "\(one.starter)")
            return one
        }
    }

    /// "median M s of [a, b, c]".
    static func summary(_ seconds: [Double]) -> String {
        let median = seconds.sorted()[seconds.count / 2]
        return "median \(String(format: "%.1f", median)) s of \(seconds.map { String(format: "%.1f", $0) })"
    }

    func stop() { machine.stop() }
}

import BeckonTestSupport
import Foundation
import Testing

/// Login-time start under Plasma 5.27's systemd start-up on X11
/// (docs/terms.md P7): beckon installed from the .deb in a booted machine
/// (``BootedDesktopLogin``), a real PAM/logind login running Xvfb and
/// `startplasma-x11`, which, with a user manager running, starts
/// plasma-workspace-x11.target and with it graphical-session.target, which
/// wants the packaged beckon-login-terms.service. Plasma starts the XDG
/// autostart entries through systemd-xdg-autostart-generator's units
/// (xdg-desktop-autostart.target), and the generator skips the packaged
/// entry (`X-systemd-skip=true`): the unit is the one starter.
extension PlasmaDesktopTests {
    static let plasmaLoginScript = BootedDesktopLogin.xvfbPrologue + """
        export XDG_CURRENT_DESKTOP=KDE XDG_SESSION_DESKTOP=KDE DESKTOP_SESSION=plasma
        exec startplasma-x11 >"$HOME/plasma.log" 2>&1

        """

    /// Three logins in one booted machine: in each, Plasma runs as user
    /// units, the user unit shows the managed gate exactly once, and the time
    /// from opening the session (PAM) to the gate's terms window with its
    /// shields is printed.
    @Test func x11SystemdStartupShowsTheManagedGateOncePerLogin() throws {
        let desktop = try BootedDesktopLogin.start(loginScript: Self.plasmaLoginScript)
        defer { desktop.stop() }
        var seconds: [Double] = []
        for login in 1...3 {
            let one = try desktop.loginShowsOneGate(login) {
                // Plasma's systemd boot: its session manager and window manager are user units.
                for unit in ["plasma-workspace-x11.target", "plasma-ksmserver.service", "plasma-kwin_x11.service"] {
                    let state = try desktop.unitProperty(unit, "ActiveState")
                    #expect(state == "active", "\(unit)")
                }
                let entryRuns = try desktop.autostartEntryRuns()
                #expect(entryRuns.isEmpty, "\(entryRuns)")
            }
            #expect(one.starter == .unit, "\(one.starter)")
            seconds.append(one.seconds)
        }
        print("Plasma X11 systemd logins: \(BootedDesktopLogin.summary(seconds))")
    }

    /// A Wayland login as SDDM makes one: no X server, the session's type
    /// "wayland", startplasma-wayland starting plasma-workspace-wayland.target
    /// and with it plasma-kwin_wayland.service (kwin_wayland_wrapper).
    static let plasmaWaylandLoginScript = #"""
        #!/bin/sh
        export DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
        export LIBGL_ALWAYS_SOFTWARE=1
        export XDG_CURRENT_DESKTOP=KDE XDG_SESSION_DESKTOP=KDE DESKTOP_SESSION=plasmawayland
        exec startplasma-wayland >"$HOME/plasma.log" 2>&1

        """#

    /// The one change to the session, as in PlasmaWaylandSession: KWin on
    /// its virtual backend (this machine has no display device), through a
    /// `kwin_wayland` first on the user manager's PATH that
    /// kwin_wayland_wrapper runs, which runs a copy of the real one without
    /// its file capability (the container refuses to exec it).
    static let virtualKWin = """
        #!/bin/sh
        exec /usr/local/lib/beckon-kwin/kwin_wayland --virtual --width 1280 --height 800 --output-count 1 "$@"

        """

    static func plasmaWaylandDesktop(withRule: Bool) throws -> BootedDesktopLogin {
        var files = ["/usr/local/bin/kwin_wayland": virtualKWin]
        if withRule { files["/etc/xdg/kwinrulesrc"] = kwinRules }
        return try BootedDesktopLogin.start(
            loginScript: plasmaWaylandLoginScript, windows: .kwinWayland, files: files,
            commands: [["mkdir", "-p", "/usr/local/lib/beckon-kwin"],
                       ["cp", "/usr/bin/kwin_wayland", "/usr/local/lib/beckon-kwin/kwin_wayland"],
                       ["chmod", "755", "/usr/local/bin/kwin_wayland"]])
    }

    /// What the units of a Plasma Wayland login under systemd must show.
    static func plasmaWaylandUnits(_ desktop: BootedDesktopLogin) throws {
        for unit in ["plasma-workspace-wayland.target", "plasma-ksmserver.service", "plasma-kwin_wayland.service"] {
            let state = try desktop.unitProperty(unit, "ActiveState")
            #expect(state == "active", "\(unit)")
        }
        let entryRuns = try desktop.autostartEntryRuns()
        #expect(entryRuns.isEmpty, "\(entryRuns)")
    }

    /// Logins on Plasma's Wayland under its systemd start-up (docs/terms.md
    /// P-W7 with the administrator's KWin rule in /etc/xdg, P-W8 without it):
    /// the user unit shows the managed gate once, its terms with their shield
    /// in KWin's list; the time from opening the session to that is printed,
    /// and whether the terms had the focus 3 s later is read and printed.
    /// Measured: in the first login after boot plasmashell's desktop window,
    /// mapped after the gate's, was the active window and the terms were not,
    /// with the rule or without it, so keys went to the desktop until a
    /// click on the terms (and the rule, which acts while a gate window is
    /// active, kept no shortcut off). Forcing the rule's focus stealing
    /// prevention to None (fsplevel=0) or its focus protection to Extreme
    /// (fpplevel=4) changed nothing.
    @Test(arguments: [true, false]) func onWaylandSystemdStartupShowsTheManagedGateOncePerLogin(withRule: Bool) throws {
        let desktop = try Self.plasmaWaylandDesktop(withRule: withRule)
        defer { desktop.stop() }
        var seconds: [Double] = []
        var focused: [Bool] = []
        for login in 1...3 {
            let one = try desktop.loginShowsOneGate(login, requireFocus: false) { try Self.plasmaWaylandUnits(desktop) }
            #expect(one.starter == .unit, "\(one.starter)")
            seconds.append(one.seconds)
            focused.append(one.focused)
        }
        print("Plasma Wayland systemd logins (\(withRule ? "the KWin rule" : "no KWin rule")): "
              + "\(BootedDesktopLogin.summary(seconds)); the terms focused in logins \(focused)")
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// Login-time start under gnome-session 43's systemd start-up on X11
/// (docs/terms.md G7): beckon installed from the .deb in a booted machine
/// (``BootedDesktopLogin``), a real PAM/logind login running Xvfb and
/// `gnome-session --session=gnome`, which starts `gnome-session-x11@gnome.target`
/// in the user's systemd manager and with it graphical-session.target, which
/// wants the packaged beckon-login-terms.service.
///
/// gnome-session under systemd still runs XDG autostart entries itself,
/// beside the units: it skips only entries with
/// `X-GNOME-HiddenUnderSystemd=true` (`X-systemd-skip=true` is read by
/// systemd's generator alone). Before the packaged entry had that key, the
/// entry started the gate in each of 3 logins, ahead of the unit, which found
/// the starter's lock held and exited 0: one gate, but not from the unit. With
/// it, the unit is the one starter; the gate's cgroup says which ran it.
extension GnomeDesktopTests {
    static let gnomeLoginScript = BootedDesktopLogin.xvfbPrologue + """
        export XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_DESKTOP=gnome DESKTOP_SESSION=gnome
        exec gnome-session --session=gnome >"$HOME/gnome-session.log" 2>&1

        """

    /// Three logins in one booted machine: in each, gnome-session runs as a
    /// user unit, graphical-session.target started the user unit, and it
    /// shows the managed gate, exactly once; the time from opening the
    /// session (PAM) to the gate's terms window with its shields is printed.
    @Test func x11SystemdStartupShowsTheManagedGateOncePerLogin() throws {
        let desktop = try BootedDesktopLogin.start(loginScript: Self.gnomeLoginScript)
        defer { desktop.stop() }
        var seconds: [Double] = []
        for login in 1...3 {
            let one = try desktop.loginShowsOneGate(login) {
                // The session was started by systemd: gnome-session's manager runs as a user unit.
                let manager = try desktop.unitProperty("gnome-session-manager@gnome.service", "ActiveState")
                #expect(manager == "active")
                // gnome-session did not run the autostart entry (X-GNOME-HiddenUnderSystemd=true).
                let entryRuns = try desktop.autostartEntryRuns()
                #expect(entryRuns.isEmpty, "\(entryRuns)")
            }
            #expect(one.starter == .unit, "\(one.starter)")
            seconds.append(one.seconds)
        }
        print("GNOME X11 systemd logins: \(BootedDesktopLogin.summary(seconds))")
    }

    /// A Wayland login as GDM makes one: no X server, the session's type
    /// "wayland", gnome-session starting gnome-session-wayland@gnome.target
    /// and with it org.gnome.Shell@wayland.service.
    static let gnomeWaylandLoginScript = #"""
        #!/bin/sh
        export DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
        export LIBGL_ALWAYS_SOFTWARE=1
        export XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_DESKTOP=gnome DESKTOP_SESSION=gnome
        exec gnome-session --session=gnome >"$HOME/gnome-session.log" 2>&1

        """#

    /// Debian's org.gnome.Shell@wayland.service runs `gnome-shell`, which on
    /// a login of type wayland takes mutter's native backend: a display
    /// device this machine has none of. The one change to the session: its
    /// shell on mutter's headless backend with one virtual monitor, as
    /// GnomeSession runs it.
    static let headlessShellDropIn = """
        [Service]
        ExecStart=
        ExecStart=/usr/bin/gnome-shell --wayland --headless --virtual-monitor 1280x800

        """

    /// The same three logins on GNOME's Wayland (docs/terms.md G8): the
    /// session through systemd, graphical-session.target starting the
    /// packaged unit, one gate, its terms window with its shield in the
    /// shell's window list and focused; the time from opening the session
    /// to that is printed.
    @Test func waylandSystemdStartupShowsTheManagedGateOncePerLogin() throws {
        let desktop = try BootedDesktopLogin.start(
            loginScript: Self.gnomeWaylandLoginScript, windows: .gnomeWayland,
            files: ["/etc/systemd/user/org.gnome.Shell@wayland.service.d/headless.conf": Self.headlessShellDropIn])
        defer { desktop.stop() }
        var seconds: [Double] = []
        for login in 1...3 {
            let one = try desktop.loginShowsOneGate(login) {
                #expect(try desktop.unitProperty("gnome-session-wayland@gnome.target", "ActiveState") == "active")
                #expect(try desktop.unitProperty("org.gnome.Shell@wayland.service", "ActiveState") == "active")
                let entryRuns = try desktop.autostartEntryRuns()
                #expect(entryRuns.isEmpty, "\(entryRuns)")
            }
            #expect(one.starter == .unit, "\(one.starter)")
            seconds.append(one.seconds)
        }
        print("GNOME Wayland systemd logins: \(BootedDesktopLogin.summary(seconds))")
    }
}

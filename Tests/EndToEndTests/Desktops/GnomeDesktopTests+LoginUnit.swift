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
/// Both starters fire in such a session: the user unit, and gnome-session
/// itself, which under systemd still runs the XDG autostart entries (it
/// skips only entries with `X-GNOME-HiddenUnderSystemd=true`;
/// `X-systemd-skip=true` is read by systemd's generator alone). The
/// starter's lock lets one of them show the gate; which one is read from the
/// gate's cgroup and printed.
extension GnomeDesktopTests {
    static let gnomeLoginScript = BootedDesktopLogin.xvfbPrologue + """
        export XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_DESKTOP=gnome DESKTOP_SESSION=gnome
        exec gnome-session --session=gnome >"$HOME/gnome-session.log" 2>&1

        """

    /// Three logins in one booted machine: in each, gnome-session runs as a
    /// user unit, graphical-session.target started the user unit, and the
    /// managed gate shows exactly once; the time from opening the session
    /// (PAM) to the gate's terms window with its shields is printed, with
    /// the starter that showed it.
    @Test func x11SystemdStartupShowsTheManagedGateOncePerLogin() throws {
        let desktop = try BootedDesktopLogin.start(loginScript: Self.gnomeLoginScript)
        defer { desktop.stop() }
        var shown: [BootedDesktopLogin.Shown] = []
        for login in 1...3 {
            let one = try desktop.loginShowsOneGate(login) {
                // The session was started by systemd: gnome-session's manager runs as a user unit.
                let manager = try desktop.unitProperty("gnome-session-manager@gnome.service", "ActiveState")
                #expect(manager == "active")
            }
            #expect(one.starter == .unit || one.starter == .autostartEntry, "\(one.starter)")
            shown.append(one)
        }
        print("GNOME X11 systemd logins: \(BootedDesktopLogin.summary(shown.map(\.seconds))); starters: \(shown.map(\.starter))")
    }
}

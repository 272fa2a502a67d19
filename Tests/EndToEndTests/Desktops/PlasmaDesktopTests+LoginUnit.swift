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
}

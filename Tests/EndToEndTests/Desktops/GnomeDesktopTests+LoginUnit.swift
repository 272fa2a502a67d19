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
        let shown = try desktop.loginsEachShowOneGate {
            // The session was started by systemd: gnome-session's manager runs as a user unit.
            let manager = try desktop.unitProperty("gnome-session-manager@gnome.service", "ActiveState")
            #expect(manager == "active")
            // gnome-session did not run the autostart entry (X-GNOME-HiddenUnderSystemd=true).
            let entryRuns = try desktop.autostartEntryRuns()
            #expect(entryRuns.isEmpty, "\(entryRuns)")
        }
        print("GNOME X11 systemd logins: \(BootedDesktopLogin.summary(shown.map(\.seconds)))")
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
        let shown = try desktop.loginsEachShowOneGate {
            #expect(try desktop.unitProperty("gnome-session-wayland@gnome.target", "ActiveState") == "active")
            #expect(try desktop.unitProperty("org.gnome.Shell@wayland.service", "ActiveState") == "active")
            let entryRuns = try desktop.autostartEntryRuns()
            #expect(entryRuns.isEmpty, "\(entryRuns)")
        }
        print("GNOME Wayland systemd logins: \(BootedDesktopLogin.summary(shown.map(\.seconds)))")
    }

    /// A monitor plugged into mutter while it runs, on its headless backend:
    /// a ScreenCast session's RecordVirtual stream is a virtual monitor, made
    /// when the stream starts (mutter 43's meta-screen-cast-virtual-stream),
    /// and a stream starts once PipeWire has a consumer for it (pipewiresrc,
    /// through GStreamer's Python binding), which also picks its size: a
    /// virtual stream has none of its own. The monitor is there until stdin
    /// closes; then the session stops and it goes. "plugged" on stdout once
    /// the consumer plays.
    static let virtualMonitorScript = #"""
        #!/usr/bin/python3
        import gi
        gi.require_version("Gio", "2.0")
        gi.require_version("Gst", "1.0")
        from gi.repository import Gio, GLib, Gst
        Gst.init(None)
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        def call(path, interface, method, args=None):
            return bus.call_sync("org.gnome.Mutter.ScreenCast", path, interface, method, args, None, 0, 10000, None)
        session = call("/org/gnome/Mutter/ScreenCast", "org.gnome.Mutter.ScreenCast", "CreateSession",
                       GLib.Variant("(a{sv})", ({},))).unpack()[0]
        stream = call(session, "org.gnome.Mutter.ScreenCast.Session", "RecordVirtual",
                      GLib.Variant("(a{sv})", ({"cursor-mode": GLib.Variant("u", 0)},))).unpack()[0]
        loop = GLib.MainLoop()
        nodes = []
        def added(connection, sender, path, interface, signal, parameters):
            nodes.append(parameters.unpack()[0])
            loop.quit()
        bus.signal_subscribe(None, "org.gnome.Mutter.ScreenCast.Stream", "PipeWireStreamAdded", stream, None, 0, added)
        call(session, "org.gnome.Mutter.ScreenCast.Session", "Start")
        GLib.timeout_add_seconds(20, loop.quit)
        loop.run()
        if not nodes:
            raise SystemExit("no PipeWire stream from mutter's RecordVirtual")
        # A virtual stream takes its size from its consumer: the caps fix it.
        pipeline = Gst.parse_launch("pipewiresrc path=%d always-copy=true ! video/x-raw,width=1024,height=768 ! fakesink sync=false" % nodes[0])
        pipeline.set_state(Gst.State.PLAYING)
        print("plugged", flush=True)
        loop = GLib.MainLoop()
        GLib.io_add_watch(GLib.IOChannel.unix_new(0), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, lambda *_: loop.quit())
        loop.run()
        pipeline.set_state(Gst.State.NULL)
        call(session, "org.gnome.Mutter.ScreenCast.Session", "Stop")

        """#

    /// A monitor plugged in while the gate shows, on GNOME's Wayland (docs/terms.md
    /// G9): a login as G8's, with a keyboard (mutter's headless backend has
    /// none, and without one GTK is told of no focus at all), the gate's
    /// terms focused with their one shield; a virtual monitor added
    /// (``virtualMonitorScript``): a second shield, the terms saying so
    /// (shields-2), and the focus back with the terms; the monitor taken
    /// away again: one shield.
    @Test func waylandMonitorPluggedInWhileTheGateShowsGetsAShield() throws {
        let desktop = try BootedDesktopLogin.start(
            loginScript: Self.gnomeWaylandLoginScript, windows: .gnomeWayland,
            files: ["/etc/systemd/user/org.gnome.Shell@wayland.service.d/headless.conf": Self.headlessShellDropIn,
                    "/usr/local/bin/beckon-virtual-monitor": Self.virtualMonitorScript,
                    "/usr/local/bin/beckon-virtual-keyboard": "#!/usr/bin/python3\n" + GnomeWaylandKeys.plugged],
            commands: [["chmod", "755", "/usr/local/bin/beckon-virtual-monitor", "/usr/local/bin/beckon-virtual-keyboard"]])
        defer { desktop.stop() }
        let (session, _) = try desktop.login()
        func inSession(_ command: String, _ arguments: [String] = []) throws -> RunningProcess {
            try RunningProcess("/usr/bin/nsenter", ["-t", "\(desktop.machine.leader)", "-a", "runuser", "-u", BootedDesktopLogin.user,
                                                    "--", "env", "XDG_RUNTIME_DIR=/run/user/\(desktop.uid)",
                                                    "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/\(desktop.uid)/bus",
                                                    command] + arguments, keepStdinOpen: true)
        }
        func gate() throws -> (terms: [String], shields: Int) {
            let windows = try desktop.desktopWindows()
            return (windows.filter { $0.contains("'title': 'beckon-terms-gate") },
                    windows.filter { $0.contains("'title': 'beckon-shield'") }.count)
        }
        try poll("the gate's terms with one shield, focused (session \(session))", seconds: 60, every: 0.2) { try gate() } until: {
            $0.shields == 1 && $0.terms.count == 1 && $0.terms[0].contains("shields-1") && $0.terms[0].contains("'has-focus': True")
        }
        // Each script runs under nsenter and runuser, holding its pipes: it
        // must end inside the machine, or waiting for the pipes never ends.
        // The keyboard once the session (and its bus) is up.
        let keyboard = try inSession("/usr/local/bin/beckon-virtual-keyboard", ["/tmp/beckon-keyboard-plugged"])
        defer {
            keyboard.closeStdin()
            _ = try? desktop.machine.run(["pkill", "-f", "beckon-virtual-keyboard"])
            _ = keyboard.wait(deadline: 10)
        }
        try poll("a virtual keyboard plugged in for the session", seconds: 30, every: 0.2) {
            (try desktop.machine.run(["test", "-e", "/tmp/beckon-keyboard-plugged"]).exitCode == 0) || !keyboard.process.isRunning
        } until: { $0 }
        #expect(keyboard.process.isRunning, "the virtual keyboard's script ended: \(keyboard.wait(deadline: 5))")
        let monitor = try inSession("/usr/local/bin/beckon-virtual-monitor")
        defer {
            monitor.closeStdin()
            _ = try? desktop.machine.run(["pkill", "-f", "beckon-virtual-monitor"])
            _ = monitor.wait(deadline: 10)
        }
        let plugged = Date()
        _ = try poll("a second shield for the plugged monitor", seconds: 30, every: 0.1) { try gate() } until: {
            ($0.shields == 2 && $0.terms.first?.contains("shields-2") == true) || !monitor.process.isRunning
        }
        #expect(monitor.process.isRunning, "the virtual monitor's script ended: \(monitor.wait(deadline: 5))")
        print("GNOME Wayland: a second shield \(String(format: "%.1f", Date().timeIntervalSince(plugged))) s after the monitor was asked for")
        // The new monitor's shield takes the focus as it maps; the terms
        // take it back by mapping again (TermsWindow+Gate.swift
        // takeFocusFromShield). Before that, it kept it.
        let focused = Date()
        let again = try poll("the terms focused again with two shields", seconds: 10, every: 0.1) { try gate() } until: {
            $0.shields == 2 && $0.terms.count == 1 && $0.terms[0].contains("'has-focus': True")
        }
        let how = again.terms[0].contains("focus-remapped") ? "mapped again" : "presented"
        print("GNOME Wayland: the terms focused again \(String(format: "%.1f", Date().timeIntervalSince(focused))) s after the second shield (\(how))")
        monitor.closeStdin()
        try poll("the plugged monitor's shield gone with it", seconds: 30, every: 0.1) { try gate() } until: {
            $0.shields == 1 && $0.terms.first?.contains("shields-1") == true
        }
        try desktop.logout()
    }
}

import BeckonCore
import CBeckonGLib
import CGtk

/// GNOME Shell's Activities overview, left when a login gate shows.
///
/// GNOME 40 and later open the overview as a session starts (gnome-shell's
/// js/ui/layout.js, `_prepareStartupAnimation`: "if (Main.sessionMode.hasOverview)
/// Main.overview.showStartup()"), which is when a gate at login maps. The
/// overview is drawn above every window and holds the keyboard (the shell's
/// modal grab), so the gate's windows sat behind it, its grab failed, and the
/// overview's search and application grid stayed usable (measured under
/// gnome-shell 43.9 on X11: GnomeDesktopTests). gnome-shell's writable
/// `OverviewActive` property of org.gnome.Shell (js/ui/shellDBus.js, with no
/// sender check in 43) is how the gate leaves it, in a GNOME session only
/// (XDG_CURRENT_DESKTOP); where no one owns org.gnome.Shell the call fails
/// unseen, and nothing is started for it.
@GtkActor
enum GnomeOverview {
    /// A connection of its own, kept for the process: not GLib's shared one,
    /// whose loss would end the process (exit-on-close).
    private static var connection: OpaquePointer?

    /// Whether the session is GNOME's: gnome-session (and GDM) set
    /// XDG_CURRENT_DESKTOP to a list with "GNOME" ("GNOME", "ubuntu:GNOME").
    /// Elsewhere nothing is asked: no connection is opened for it.
    private static let isGnome: Bool = {
        guard let value = getenv("XDG_CURRENT_DESKTOP") else { return false }
        return String(cString: value).split(separator: ":").contains("GNOME")
    }()

    /// Asks gnome-shell, if one runs on the session bus, to leave its overview.
    static func leave() {
        // Never a bus started for this (dbus-launch on X11).
        guard isGnome, beckon_dbus_session_bus_exists() != 0 else { return }
        if connection == nil {
            var error: UnsafeMutablePointer<GError>?
            connection = beckon_dbus_connect_sync(G_BUS_TYPE_SESSION, 0, 1000, &error)
            g_clear_error(&error)
        }
        guard let bus = connection else { return }
        var values: [OpaquePointer?] = [g_variant_new_string("org.gnome.Shell"), g_variant_new_string("OverviewActive"),
                                        g_variant_new_variant(g_variant_new_boolean(0))]
        let parameters = g_variant_new_tuple(&values, 3)
        // No answer awaited: a shell that is not there, or refuses, changes nothing here.
        g_dbus_connection_call(bus, "org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties", "Set",
                               parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, 2000, nil, nil, nil)
    }
}

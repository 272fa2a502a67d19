import BeckonTestSupport
import Foundation

/// Real keys on mutter's Wayland, where no client may inject them (mutter
/// has no virtual-keyboard protocol, so wtype cannot): mutter's own
/// RemoteDesktop D-Bus API (org.gnome.Mutter.RemoteDesktop, what
/// gnome-remote-desktop uses), whose NotifyKeyboardKeysym feeds a key
/// through the compositor's input path as a keyboard would. One remote
/// desktop session per call, by a small GIO client in the system's Python
/// (python3-gi): mutter ends a session when the D-Bus peer that made it leaves.
struct GnomeWaylandKeys {
    let session: GnomeSession

    /// Presses each combination ("super", "alt+F2", "ctrl+End") in turn.
    func key(_ combinations: String...) throws {
        try send(["key"] + combinations)
    }

    /// Types `text`, a key per character.
    func type(_ text: String) throws {
        try send(["type", text])
    }

    /// A left click where the pointer is (mutter starts it in the middle of
    /// the first monitor, over a gate's terms there).
    func click() throws {
        try send(["click"])
    }

    private func send(_ arguments: [String]) throws {
        let result = try run("/usr/bin/python3", ["-c", Self.client] + arguments, environment: session.environment, deadline: 20)
        guard result.exitCode == 0 else { throw WaitFailed("mutter's RemoteDesktop keys \(arguments): \(result)") }
    }

    /// Arguments: "key" COMBINATION…, "type" TEXT, or "click".
    private static let client = #"""
    import sys
    import gi
    gi.require_version("Gio", "2.0")
    gi.require_version("Gdk", "3.0")
    from gi.repository import Gio, GLib, Gdk
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    NAME = "org.gnome.Mutter.RemoteDesktop"
    def call(path, iface, method, args=None, reply=None):
        return bus.call_sync(NAME, path, iface, method, args, GLib.VariantType(reply) if reply else None,
                             Gio.DBusCallFlags.NONE, 5000, None)
    session = call("/org/gnome/Mutter/RemoteDesktop", NAME, "CreateSession", None, "(o)")[0]
    call(session, NAME + ".Session", "Start")
    ALIASES = {"super": "Super_L", "alt": "Alt_L", "ctrl": "Control_L", "shift": "Shift_L"}
    def sym(name):
        value = Gdk.keyval_from_name(ALIASES.get(name, name))
        if value in (0, 0xffffff) and len(name) == 1:
            value = Gdk.unicode_to_keyval(ord(name))
        if value in (0, 0xffffff):
            sys.exit("unknown key " + name)
        return value
    def press(value, down):
        call(session, NAME + ".Session", "NotifyKeyboardKeysym", GLib.Variant("(ub)", (value, down)))
    if sys.argv[1] == "click":
        for down in (True, False):  # BTN_LEFT
            call(session, NAME + ".Session", "NotifyPointerButton", GLib.Variant("(ib)", (0x110, down)))
    elif sys.argv[1] == "key":
        for combination in sys.argv[2:]:
            keys = [sym(k) for k in combination.split("+")]
            for k in keys: press(k, True)
            for k in reversed(keys): press(k, False)
    else:
        for ch in sys.argv[2]:
            k = sym(ch); press(k, True); press(k, False)
    call(session, NAME + ".Session", "Stop")
    """#
}

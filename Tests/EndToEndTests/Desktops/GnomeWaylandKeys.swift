import BeckonTestSupport
import Foundation

/// Real keys on mutter's Wayland, where no client may inject them (mutter
/// has no virtual-keyboard protocol, so wtype cannot): mutter's own
/// RemoteDesktop D-Bus API (org.gnome.Mutter.RemoteDesktop, what
/// gnome-remote-desktop uses), whose NotifyKeyboardKeysym feeds a key
/// through the compositor's input path as a keyboard would. One remote
/// desktop session per call, by a small GIO client in the system's Python
/// (python3-gi): mutter ends a session when the D-Bus peer that made it leaves.
///
/// And a keyboard for the session's whole life, as a person's machine has
/// one (``keyboard``): mutter's headless backend has no input device, and a
/// remote desktop session's virtual keyboard comes at its first key press
/// (meta-remote-desktop-session.c `ensure_virtual_device`) and goes with the
/// session, so each call's keyboard came and went with its keys. mutter tells its Wayland clients of each (wl_seat capabilities 0, then
/// 2, then 0), and a client binds a new wl_keyboard only once told: its
/// enter came with the keys already held, and only their releases reached
/// it (WAYLAND_DEBUG=1 on beckon under gnome-session: `wl_keyboard.enter`
/// with Alt in its array, then only Alt's release; Decline's Alt+D never
/// counted). The shell, the compositor itself, saw every key.
struct GnomeWaylandKeys {
    let session: GnomeSession
    /// A remote desktop session of its own that has pressed one key (Shift,
    /// which neither the shell nor GTK binds alone) and stays: its virtual
    /// keyboard keeps the seat's keyboard for every later call's keys.
    /// Ended with the GNOME session (it carries its marker).
    private let keyboard: RunningProcess

    init(session: GnomeSession) throws {
        self.session = session
        let started = session.directory.appendingPathComponent("keyboard")
        keyboard = try RunningProcess("/usr/bin/python3", ["-c", Self.plugged, started.path],
                                      environment: session.environment, keepStdinOpen: true)
        let keyboard = keyboard
        try poll("a virtual keyboard plugged in for the session", seconds: 20) {
            FileManager.default.fileExists(atPath: started.path) || !keyboard.process.isRunning
        } until: { $0 }
        guard keyboard.process.isRunning else { throw WaitFailed("the session's virtual keyboard: \(keyboard.wait(deadline: 5))") }
    }

    /// Presses each combination ("super", "alt+F2", "ctrl+End") in turn.
    func key(_ combinations: String...) throws {
        try key(combinations)
    }

    /// Presses each combination in turn, in one remote desktop session.
    func key(_ combinations: [String]) throws {
        try send(["key"] + combinations)
    }

    /// Types `text`, a key per character, with Shift pressed for a capital or
    /// a shifted symbol (US layout), as a person does, and held around the
    /// key as a person holds it (see ``client`` on why that matters under
    /// IBus): an upper-case keysym alone, which mutter shifts itself
    /// (meta-virtual-input-device-native.c `apply_level_modifiers`), presses
    /// and releases Shift in the same instant and lost it more often still
    /// ("Ann" came as "ann", "#" as "3").
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

    /// The start of both Python programs: a RemoteDesktop session of mutter's,
    /// started, and `call` for its methods.
    private static let remoteDesktopSession = #"""
    import sys
    import gi
    gi.require_version("Gio", "2.0")
    from gi.repository import Gio, GLib
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    NAME = "org.gnome.Mutter.RemoteDesktop"
    def call(path, iface, method, args=None, reply=None):
        return bus.call_sync(NAME, path, iface, method, args, GLib.VariantType(reply) if reply else None,
                             Gio.DBusCallFlags.NONE, 5000, None)
    session = call("/org/gnome/Mutter/RemoteDesktop", NAME, "CreateSession", None, "(o)")[0]
    call(session, NAME + ".Session", "Start")

    """#

    /// Arguments: "key" COMBINATION…, "type" TEXT, or "click".
    ///
    /// A modifier changes only once the keys before it have reached the
    /// window (``settle``), as a person's hand is slow enough to do. Under
    /// gnome-session the shell runs IBus, and a key for a window with a text
    /// field focused (GTK enables text-input-v3 there) goes to IBus and
    /// comes back (inputMethod.js `process_key_event_async`, then
    /// `forward_key`), while mutter 43 updates the modifiers it tells the
    /// window at once, on the real event (meta-wayland-keyboard.c
    /// `meta_wayland_keyboard_update`; mutter 49.1 sends a key's own
    /// modifiers with it, 0828fd61). So a Shift released right after its
    /// key reached the window before the key: "Ann" came as "ann", "#ff8000"
    /// as "3ff8000", in about half the entry runs here, and a Shift pressed
    /// right after a key shifted that key ("Ida" as "IdA"). With IBus ended
    /// in the session none was lost (3 of 3); with Shift held 0.1 s before
    /// and after its key, none in 6 runs of 10 capitals with three busy loops
    /// on two cores.
    private static let client = remoteDesktopSession + #"""
    import time
    gi.require_version("Gdk", "3.0")
    from gi.repository import Gdk
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
    def settle():  # the keys before through IBus, before a modifier changes
        time.sleep(0.1)
    if sys.argv[1] == "click":
        for down in (True, False):  # BTN_LEFT
            call(session, NAME + ".Session", "NotifyPointerButton", GLib.Variant("(ib)", (0x110, down)))
    elif sys.argv[1] == "key":
        for combination in sys.argv[2:]:
            keys = [sym(k) for k in combination.split("+")]
            if len(keys) > 1: settle()
            for k in keys: press(k, True)
            for i, k in enumerate(reversed(keys)):
                press(k, False)
                if i == 0 and len(keys) > 1: settle()
            time.sleep(0.012)  # xdotool key's delay between keys
    else:
        # A capital or a shifted symbol of the US layout: Shift held around
        # the key beneath it, as a person types it.
        SHIFTED = dict(zip('~!@#$%^&*()_+{}|:"<>?', '`1234567890-=[]\\;\',./'))
        for ch in sys.argv[2]:
            base = ch.lower() if ch.isascii() and ch.isupper() else SHIFTED.get(ch)
            if base is not None: settle(); press(sym("shift"), True)
            k = sym(base if base is not None else ch); press(k, True); press(k, False)
            if base is not None: settle(); press(sym("shift"), False)
            time.sleep(0.005)  # as Xdotool.type's --delay 5
    call(session, NAME + ".Session", "Stop")
    """#

    /// Argument: a file to write once the keyboard is there; then waits for
    /// the end of its stdin (or its end with the session).
    /// Plugs in the virtual keyboard, touches the path given, and keeps the
    /// keyboard until its standard input closes (also run inside a booted
    /// machine's login: GnomeDesktopTests' G9).
    static let plugged = remoteDesktopSession + #"""
    for down in (True, False):  # Shift_L: mutter makes the session's keyboard at its first key
        call(session, NAME + ".Session", "NotifyKeyboardKeysym", GLib.Variant("(ub)", (0xffe1, down)))
    open(sys.argv[1], "w").write("plugged in\n")
    sys.stdin.read()
    """#
}

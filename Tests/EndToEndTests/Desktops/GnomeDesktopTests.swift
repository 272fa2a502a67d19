import BeckonTestSupport
import Foundation
import Testing

/// The login gate and the dialogs under GNOME 43 (gnome-shell 43.9 on mutter,
/// gnome-session 43, Adwaita), started for real (``GnomeSession``) on a
/// server of the test's own, with real keys: xdotool (XTEST) on X11, mutter's
/// RemoteDesktop D-Bus API on Wayland (``GnomeWaylandKeys``).
///
/// What the shell does with a key (the overview shown, the run dialog up, a
/// workspace switched) is read from the shell itself: its workspace through
/// EWMH properties, the rest through org.gnome.Shell.Eval, with the shell's
/// unsafe mode turned on first by real keys in Looking Glass
/// (``GnomeSession/enableUnsafeMode(press:type:)``). Each shortcut is first
/// shown to work with no gate up, so that "the gate held" says something.
@Suite(.serialized, .guiHangLimit) struct GnomeDesktopTests {
    /// The shell's state a shortcut changes: the overview shown, how many
    /// modal grabs it holds (the run dialog, the end-session dialog, the
    /// app switcher), and whether the top bar is shown on the primary monitor.
    struct ShellState: Equatable, CustomStringConvertible {
        var overview: Bool
        var modals: Int
        var topBar: Bool
        var description: String { "overview=\(overview) modals=\(modals) topBar=\(topBar)" }
    }

    static func shellState(_ session: GnomeSession) throws -> ShellState {
        let text = try session.eval("[Main.overview.visible, Main.modalCount, Main.layoutManager.panelBox.visible]")
        let parts = text.trimmingCharacters(in: CharacterSet(charactersIn: "[]\"")).split(separator: ",")
        guard parts.count == 3 else { throw WaitFailed("the shell's state: \(text)") }
        return ShellState(overview: parts[0] == "true", modals: Int(parts[1]) ?? -1, topBar: parts[2] == "true")
    }

    /// The workspace shown now (EWMH _NET_CURRENT_DESKTOP, which mutter keeps).
    static func workspace(_ x: GateX11) throws -> Int {
        let text = try x.tool("xprop", ["-root", "_NET_CURRENT_DESKTOP"]).stdout
        return Int(text.split(separator: "=").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
    }

    static func x11Session(monitors: [Int]? = nil) throws -> (GnomeSession, GateX11) {
        let session = try GnomeSession(.x11(monitors: monitors))
        let x = GateX11(display: session.display)
        // The overview the shell shows once started would close Looking Glass.
        try leaveOverview(session, x)
        try session.enableUnsafeMode(press: { try x.key($0) }, type: { _ = try x.tool("xdotool", ["type", "--delay", "20", $0]) })
        return (session, x)
    }
}

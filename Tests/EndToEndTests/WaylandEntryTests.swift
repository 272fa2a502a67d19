import BeckonTestSupport
import Foundation
import Testing

/// `--entry` as a native Wayland client of a private sway, answered with real
/// keys (wtype): what is typed replaces the default text, as on X11. On
/// Wayland GtkEntry cannot keep the selection it makes as it takes the focus
/// before its window has the keyboard (GtkEntrySelection says why), so
/// beckon selects the text once the window is active; typed keys must neither
/// land after the default nor be selected and replaced by the next key.
@Suite(.serialized, .guiHangLimit) struct WaylandEntryTests {
    @Test func typedTextReplacesTheDefaultOnWayland() throws {
        let sway = try Sway(outputs: 1)
        let process = try RunningProcess(Products.beckon, ["--entry", "--title", "wayland entry", "--text", "Your name?",
                                                           "--entry-text", "start", "--timeout", "30"],
                                         environment: sway.waylandEnvironment)
        defer { kill(process.pid, SIGKILL); _ = process.wait(deadline: 5) }
        try poll("the entry's window to have the focus", seconds: 15) {
            try sway.views().first { $0.name == "wayland entry" }
        } until: { $0?.isFocused == true }

        try sway.type(["Ada"])
        try sway.type(["-k", "Return"])
        let result = process.wait(deadline: 10)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Ada\n", "\(result)")
    }
}

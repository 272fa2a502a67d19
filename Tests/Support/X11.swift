import Foundation

/// The X server the GUI tests run on (Xvfb with openbox, started by
/// scripts/with-display). Without it, GUI tests fail: they never skip.
package enum X11 {
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
        package init(description: String) { self.description = description }
    }

    /// Throws (failing the calling test) when no X server answers on $DISPLAY,
    /// or xdotool is missing.
    package static func require() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw Unavailable(description: "DISPLAY is not set: run the GUI tests through `make test` (scripts/with-display)")
        }
        // Not getmouselocation: it asks about the window under the pointer, and
        // fails with BadWindow when a test has just destroyed that window.
        let probe = try run(try Xdotool.path(), ["getdisplaygeometry"], deadline: 5)
        guard probe.exitCode == 0, !probe.timedOut else {
            throw Unavailable(description: "cannot open display \(display): \(probe)")
        }
    }
}

import Foundation

/// Real input through XTEST (xdotool) and a real window manager (wmctrl).
enum RealInput {
    struct Failed: Error, CustomStringConvertible { var description: String }

    private static func tool(_ name: String) throws -> String {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        throw Failed(description: "\(name) is not installed (scripts/install-deps installs it)")
    }

    private static func run(_ name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try tool(name))
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(name) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
    }

    /// Presses keys on the focused window, such as "Return" or "Escape".
    static func key(_ keys: String...) throws {
        try run("xdotool", ["key", "--clearmodifiers"] + keys)
    }

    /// Types `text` into the focused widget, as a person would.
    static func type(_ text: String) throws {
        try run("xdotool", ["type", "--delay", "5", text])
    }

    /// Moves the pointer to (x, y) on the root window and clicks the left button.
    static func click(x: Int32, y: Int32) throws {
        try run("xdotool", ["mousemove", "\(x)", "\(y)", "click", "1"])
    }

    /// Asks the window manager to close the window, as its close button does.
    static func windowManagerClose(xid: UInt) throws {
        try run("wmctrl", ["-i", "-c", String(format: "0x%08lx", xid)])
    }
}

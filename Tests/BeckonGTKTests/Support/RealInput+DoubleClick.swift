import Foundation

extension RealInput {
    /// Moves the pointer to (x, y) on the root window and double-clicks the
    /// left button, quicker than GTK's double-click time.
    static func doubleClick(x: Int32, y: Int32) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = ["mousemove", "--sync", "\(x)", "\(y)", "click", "--repeat", "2", "--delay", "80", "1"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "xdotool double click at \(x),\(y) exited \(process.terminationStatus)")
        }
    }
}

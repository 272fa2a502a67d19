import Foundation

extension RealInput {
    /// Types `text` into the focused window, character by character, as a
    /// keyboard would (xdotool maps characters outside the layout itself).
    static func type(_ text: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = ["type", "--delay", "5", text]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "xdotool type exited \(process.terminationStatus)")
        }
    }
}

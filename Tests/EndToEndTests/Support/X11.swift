import Foundation
import Testing

/// The X server the GUI tests run on (Xvfb with openbox, started by
/// scripts/with-display). Without it, GUI tests fail: they never skip.
enum X11 {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Fails the calling test when no X server answers on $DISPLAY, or xdotool is missing.
    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw Unavailable(description: "DISPLAY is not set: run the GUI tests through `make test` (scripts/with-display)")
        }
        guard which("xdotool") != nil else { throw Unavailable(description: "xdotool is not installed") }
        let probe = try run(which("xdotool")!, ["getmouselocation"], deadline: 5)
        guard probe.exitCode == 0 else {
            throw Unavailable(description: "cannot open display \(display): \(probe.stderr)")
        }
    }
}

/// Real input through XTEST, as a person gives it.
enum Xdotool {
    static var path: String { which("xdotool") ?? "/usr/bin/xdotool" }

    /// The first visible window of process `pid`, once it is mapped; nil after `seconds`,
    /// or as soon as `process` (when given) has exited without mapping one.
    static func waitForWindow(pid: Int32, seconds: Double = 10, process: RunningProcess? = nil) -> String? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let result = try? run(path, ["search", "--onlyvisible", "--pid", "\(pid)"], deadline: 5),
               result.exitCode == 0, let id = result.stdout.split(separator: "\n").first {
                return String(id)
            }
            // A program that failed before mapping a window: don't wait out the deadline.
            if let process, !process.process.isRunning { return nil }
            usleep(20_000)
        }
        return nil
    }

    /// The first visible window whose title matches `name` (a regular expression).
    static func waitForWindow(name: String, seconds: Double = 10) -> String? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let result = try? run(path, ["search", "--onlyvisible", "--name", name], deadline: 5),
               result.exitCode == 0, let id = result.stdout.split(separator: "\n").first {
                return String(id)
            }
            usleep(20_000)
        }
        return nil
    }

    /// Gives `window` the keyboard focus and waits until it has it.
    static func focus(_ window: String) throws {
        try run(path, ["windowactivate", "--sync", window], deadline: 5)
        try run(path, ["windowfocus", "--sync", window], deadline: 5)
    }

    /// ``focus(_:)`` then ``key(_:)-swift.type.method``, in one xdotool process:
    /// two process starts fewer per answered dialog.
    static func focus(_ window: String, thenKey keys: [String]) throws {
        try run(path, ["windowactivate", "--sync", window, "windowfocus", "--sync", window,
                       "key", "--clearmodifiers"] + keys, deadline: 10)
    }

    /// Presses keys (X keysym names such as Return, Escape, ctrl+End) on the focused window.
    static func key(_ keys: String...) throws {
        try key(keys)
    }

    static func key(_ keys: [String]) throws {
        try run(path, ["key", "--clearmodifiers"] + keys, deadline: 10)
    }

    /// Types text into the focused window.
    static func type(_ text: String) throws {
        try run(path, ["type", "--delay", "5", text], deadline: 20)
    }

    /// Closes `window` the way a window manager's close button does.
    static func close(_ window: String) throws {
        guard let wmctrl = which("wmctrl") else { throw X11.Unavailable(description: "wmctrl is not installed") }
        try run(wmctrl, ["-i", "-c", window], deadline: 5)
    }
}

/// Starts a dialog program, waits for its window, answers it, and collects the result.
struct DialogRun {
    /// How the test answers the window once it is focused.
    enum Answer {
        case keys([String])
        case type(String, then: [String])
        case windowManagerClose
        case none
    }

    static func run(_ executable: String, _ arguments: [String], answer: Answer,
                    environment: [String: String]? = nil, stdin: Data? = nil,
                    deadline: Double = 20) throws -> ProcessResult {
        let process = try RunningProcess(executable, arguments, environment: environment, stdin: stdin)
        if case .none = answer { return process.wait(deadline: deadline) }
        guard let window = Xdotool.waitForWindow(pid: process.pid, process: process) else {
            // No window: the program failed (or exited) before mapping one.
            return process.wait(deadline: 1)
        }
        switch answer {
        case .keys(let keys):
            try Xdotool.focus(window, thenKey: keys)
        case .type(let text, let keys):
            try Xdotool.focus(window)
            try Xdotool.type(text)
            if !keys.isEmpty { try Xdotool.key(keys) }
        case .windowManagerClose:
            try Xdotool.focus(window)
            try Xdotool.close(window)
        case .none: break
        }
        return process.wait(deadline: deadline)
    }
}

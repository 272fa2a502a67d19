import BeckonTestSupport
import Foundation

/// Starts a dialog program, waits for its window, answers it, and collects the result.
struct DialogRun {
    /// How the test answers the window once it is focused.
    enum Answer {
        case keys([String])
        /// Keys, then `again` while the program still waits, 2 s apart, up to
        /// four times: a path typed into GTK's file chooser, typed again as a
        /// person would (FileSelectionCases.typingAgainWhileWaiting says why).
        case keysAgainWhileWaiting([String], again: [String])
        case type(String, then: [String])
        /// Left clicks at points inside the window, then keys.
        case clicks([Point], then: [String])
        /// A double click at a point inside the window.
        case doubleClick(Point)
        case windowManagerClose
        case none
    }

    /// A point inside a window, from its top left corner.
    struct Point: Sendable {
        var x: Int
        var y: Int
        /// A modifier key held down for the click: "shift", "ctrl".
        var holding: String?
        init(_ x: Int, _ y: Int, holding: String? = nil) { self.x = x; self.y = y; self.holding = holding }
    }

    /// Runs `executable` and answers its window. With `waitsForInput`, the
    /// answer waits until the program has read all of `stdin` and let its
    /// descriptor go (zenity closes it, beckon puts /dev/null there), so keys
    /// meet every row. With `keepStdinOpen`, stdin stays open until the program
    /// exits (a writer still at work); `stdinOnceMapped` is written once the
    /// window is mapped, before the answer. `windowName` finds the window by
    /// its title rather than by the pid, for a program started by a shell.
    static func run(_ executable: String, _ arguments: [String], answer: Answer,
                    environment: [String: String]? = nil, stdin: Data? = nil, waitsForInput: Bool = false,
                    keepStdinOpen: Bool = false, stdinOnceMapped: Data? = nil, windowName: String? = nil,
                    deadline: Double = 20) throws -> ProcessResult {
        let process = try RunningProcess(executable, arguments, environment: environment, stdin: stdin,
                                         keepStdinOpen: keepStdinOpen || stdinOnceMapped != nil)
        if case .none = answer, stdinOnceMapped == nil { return process.wait(deadline: deadline) }
        let found = if let windowName {
            try Xdotool.waitForWindow(name: windowName, process: process)
        } else {
            try Xdotool.waitForWindow(pid: process.pid, process: process)
        }
        guard let window = found else {
            // No window: the program failed (or exited) before mapping one.
            return process.wait(deadline: 1)
        }
        if let stdinOnceMapped {
            process.writeStdin(stdinOnceMapped)
            if !keepStdinOpen { process.closeStdin() }
        }
        if waitsForInput {
            let descriptor = "/proc/\(process.pid)/fd/0"
            try poll("\(executable) to read all of stdin", seconds: 15, {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptor)) ?? "closed"
            }, until: { !$0.hasPrefix("pipe:") || !process.process.isRunning })
        }
        switch answer {
        case .keys(let keys):
            try Xdotool.focus(window, thenKey: keys)
        case .keysAgainWhileWaiting(let keys, let again):
            try Xdotool.focus(window, thenKey: keys)
            // Plain keys: the window has had the focus since the first ones.
            var attempts = 1
            while attempts < 5, (try? poll("\(executable) to answer", seconds: 2, { process.process.isRunning },
                                           until: { !$0 })) == nil {
                try Xdotool.key(again)
                attempts += 1
            }
            // A mended lost key passes; the log still says it happened.
            if attempts > 1 { print("DialogRun: \((executable as NSString).lastPathComponent) typed the keys \(attempts) times") }
        case .type(let text, let keys):
            try Xdotool.focus(window)
            try Xdotool.type(text)
            if !keys.isEmpty { try Xdotool.key(keys) }
        case .clicks(let points, let keys):
            try Xdotool.focus(window)
            for point in points {
                if let modifier = point.holding {
                    try Xdotool.run(["keydown", modifier, "mousemove", "--window", window, "\(point.x)", "\(point.y)",
                                     "click", "1", "keyup", modifier], deadline: 5)
                } else {
                    try Xdotool.click(window, x: point.x, y: point.y)
                }
            }
            if !keys.isEmpty { try Xdotool.key(keys) }
        case .doubleClick(let point):
            try Xdotool.focus(window)
            try Xdotool.run(["mousemove", "--window", window, "\(point.x)", "\(point.y)",
                             "click", "--repeat", "2", "--delay", "80", "1"], deadline: 5)
        case .windowManagerClose:
            try Xdotool.focus(window)
            try Xdotool.close(window)
        case .none: break
        }
        return process.wait(deadline: deadline)
    }
}

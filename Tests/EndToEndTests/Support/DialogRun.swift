import BeckonTestSupport
import Foundation

/// Starts a dialog program, waits for its window, answers it, and collects the result.
struct DialogRun {
    /// How the test answers the window once it is focused.
    enum Answer {
        case keys([String])
        case type(String, then: [String])
        case windowManagerClose
        case none
    }

    /// With `keepStdinOpen`, stdin stays open until the program exits (a
    /// writer still at work); `stdinOnceMapped` is written once the window is
    /// mapped, before the answer. `windowName` finds the window by its title
    /// rather than by the pid, for a program started by a shell.
    static func run(_ executable: String, _ arguments: [String], answer: Answer,
                    environment: [String: String]? = nil, stdin: Data? = nil, keepStdinOpen: Bool = false,
                    stdinOnceMapped: Data? = nil, windowName: String? = nil,
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

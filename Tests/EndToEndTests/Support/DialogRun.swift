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

    static func run(_ executable: String, _ arguments: [String], answer: Answer,
                    environment: [String: String]? = nil, stdin: Data? = nil,
                    deadline: Double = 20) throws -> ProcessResult {
        let process = try RunningProcess(executable, arguments, environment: environment, stdin: stdin)
        if case .none = answer { return process.wait(deadline: deadline) }
        guard let window = try Xdotool.waitForWindow(pid: process.pid, process: process) else {
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

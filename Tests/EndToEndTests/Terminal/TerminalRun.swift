import BeckonTestSupport
import Foundation
import Testing

/// Keys as a terminal sends them.
enum Key {
    static let enter = "\r", escape = "\u{1B}", tab = "\t", backTab = "\u{1B}[Z"
    static let left = "\u{1B}[D", right = "\u{1B}[C", up = "\u{1B}[A", down = "\u{1B}[B"
    static let home = "\u{1B}[H", end = "\u{1B}[F", pageDown = "\u{1B}[6~"
    static let ctrlC = "\u{03}", ctrlD = "\u{04}", ctrlS = "\u{13}", backspace = "\u{7F}"
}

/// beckon run as from a shell on a terminal without a display: DISPLAY and
/// WAYLAND_DISPLAY unset, a pseudo-terminal as its controlling terminal and
/// stdin, stdout and stderr as pipes.
struct TerminalRun {
    let process: TerminalProcess

    /// `stdin` makes stdin a pipe with that text (`stdinStaysOpen`: the writer
    /// is not done until beckon exits); `shell` runs `sh -c shell sh arguments…`
    /// with "$DIALOG" the executable. The terminal is an xterm (`TERM`), as a
    /// person's is, whatever the test runner's is; `unsetting` names variables
    /// to take out (`TERM`: a terminal that takes no escape sequences).
    init(_ arguments: [String], env: [String: String] = [:], unsetting: [String] = [], display: Bool = false,
         stdinIsTerminal: Bool = true, stdin: String? = nil, stdinStaysOpen: Bool = false, shell: String? = nil,
         noTerminal: Bool = false, executable: String = Products.beckon) throws {
        var environment: [String: String?] = ZenityCase.baseEnvironment.mapValues { $0.isEmpty ? nil : $0 }
        if !display {
            environment["DISPLAY"] = .some(nil)
            environment["WAYLAND_DISPLAY"] = .some(nil)
        }
        environment["TERM"] = "xterm-256color"
        for (key, value) in env { environment[key] = value }
        for key in unsetting { environment[key] = .some(nil) }
        var program = executable
        var programArguments = arguments
        if let shell {
            program = "/bin/sh"
            programArguments = ["-c", shell, "sh"] + arguments
            environment["DIALOG"] = executable
        }
        process = try TerminalProcess(program, programArguments, environment: environment,
                                      stdinIsTerminal: stdinIsTerminal, stdin: stdin.map { Data($0.utf8) },
                                      keepStdinOpen: stdinStaysOpen, noTerminal: noTerminal)
    }

    /// Waits for `prompt` on the terminal, then types each key, waiting after
    /// each one (but the last) for the prompt to be drawn again: every key
    /// read is followed by a drawing, so none is typed ahead of the prompt.
    func answer(after prompt: String, _ keys: [String]) throws {
        try process.waitFor(prompt)
        for (index, key) in keys.enumerated() {
            let drawn = process.rawScreen.utf8.count
            process.type(key)
            if index < keys.count - 1 {
                try poll("the prompt drawn again after key \(index + 1) of \(keys)", { process.rawScreen.utf8.count },
                         until: { $0 > drawn })
            }
        }
    }

    func finish(deadline: Double = 15) -> ProcessResult {
        let result = process.wait(deadline: deadline)
        #expect(!result.timedOut, "\(result)")
        return result
    }

    /// Runs `arguments`, answers `keys` once `prompt` shows, and returns the result.
    static func run(_ arguments: [String], env: [String: String] = [:], stdin: String? = nil,
                    stdinStaysOpen: Bool = false, shell: String? = nil, prompt: String, _ keys: [String]) throws
        -> ProcessResult
    {
        let run = try TerminalRun(arguments, env: env, stdin: stdin, stdinStaysOpen: stdinStaysOpen, shell: shell)
        try run.answer(after: prompt, keys)
        return run.finish()
    }
}

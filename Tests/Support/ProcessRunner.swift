import Foundation

/// What a finished process left behind.
package struct ProcessResult: Sendable, Equatable, CustomStringConvertible {
    package var exitCode: Int32
    package var stdout: String
    package var stderr: String
    /// Whether the process was killed by the runner after its deadline.
    package var timedOut: Bool = false

    package init(exitCode: Int32, stdout: String, stderr: String, timedOut: Bool = false) {
        self.exitCode = exitCode
        self.stdout = stdout
        self.stderr = stderr
        self.timedOut = timedOut
    }

    package var description: String {
        "exit \(exitCode)\(timedOut ? " (killed at deadline)" : "") stdout=\(stdout.debugDescription) stderr=\(stderr.debugDescription)"
    }
}

/// Starts a process and collects its output; a hung process is killed at the
/// deadline, so no test waits forever.
package final class RunningProcess: @unchecked Sendable {
    package let process = Process()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private let stdinPipe = Pipe()
    private var stdoutData = Data()
    private var stderrData = Data()
    private let group = DispatchGroup()

    package var pid: Int32 { process.processIdentifier }

    /// With `keepStdinOpen`, stdin stays open after `stdin` is written, for
    /// ``writeStdin(_:)``, until ``closeStdin()`` or the end of ``wait(deadline:)``:
    /// a writer that has not finished yet.
    package init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                 stdin: Data? = nil, keepStdinOpen: Bool = false, currentDirectory: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        if let environment { env.merge(environment) { $1 } }
        // A value of "" in `environment` means: unset it.
        process.environment = env.filter { !$0.value.isEmpty || environment?[$0.key] == nil }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        process.standardInput = stdinPipe
        for (pipe, keyPath) in [(stdoutPipe, \RunningProcess.stdoutData), (stderrPipe, \RunningProcess.stderrData)] {
            group.enter()
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async { [self] in
                let data = handle.readDataToEndOfFile()
                self[keyPath: keyPath] = data
                group.leave()
            }
        }
        try process.run()
        if let stdin { writeStdin(stdin) }
        if !keepStdinOpen { closeStdin() }
    }

    /// Writes to the process's stdin; a process that stopped reading is no failure.
    package func writeStdin(_ data: Data) {
        signal(SIGPIPE, SIG_IGN)
        try? stdinPipe.fileHandleForWriting.write(contentsOf: data)
    }

    /// Ends the process's stdin (its EOF); later calls do nothing.
    package func closeStdin() {
        try? stdinPipe.fileHandleForWriting.close()
    }

    /// Waits for exit; kills the process (SIGKILL) once `deadline` seconds pass.
    package func wait(deadline seconds: Double = 20) -> ProcessResult {
        let end = Date().addingTimeInterval(seconds)
        var killed = false
        while process.isRunning {
            if Date() > end { kill(process.processIdentifier, SIGKILL); killed = true; break }
            usleep(2000)
        }
        process.waitUntilExit()
        closeStdin()
        group.wait()
        return ProcessResult(
            exitCode: process.terminationStatus,
            stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self),
            timedOut: killed)
    }
}

/// Runs a command to completion.
@discardableResult
package func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                 stdin: Data? = nil, deadline: Double = 20) throws -> ProcessResult {
    try RunningProcess(executable, arguments, environment: environment, stdin: stdin).wait(deadline: deadline)
}

/// Finds a program on PATH, such as zenity or xdotool.
package func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

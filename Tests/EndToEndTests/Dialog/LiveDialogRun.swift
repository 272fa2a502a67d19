import BeckonTestSupport
import Foundation
import Testing

/// One `beckon dialog` on the test display, with a command file of its own in
/// a private directory, and the window it shows.
final class LiveDialogRun {
    let directory: String
    let commandFile: String
    let process: RunningProcess
    let window: String

    /// Starts `beckon dialog ARGUMENTS --commandfile …` and waits for its window.
    init(_ arguments: [String], environment: [String: String] = [:], fifo: Bool = false) throws {
        directory = TestRunDirectory.make("live-dialog") + "/\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        commandFile = directory + "/dialog.log"
        if fifo { guard mkfifo(commandFile, 0o600) == 0 else { throw WaitFailed("mkfifo \(commandFile)") } }
        process = try RunningProcess(Products.beckon, ["dialog"] + arguments + ["--commandfile", commandFile],
                                     environment: environment.merging(["XDG_RUNTIME_DIR": directory]) { $1 })
        guard let window = try Xdotool.waitForWindow(pid: process.pid, seconds: 20, process: process) else {
            throw WaitFailed("no window: \(process.wait(deadline: 1))")
        }
        self.window = window
    }

    deinit {
        if process.process.isRunning { kill(process.pid, SIGKILL) }
    }

    /// Appends `lines` to the command file, as `echo … >> file` does.
    func send(_ lines: [String]) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: commandFile))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// Appends raw bytes (for invalid UTF-8 and very long lines).
    func send(bytes: [UInt8]) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: commandFile))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
    }

    /// Sends `title: MARK` after what was sent and waits until the window's
    /// title says so: every line before it has been applied.
    func settle(_ mark: String = "settled-\(UUID().uuidString.prefix(6))", seconds: Double = 30) throws {
        try send(["title: \(mark)"])
        try poll("the window's title to become \(mark)", seconds: seconds, { try? title() }, until: { $0 == mark })
    }

    /// The window's title, as the window manager sees it.
    func title() throws -> String {
        try Xdotool.name(of: window).trimmingCharacters(in: .newlines)
    }

    func keys(_ keys: String...) throws {
        try Xdotool.focus(window)
        try Xdotool.key(keys)
    }

    func finish(deadline: Double = 20) -> ProcessResult { process.wait(deadline: deadline) }
}

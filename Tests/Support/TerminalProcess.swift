import CBeckonTestPty
import Foundation

/// A program run on a pseudo-terminal of its own, as from a person's shell:
/// the terminal is its controlling one (its `/dev/tty`), stdout and stderr
/// are pipes. The test reads what it draws and types keys into it.
package final class TerminalProcess: @unchecked Sendable {
    package let pid: pid_t
    private let master: Int32
    private let lock = NSLock()
    private var screenBytes = Data()
    private var stdoutData = Data()
    private var stderrData = Data()
    private let group = DispatchGroup()
    /// Signalled once the program has exited: a writer kept open lets go then.
    private let exited = DispatchSemaphore(value: 0)
    private var hangingUp = false
    private var masterClosed = false

    /// Starts `executable`; `environment` replaces the test's (nil values unset).
    /// `stdinIsTerminal` false gives it /dev/null as stdin, still with the
    /// terminal; `noTerminal` gives it no controlling terminal at all.
    /// `stdin` (given) makes stdin a pipe the test writes it into, then closes
    /// (with `keepStdinOpen`, once the program has exited: a writer not done).
    package init(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
                 stdinIsTerminal: Bool = true, stdin: Data? = nil, keepStdinOpen: Bool = false,
                 noTerminal: Bool = false, columns: Int = 80, rows: Int = 24) throws {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var master: Int32 = -1, out: Int32 = -1, err: Int32 = -1, pid: pid_t = 0
        var input: [Int32] = [-1, -1]
        if stdin != nil {
            guard pipe(&input) == 0 else { throw WaitFailed("could not make a pipe for stdin: errno \(errno)") }
            for fd in input { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            signal(SIGPIPE, SIG_IGN) // a program that exits before reading it all gives EPIPE, not a dead test
        }
        guard beckon_test_pty_spawn(executable, argv, envp, stdinIsTerminal ? 1 : 0, input[0], noTerminal ? 1 : 0,
                                    Int32(columns), Int32(rows), &master, &out, &err, &pid) == 0 else {
            throw WaitFailed("could not start \(executable) on a pseudo-terminal: errno \(errno)")
        }
        self.pid = pid
        self.master = master
        if let stdin {
            close(input[0])
            let writer = input[1]
            let bytes = [UInt8](stdin)
            group.enter()
            DispatchQueue.global().async { [self] in
                var offset = 0
                while offset < bytes.count {
                    let written = bytes[offset...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                    if written < 0, errno == EINTR { continue }
                    if written <= 0 { break }
                    offset += written
                }
                if keepStdinOpen { exited.wait() }
                close(writer)
                group.leave()
            }
        }
        collect(out) { $0.stdoutData.append($1) }
        collect(err) { $0.stderrData.append($1) }
        if master >= 0 {
            // Not waited for: the master gives EIO once the child and its terminal are gone.
            let fd = master
            let thread = Thread { [self] in drain(fd, untilHungUp: true) { $0.screenBytes.append($1) } }
            thread.start()
        }
    }

    private func collect(_ fd: Int32, _ keep: @escaping @Sendable (TerminalProcess, Data) -> Void) {
        group.enter()
        DispatchQueue.global().async { [self] in
            drain(fd, keep)
            group.leave()
        }
    }

    private func drain(_ fd: Int32, untilHungUp: Bool = false, _ keep: (TerminalProcess, Data) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if untilHungUp {
                var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if lock.withLock({ hangingUp }) { break }
                if Glibc.poll(&watch, 1, 20) == 0 { continue }
            }
            let count = read(fd, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            lock.withLock { keep(self, Data(buffer[0..<count])) }
        }
        close(fd)
        if untilHungUp { lock.withLock { masterClosed = true } }
    }

    /// Everything drawn on the terminal so far, with ANSI escape sequences taken out.
    package var screen: String {
        let text = lock.withLock { String(decoding: screenBytes, as: UTF8.self) }
        return text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }

    /// Everything drawn, escape sequences and all.
    package var rawScreen: String { lock.withLock { String(decoding: screenBytes, as: UTF8.self) } }

    /// Waits until the terminal has shown `text` `count` times in all.
    package func waitFor(_ text: String, count: Int = 1, seconds: Double = 10) throws {
        try poll("\(text.debugDescription) on the terminal", seconds: seconds, { screen },
                 until: { $0.components(separatedBy: text).count - 1 >= count })
    }

    /// Types `keys` (bytes as a terminal sends them: "\r", "\u{1B}[C", "\u{03}").
    package func type(_ keys: String) {
        var bytes = Array(keys.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Pastes `text` as a terminal does, in one go: every byte, however many
    /// writes the terminal's input buffer takes (it holds a few KiB; a write
    /// waits while the program has not read). False when the terminal went
    /// away first.
    @discardableResult
    package func paste(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Resizes the terminal, as a person dragging its window does.
    package func resize(columns: Int, rows: Int) {
        _ = beckon_test_pty_resize(master, Int32(columns), Int32(rows))
    }

    /// Hangs the terminal up, as a terminal window closed or an SSH link
    /// dropped: the master side is closed (the program, its session leader,
    /// gets SIGHUP and its reads see the end). The thread reading the master
    /// closes it, between two polls: closed under a read(), it would stay open.
    package func hangUp() {
        lock.withLock { hangingUp = true }
        try? poll("the terminal hung up", { self.lock.withLock { self.masterClosed } }, until: { $0 })
    }

    /// Waits for the program to exit; kills it (SIGKILL) after `seconds`.
    package func wait(deadline seconds: Double = 15) -> ProcessResult {
        var status: Int32 = 0
        let end = Date().addingTimeInterval(seconds)
        var killed = false
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > end {
                kill(pid, SIGKILL)
                killed = true
                waitpid(pid, &status, 0)
                break
            }
            usleep(2000)
        }
        exited.signal()
        group.wait()
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return lock.withLock {
            ProcessResult(exitCode: code, stdout: String(decoding: stdoutData, as: UTF8.self),
                          stderr: String(decoding: stderrData, as: UTF8.self), timedOut: killed)
        }
    }
}

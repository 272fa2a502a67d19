import BeckonConsent
import BeckonIO
import CBeckonGLib
import Glibc

/// The gate's warden: a small process of its own, outside the window's,
/// that ends the session unless the window's process tells it "accepted".
///
/// The window's process (``GateWardenLink``) starts it from the same
/// executable in this internal mode, which never starts GTK, with two pipes:
/// it reads fd 3 (the window's process holds the write end), and writes
/// "ready" on fd 4 once it stands on its own (its own session, so the
/// terminal's signals do not reach it) and then keeps fd 4 open, so the
/// window's process sees the warden's death as the end of that pipe. On
/// "accepted" it exits and does nothing; on the end of fd 3 without it, or
/// any other bytes, the window's process ended some other way (Decline, a
/// crash, a signal, kill -9), and the warden ends the session.
///
/// Called by hand without those two pipes, it says what it is and exits 255
/// having ended nothing. It has no privilege its user lacks: at worst it logs
/// out the user who runs it, as `gnome-session-quit` would.
package enum GateWarden {
    /// The internal mode's first argument: not an option anyone types.
    package static let mode = "__gate-warden"
    /// What the window's process writes once the terms are accepted and recorded.
    static let acceptedMessage = Array("accepted\n".utf8)
    /// What the warden writes once it is up.
    static let readyMessage = Array("ready\n".utf8)
    /// The warden's end of each pipe.
    static let messageFD: Int32 = 3, readyFD: Int32 = 4
    /// The exit status of a warden (or a window's process) that could not do
    /// its job: 255, zenity's and so every beckon failure's.
    static let failureStatus: Int32 = 255

    /// What the warden does once the window's process has gone or spoken.
    enum Verdict: Equatable {
        /// The terms were accepted: the session goes on.
        case accepted
        /// Anything else: the session ends.
        case endSession
    }

    /// The verdict on everything read from the window's process before its
    /// end of the pipe closed (or before more arrived than "accepted" holds):
    /// only those exact bytes let the session go on.
    static func verdict(on received: [UInt8]) -> Verdict {
        received == acceptedMessage ? .accepted : .endSession
    }

    /// The internal mode's arguments, after the program's name and ``mode``.
    /// The warden reads them in the grammar of every command of the binary
    /// (BeckonCLI's `GateWarden+Arguments.swift`); this module writes them
    /// (``forWindow(_:endSessionCommand:journal:)``) and names them once.
    package struct Arguments: Equatable, Sendable {
        /// The window's process, named in the arguments so that the process
        /// list says whose warden this is.
        package var window: pid_t
        /// `--end-session-command`, passed on.
        package var endSessionCommand: String?
        /// The journal fields of the session-ended entry (``ConsentJournal/Context/fields``),
        /// each given as `--journal NAME=VALUE`; empty for terms without a consent id.
        package var journal: [String: String] = [:]

        package init(window: pid_t, endSessionCommand: String? = nil, journal: [String: String] = [:]) {
            self.window = window
            self.endSessionCommand = endSessionCommand
            self.journal = journal
        }

        /// The options' names, for the writer here and the reader's declarations.
        package enum Name {
            /// `--for PID`: the window's process id, in decimal; exactly once.
            package static let window = "for"
            /// `--end-session-command COMMAND`: at most once.
            package static let endSessionCommand = "end-session-command"
            /// `--journal NAME=VALUE`: once per field; a later one of a name wins.
            package static let journal = "journal"
        }

        /// The arguments the window's process starts the warden with.
        static func forWindow(_ pid: pid_t, endSessionCommand: String?, journal: ConsentJournal.Context? = nil) -> [String] {
            [mode, "--" + Name.window, "\(pid)"]
                + (endSessionCommand.map { ["--" + Name.endSessionCommand, $0] } ?? [])
                + (journal?.fields ?? []).flatMap { ["--" + Name.journal, "\($0)=\($1)"] }
        }
    }

    /// Why the session ends, and the signal that killed the window's process
    /// when that is why: the session-ended entry's `BECKON_REASON` and `BECKON_SIGNAL`.
    struct EndCause: Equatable {
        var reason: ConsentJournal.SessionEndReason
        var signal: String?
    }

    /// The cause, from what the window's process sent before its end of the
    /// pipe closed and its wait status (nil when the warden could not tell):
    /// bytes that are not "accepted" are a message, a death by a signal a
    /// kill, any other exit an ending without an answer (Decline, Escape, a
    /// timeout, a signal it handled and exited on).
    static func endCause(received: [UInt8], waitStatus: Int32?) -> EndCause {
        if !received.isEmpty, received != acceptedMessage { return EndCause(reason: .unexpectedMessage) }
        // WIFSIGNALED: the low seven bits hold the signal; 0 is an exit, 0x7f a stop.
        if let status = waitStatus, case let signal = status & 0x7f, signal != 0, signal != 0x7f {
            return EndCause(reason: .windowKilled, signal: ConsentJournal.signalName(signal))
        }
        return EndCause(reason: .windowEndedWithoutAnswer)
    }

    /// How long the warden waits, once the pipe has ended, to learn how the
    /// window's process ended: it has closed its files, and exits in
    /// microseconds; the session is ended after this at the latest.
    static let exitStatusWait: Int32 = 500

    /// Writes the session-ended entry for a gate whose terms have a consent
    /// id (`journal`), naming the `route` that ended the session and why.
    static func journalSessionEnded(_ journal: ConsentJournal.Context?, route: SessionEndingRoute, cause: EndCause) {
        guard var context = journal else { return }
        context.sessionEndedBy = route.journalName
        context.reason = cause.reason.rawValue
        context.signal = cause.signal
        ConsentJournal.write(.sessionEnded, context)
    }

    /// Runs the internal mode with its `arguments`, nil when they could not
    /// be read (a person typing the mode by hand).
    package static func main(_ arguments: Arguments?) -> Int32 {
        guard let parsed = arguments, isPipe(messageFD), isPipe(readyFD) else {
            StandardError.write("beckon: \(mode) is beckon's internal gate warden, which `beckon terms --gate` "
                                + "starts itself; run that instead. Nothing was done.\n")
            return GateWarden.failureStatus
        }
        standAlone()
        // Opened while the window's process lives (it waits for "ready"), so
        // that its wait status can be learnt after it ends: the warden is its
        // child, not its parent, and cannot wait for it.
        let window = beckon_pidfd_open(parsed.window)
        defer { if window >= 0 { close(window) } }
        // Learnt once the session's end has been asked, for its entry: the
        // session first. Bytes other than "accepted" are the cause whatever
        // the process does next.
        func cause(_ received: [UInt8]) -> () -> EndCause {
            guard received.isEmpty else { return { endCause(received: received, waitStatus: nil) } }
            return {
                let status = beckon_process_exit_status(window, parsed.window, exitStatusWait)
                return endCause(received: [], waitStatus: status >= 0 ? status : nil)
            }
        }
        // The window's process waits for this before it shows the gate.
        guard writeAll(readyFD, readyMessage) else {
            return endSession(parsed, why: "the gate's process is gone", cause: cause([]))
        }
        let received = readUntilEnd(messageFD, limit: acceptedMessage.count)
        switch verdict(on: received) {
        case .accepted:
            return 0
        case .endSession:
            return endSession(parsed, why: "the gate (process \(parsed.window)) ended without an Accept",
                              cause: cause(received))
        }
    }

    /// Only its two pipes and the standard streams open, and out of the window's session and process group, so SIGHUP, SIGINT and
    /// SIGTERM sent to the terminal's group do not reach the warden; SIGHUP,
    /// SIGINT and SIGTERM sent to it alone are ignored too. SIGTERM above
    /// all: systemd sends it to what is left of a user unit as soon as the
    /// window's process has gone, which is exactly when the warden must end
    /// the session (a run in four lost that race, issue 32). An
    /// administrator's end-session command gets SIGTERM's default back
    /// (SessionEndingCommand).
    private static func standAlone() {
        // Whatever else the window's process left open without close-on-exec
        // (a lock its starter holds, a test's pipe) is not the warden's to keep.
        var limit = rlimit()
        let highest = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? min(Int32(clamping: limit.rlim_cur), 65536) : 1024
        if highest > readyFD + 1 { for fd in (readyFD + 1)..<highest { close(fd) } }
        if getsid(0) != getpid() { _ = setsid() }
        signal(SIGHUP, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
    }

    private static func endSession(_ arguments: Arguments, why: String, cause: () -> EndCause) -> Int32 {
        StandardError.write("beckon: \(why); ending the session\n")
        // SIGTERM is ignored from the warden's start (standAlone): the
        // session's end may send one before the entry below is written.
        do {
            let route = try SessionEnding(command: arguments.endSessionCommand).end()
            StandardError.write("beckon: asked \(route) to end the session\n")
            let cause = cause()
            if let signal = cause.signal { StandardError.write("beckon: the gate's process was killed by SIG\(signal)\n") }
            journalSessionEnded(ConsentJournal.Context(fields: arguments.journal), route: route, cause: cause)
            return 0
        } catch {
            StandardError.write("beckon: \(error)\n")
            return GateWarden.failureStatus
        }
    }

    static func isPipe(_ fd: Int32) -> Bool {
        var status = stat()
        return fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
    }

    /// Bytes from `fd` until its end, an error, or one more than `limit` (enough to refuse).
    static func readUntilEnd(_ fd: Int32, limit: Int) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: limit + 1)
        while received.count <= limit {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            received += buffer[0..<count]
            if received == acceptedMessage { break }
        }
        return received
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        FileDescriptor.writeAll(fd, bytes) == 0
    }
}

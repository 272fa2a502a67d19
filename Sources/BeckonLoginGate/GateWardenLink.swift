import BeckonConsent
import BeckonIO
import Glibc

/// The window's side of the gate's warden (``GateWarden``): starts it, waits
/// until it is up, tells it "accepted", and ends the session itself if the
/// warden dies first.
///
/// The warden is spawned (posix_spawn, never a bare fork of this threaded
/// process) from `/proc/self/exe` in its own session, with default signal
/// dispositions and an empty signal mask, holding only its ends of the two
/// pipes (ours are close-on-exec). A thread of this process waits on the
/// ready pipe: its end is the warden's death, and unless "accepted" was
/// already sent, that thread ends the session and exits 255. A lock between
/// that thread and ``reportAccepted()`` makes the two exclusive: an Accept
/// sent cannot be followed by an ending, an ending under way cannot be cut
/// short by the exit that follows an Accept.
package final class GateWardenLink: @unchecked Sendable {
    /// Why the warden could not be started or did not come up.
    package struct StartFailure: Error, CustomStringConvertible {
        package var description: String
    }

    let pid: pid_t
    private let messageFD: Int32
    private let readyFD: Int32
    private let ending: SessionEnding
    /// What the session-ended entry says when this process ends the session.
    private let journal: ConsentJournal.Context?
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var accepted = false

    /// How long the warden may take to come up before the gate gives up.
    static let startTimeout: Int32 = 10_000

    /// Starts the warden and waits until it is up; throws when it could not
    /// be started or did not come up (it is killed then, so that it cannot
    /// end the session a second time).
    package init(ending: SessionEnding, journal: ConsentJournal.Context? = nil,
         executable: String = "/proc/self/exe") throws(StartFailure) {
        self.ending = ending
        self.journal = journal
        var message: [Int32] = [-1, -1]
        var ready: [Int32] = [-1, -1]
        guard Self.closeOnExecPipe(&message) else { throw StartFailure(description: "no pipe: \(Self.error())") }
        guard Self.closeOnExecPipe(&ready) else {
            close(message[0]); close(message[1])
            throw StartFailure(description: "no pipe: \(Self.error())")
        }
        let arguments = [executable] + GateWarden.Arguments.forWindow(getpid(), endSessionCommand: ending.command,
                                                                                 journal: journal)
        let spawned = Self.spawn(executable, arguments, messageRead: message[0], readyWrite: ready[1])
        close(message[0])
        close(ready[1])
        messageFD = message[1]
        readyFD = ready[0]
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        switch spawned {
        case .failure(let failure):
            close(messageFD); close(readyFD)
            throw failure
        case .success(let pid):
            self.pid = pid
        }
        let answer = Self.readReady(readyFD, timeout: Self.startTimeout)
        guard answer == GateWarden.readyMessage else {
            kill(pid, SIGKILL)
            _ = waitpid(pid, nil, 0)
            close(messageFD); close(readyFD)
            throw StartFailure(description: answer.isEmpty ? "the gate's warden did not come up"
                                                            : "the gate's warden answered something else")
        }
        watchForDeath()
    }

    /// Tells the warden the terms were accepted (and recorded): it exits
    /// without ending the session. Called once, just before this process exits.
    package func reportAccepted() {
        pthread_mutex_lock(lock)
        accepted = true
        _ = GateWarden.writeAll(messageFD, GateWarden.acceptedMessage)
        pthread_mutex_unlock(lock)
    }

    /// A thread that waits for the end of the ready pipe, the warden's death.
    private func watchForDeath() {
        guard SessionEndingThread.detach({ self.waitForDeath() }) else {
            // Unwatched, a kill of the warden would open the gate: end it now.
            endSessionAndExit("the gate's warden cannot be watched", reason: .wardenNotStarted)
        }
    }

    private func waitForDeath() {
        var entry = pollfd(fd: readyFD, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, -1) < 0, errno == EINTR {}
        pthread_mutex_lock(lock)
        if accepted {
            pthread_mutex_unlock(lock)
            return
        }
        // The lock stays held: this process exits from here.
        endSessionAndExit("the gate's warden (process \(pid)) ended", reason: .wardenEnded)
    }

    /// Ends the session from this process and exits 255: the gate has no warden.
    func endSessionAndExit(_ why: String, reason: ConsentJournal.SessionEndReason) -> Never {
        Self.endSession(ending, why: why, reason: reason, journal: journal)
        _exit(GateWarden.failureStatus)
    }

    /// Ends the session from this process, saying why on stderr, and writes
    /// the session-ended entry with `journal`, the route taken and `reason`.
    package static func endSession(_ ending: SessionEnding, why: String, reason: ConsentJournal.SessionEndReason,
                                   journal: ConsentJournal.Context? = nil) {
        StandardError.write("beckon terms: \(why); ending the session\n")
        do {
            let route = try ending.end()
            StandardError.write("beckon terms: asked \(route) to end the session\n")
            GateWarden.journalSessionEnded(journal, route: route, cause: GateWarden.EndCause(reason: reason))
        } catch {
            StandardError.write("beckon terms: \(error)\n")
        }
    }

    private static func spawn(_ executable: String, _ arguments: [String], messageRead: Int32,
                              readyWrite: Int32) -> Result<pid_t, StartFailure> {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        // dup2 clears close-on-exec on the copies; our ends stay close-on-exec,
        // so the warden cannot hold the other end of the pipe it reads.
        posix_spawn_file_actions_adddup2(&actions, messageRead, GateWarden.messageFD)
        posix_spawn_file_actions_adddup2(&actions, readyWrite, GateWarden.readyFD)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // POSIX_SPAWN_SETSID (glibc 2.26): the warden leads a session of its own from the start.
        let setsid: Int16 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | setsid)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        guard status == 0 else {
            return .failure(StartFailure(description: "the gate's warden could not be started: \(String(cString: strerror(status)))"))
        }
        return .success(pid)
    }

    /// What the warden wrote on the ready pipe within `timeout` milliseconds.
    private static func readReady(_ fd: Int32, timeout: Int32) -> [UInt8] {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = poll(&entry, 1, timeout) } while ready < 0 && errno == EINTR
        guard ready > 0 else { return [] }
        return GateWarden.readUntilEnd(fd, limit: GateWarden.readyMessage.count - 1)
    }

    /// A pipe whose two ends are closed on exec. pipe2 is not imported into
    /// Swift; the warden is started before GTK or any other thread of ours
    /// could spawn a program between the two calls.
    private static func closeOnExecPipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds where fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 {
            close(fds[0]); close(fds[1])
            return false
        }
        return true
    }

    private static func error() -> String { String(cString: strerror(errno)) }
}

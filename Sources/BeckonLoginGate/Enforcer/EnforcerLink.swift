import CBeckonGLib
import Glibc

/// The window's side of the enforcer (`beckon-enforcer`, docs/administrators.md, "The
/// enforcer"): a gate's process connects, is checked from outside and given a
/// nonce, asks whether an answer is owed, and reports that its window is
/// shown, accepted or declined.
///
/// The enforcer, not this process, decides and records: it writes the
/// acceptance to the journal as root, after checking this process again, so
/// no same-user process can claim one. What this side can do is make itself
/// hard to tamper with (``makeUndumpable()``, before anything is read) and say
/// the truth; a link that fails means the enforcer will end the session, so
/// failures are warnings here, never a reason to skip the window.
///
/// The link outlives the enforcer's restarts (a package upgrade restarts
/// it): a thread of its own watches the connection, and when it breaks
/// connects again (`hello`, a new nonce) and says `shown` again for what is
/// on the screen, within a second of the enforcer listening again; every
/// message also reconnects first if the link is gone, and an exchange cut
/// short is tried once more on a new connection.
package final class EnforcerLink: @unchecked Sendable { // its state is used under `lock` alone
    /// Where the enforcer listens: created by the system service
    /// (`RuntimeDirectory=beckon`), root's directory, so no user can put a
    /// socket of their own there.
    package static let socketPath = "/run/beckon/enforcer.socket"

    /// How long one answer from the enforcer is waited for.
    package static let answerTimeout: Duration = .seconds(5)
    /// How often a broken link tries to connect again.
    static let reconnectInterval: UInt32 = 250_000

    /// What a link could not do, in words for stderr.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    private let path: String
    private var fd: Int32 = -1
    private var nonce = ""
    /// The last `shown`, said again on each new connection while the window is up.
    private var shownMessage: EnforcerMessage?
    private let lock: UnsafeMutablePointer<pthread_mutex_t>

    /// Makes this process non-dumpable (no ptrace, no /proc/PID/fd or mem for
    /// its own user), as the enforcer requires of a gate's process. Called as
    /// the first thing a gate does.
    @discardableResult
    package static func makeUndumpable() -> Bool {
        beckon_process_set_undumpable() == 0
    }

    /// Whether an enforcer is installed and running: its socket exists.
    package static var isRunning: Bool {
        var info = stat()
        return lstat(socketPath, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }

    /// Connects and is let in: `hello`, then the enforcer's `challenge`;
    /// then watches the connection for as long as the process runs.
    package init(path: String = socketPath) throws(Failure) {
        if beckon_process_is_dumpable() != 0 { Self.makeUndumpable() }
        self.path = path
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        try connect()
        // The link lives as long as the process (the gate's one link); the
        // watch holds it.
        _ = SessionEndingThread.detach { [self] in watch() }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Connects: `hello`, the `challenge` and its nonce. Called with the lock held (or before the watch starts).
    private func connect() throws(Failure) {
        if fd >= 0 { close(fd) }
        fd = beckon_seqpacket_connect(path, 5000)
        guard fd >= 0 else { throw Failure(description: "cannot reach the enforcer at \(path): \(Self.errnoText())") }
        nonce = ""
        let answer: EnforcerMessage
        do {
            try send(EnforcerMessage(.hello))
            answer = try receive()
        } catch {
            close(fd)
            fd = -1
            throw error
        }
        guard answer.kind == .challenge, let nonce = answer[EnforcerMessage.Field.nonce], !nonce.isEmpty else {
            close(fd)
            fd = -1
            throw Failure(description: "the enforcer refused this process: \(answer[EnforcerMessage.Field.reason] ?? "\(answer.kind)")")
        }
        self.nonce = nonce
    }

    /// Whether the connection is gone: the enforcer closed it (it stopped),
    /// or it was never made again.
    private var isBroken: Bool {
        guard fd >= 0 else { return true }
        var pollFD = pollfd(fd: fd, events: 0, revents: 0)
        return poll(&pollFD, 1, 0) > 0 && pollFD.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// Connects again when the link is gone, and says `shown` again; with the lock held.
    private func reconnectIfBroken() throws(Failure) {
        guard isBroken else { return }
        try connect()
        if var shown = shownMessage {
            shown[EnforcerMessage.Field.nonce] = nonce
            try send(shown)
        }
    }

    /// The watch: waits for the connection to break (POLLHUP, without
    /// reading what the main thread waits for), then connects again every
    /// quarter second until the enforcer answers (then less often).
    private func watch() {
        var failures: UInt32 = 0
        while true {
            pthread_mutex_lock(lock)
            let watched = fd
            pthread_mutex_unlock(lock)
            if watched >= 0 {
                // HUP wakes it at once; the timeout only looks again at
                // which descriptor is current, should a message have
                // reconnected meanwhile.
                var pollFD = pollfd(fd: watched, events: 0, revents: 0)
                let ready = poll(&pollFD, 1, 5000)
                if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            }
            pthread_mutex_lock(lock)
            let reconnected = (try? reconnectIfBroken()) != nil
            pthread_mutex_unlock(lock)
            // A quarter second while the enforcer restarts; slower, up to 2 s,
            // while it keeps refusing, so a refused gate does not flood it.
            failures = reconnected ? 0 : min(failures + 1, 5)
            if !reconnected { usleep(Self.reconnectInterval << max(0, Int32(failures) - 2)) }
        }
    }

    /// Runs `body` with the lock held on a live connection; an exchange cut
    /// short by the enforcer's restart is tried once more on a new one.
    /// `patience`: how long to keep trying to connect while the enforcer is
    /// away (restarting), for an answer that must reach it (the Accept).
    private func locked<Value>(patience: Duration = .zero,
                               _ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let deadline = ContinuousClock.now + patience
        func reconnect() throws(Failure) {
            while true {
                do {
                    return try reconnectIfBroken()
                } catch {
                    guard ContinuousClock.now < deadline else { throw error }
                    usleep(Self.reconnectInterval)
                }
            }
        }
        try reconnect()
        do {
            return try body()
        } catch {
            guard isBroken else { throw error }
            try reconnect()
            return try body()
        }
    }

    /// How long an Accept or a revocation waits for a restarting enforcer:
    /// systemd starts it again a second after it stops (`RestartSec=1`).
    static let restartPatience: Duration = .seconds(10)

    /// The enforcer's answer to "is an answer owed for `id`?": nil when the
    /// user must be asked; else the acceptance it holds (id, version, digest,
    /// when), as a record to print.
    package func heldAcceptance(id: String) throws(Failure) -> [String: String]? {
        let answer = try locked { () throws(Failure) in try exchange(EnforcerMessage(.status, [EnforcerMessage.Field.id: id])) }
        switch answer.kind {
        case .held: return answer.fields
        case .owed: return nil
        default: throw Failure(description: "the enforcer answered \(answer.kind) to a status")
        }
    }

    /// Reports that the terms `id` (`version`, text `sha256`) are being shown
    /// on `display` (the X display or Wayland socket the window opened): the
    /// enforcer follows this process from now on, instead of the clock,
    /// checks for itself which display that is, and hears it again after
    /// each of its restarts.
    package func shown(id: String, version: String, sha256: String, display: String? = nil) throws(Failure) {
        var shown = message(.shown, id: id, version: version, sha256: sha256)
        if let display { shown[EnforcerMessage.Field.display] = display }
        // Noted first: if the enforcer is away now, the watch says it once
        // the link is back.
        locked { shownMessage = shown }
        try locked { () throws(Failure) in
            guard let shown = shownMessage else { return }
            try send(shown)
        }
    }

    /// Reports an Accept and waits until the enforcer has recorded it.
    package func accepted(id: String, version: String, sha256: String) throws(Failure) {
        let answer = try locked(patience: Self.restartPatience) { () throws(Failure) in
            try exchange(message(.accepted, id: id, version: version, sha256: sha256))
        }
        guard answer.kind == .recorded else {
            throw Failure(description: "the enforcer did not record the acceptance: \(answer[EnforcerMessage.Field.reason] ?? "\(answer.kind)")")
        }
        locked { shownMessage = nil }
    }

    /// Reports a Decline: the enforcer ends the session.
    package func declined(id: String) throws(Failure) {
        try locked { () throws(Failure) in
            shownMessage = nil
            try send(message(.declined, id: id))
        }
    }

    /// Reports that the gate's windows for `id` stayed hidden (`reason`:
    /// how) though it put them back: the enforcer ends the sessions this
    /// process holds for it (`gate-hidden`).
    package func hidden(id: String, reason: String) throws(Failure) {
        var hidden = message(.hidden, id: id)
        hidden[EnforcerMessage.Field.reason] = reason
        try locked { () throws(Failure) in
            shownMessage = nil
            try send(hidden)
        }
    }

    /// Reports `--revoke`, and waits until the enforcer has recorded it.
    package func revoked(id: String) throws(Failure) {
        let answer = try locked(patience: Self.restartPatience) { () throws(Failure) in try exchange(message(.revoked, id: id)) }
        guard answer.kind == .recorded else {
            throw Failure(description: "the enforcer did not record the revocation: \(answer[EnforcerMessage.Field.reason] ?? "\(answer.kind)")")
        }
    }

    /// Runs `body` under the lock, for what cannot fail.
    private func locked(_ body: () -> Void) {
        pthread_mutex_lock(lock)
        body()
        pthread_mutex_unlock(lock)
    }

    /// A message of this link: the current nonce is set when it is sent.
    private func message(_ kind: EnforcerMessage.Kind, id: String, version: String? = nil, sha256: String? = nil)
        -> EnforcerMessage
    {
        var fields = [EnforcerMessage.Field.id: id]
        if let version { fields[EnforcerMessage.Field.version] = version }
        if let sha256 { fields[EnforcerMessage.Field.sha256] = sha256 }
        return EnforcerMessage(kind, fields)
    }

    private func exchange(_ message: EnforcerMessage) throws(Failure) -> EnforcerMessage {
        try send(message)
        return try receive()
    }

    /// Sends `message` with this connection's nonce (none before the challenge).
    private func send(_ message: EnforcerMessage) throws(Failure) {
        var message = message
        if message.kind != .hello { message[EnforcerMessage.Field.nonce] = nonce }
        guard let bytes = message.encoded else { throw Failure(description: "a value of the message holds a newline") }
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "cannot write to the enforcer: \(Self.errnoText())") }
    }

    private func receive() throws(Failure) -> EnforcerMessage {
        var pollFD = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let deadline = ContinuousClock.now + Self.answerTimeout
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw Failure(description: "the enforcer did not answer within \(Self.answerTimeout)") }
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&pollFD, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: EnforcerMessage.maximumSize + 1)
            var pid: pid_t = 0, uid: uid_t = 0
            let count = buffer.withUnsafeMutableBytes { beckon_seqpacket_receive(fd, $0.baseAddress, $0.count, &pid, &uid) }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "the enforcer closed the connection") }
            guard count <= EnforcerMessage.maximumSize, let message = EnforcerMessage(decoding: buffer.prefix(count)) else {
                throw Failure(description: "the enforcer sent a message that does not read")
            }
            return message
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

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
package final class EnforcerLink {
    /// Where the enforcer listens: created by the system service
    /// (`RuntimeDirectory=beckon`), root's directory, so no user can put a
    /// socket of their own there.
    package static let socketPath = "/run/beckon/enforcer.socket"

    /// How long one answer from the enforcer is waited for.
    package static let answerTimeout: Duration = .seconds(5)

    /// What a link could not do, in words for stderr.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    private var fd: Int32
    private var nonce: String

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

    /// Connects and is let in: `hello`, then the enforcer's `challenge`.
    package init(path: String = socketPath) throws(Failure) {
        if beckon_process_is_dumpable() != 0 { Self.makeUndumpable() }
        fd = beckon_seqpacket_connect(path, 5000)
        guard fd >= 0 else { throw Failure(description: "cannot reach the enforcer at \(path): \(Self.errnoText())") }
        nonce = ""
        let answer: EnforcerMessage
        do {
            try send(EnforcerMessage(.hello))
            answer = try receive()
        } catch {
            close(fd)
            throw error
        }
        guard answer.kind == .challenge, let nonce = answer[EnforcerMessage.Field.nonce], !nonce.isEmpty else {
            close(fd)
            throw Failure(description: "the enforcer refused this process: \(answer[EnforcerMessage.Field.reason] ?? "\(answer.kind)")")
        }
        self.nonce = nonce
    }

    deinit { close(fd) }

    /// The enforcer's answer to "is an answer owed for `id`?": nil when the
    /// user must be asked; else the acceptance it holds (id, version, digest,
    /// when), as a record to print.
    package func heldAcceptance(id: String) throws(Failure) -> [String: String]? {
        let answer = try exchange(EnforcerMessage(.status, [EnforcerMessage.Field.id: id]))
        switch answer.kind {
        case .held: return answer.fields
        case .owed: return nil
        default: throw Failure(description: "the enforcer answered \(answer.kind) to a status")
        }
    }

    /// Reports that the terms `id` (`version`, text `sha256`) are being shown
    /// on `display` (the X display or Wayland socket the window opened): the
    /// enforcer follows this process from now on, instead of the clock, and
    /// checks for itself which display that is.
    package func shown(id: String, version: String, sha256: String, display: String? = nil) throws(Failure) {
        var shown = message(.shown, id: id, version: version, sha256: sha256)
        if let display { shown[EnforcerMessage.Field.display] = display }
        try send(shown)
    }

    /// Reports an Accept and waits until the enforcer has recorded it.
    package func accepted(id: String, version: String, sha256: String) throws(Failure) {
        let answer = try exchange(message(.accepted, id: id, version: version, sha256: sha256))
        guard answer.kind == .recorded else {
            throw Failure(description: "the enforcer did not record the acceptance: \(answer[EnforcerMessage.Field.reason] ?? "\(answer.kind)")")
        }
    }

    /// Reports a Decline: the enforcer ends the session.
    package func declined(id: String) throws(Failure) {
        try send(message(.declined, id: id))
    }

    /// Reports `--revoke`, and waits until the enforcer has recorded it.
    package func revoked(id: String) throws(Failure) {
        let answer = try exchange(message(.revoked, id: id))
        guard answer.kind == .recorded else {
            throw Failure(description: "the enforcer did not record the revocation: \(answer[EnforcerMessage.Field.reason] ?? "\(answer.kind)")")
        }
    }

    private func message(_ kind: EnforcerMessage.Kind, id: String, version: String? = nil, sha256: String? = nil)
        -> EnforcerMessage
    {
        var fields = [EnforcerMessage.Field.nonce: nonce, EnforcerMessage.Field.id: id]
        if let version { fields[EnforcerMessage.Field.version] = version }
        if let sha256 { fields[EnforcerMessage.Field.sha256] = sha256 }
        return EnforcerMessage(kind, fields)
    }

    private func exchange(_ message: EnforcerMessage) throws(Failure) -> EnforcerMessage {
        var message = message
        message[EnforcerMessage.Field.nonce] = nonce
        try send(message)
        return try receive()
    }

    private func send(_ message: EnforcerMessage) throws(Failure) {
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

import BeckonConsent
import BeckonIO
import BeckonLoginGate
import CBeckonGLib
import Glibc

/// The gate processes on the socket: checked at `hello`, given a nonce, and
/// believed only while every message comes from that very process, with
/// that nonce, and the process still passes (``GateProcessCheck``).
extension Enforcer {
    /// At most this many connections at once, and this many of one user:
    /// a user flooding the socket starves only their own gate (and so ends
    /// their own session), never another user's. More are accepted and
    /// closed at once, so the backlog never fills.
    static let maximumClients = 256
    static let maximumClientsPerUser = 8
    /// A connection that has not said hello by then is closed.
    static let helloTimeout: UInt64 = 5_000_000

    func acceptClients() {
        for _ in 0..<1024 {
            var pid: pid_t = 0, uid: uid_t = 0, pidfd: Int32 = -1
            let fd = beckon_seqpacket_accept(listener, &pid, &uid, &pidfd)
            guard fd >= 0 else { return }
            // Before any /proc read: a user's connections beyond the limit
            // cost the enforcer an accept and a close, and a count.
            let mine = clients.values.filter { $0.peerUID == uid }.count
            let refusal = clients.count >= Self.maximumClients ? "more than \(Self.maximumClients) connections of all users at once"
                : mine >= Self.maximumClientsPerUser ? "more than \(Self.maximumClientsPerUser) connections at once"
                : pid <= 0 || pidfd < 0 ? "a connection whose process cannot be named" : nil
            if let refusal {
                close(fd)
                if pidfd >= 0 { close(pidfd) }
                note(refusal, pid: pid, uid: uid)
                continue
            }
            let client = Client(fd: fd)
            client.peerPID = pid
            client.peerUID = uid
            client.pidfd = pidfd
            client.acceptedAt = Self.now()
            clients[fd] = client
        }
    }

    /// Closes connections that never said hello in time.
    func dropSilentClients() {
        let now = Self.now()
        for (fd, client) in clients where client.nonce == nil && now - client.acceptedAt > Self.helloTimeout {
            dropClient(fd)
        }
    }

    func dropClient(_ fd: Int32) {
        close(fd)
        if let client = clients[fd], client.pidfd >= 0 { close(client.pidfd) }
        clients[fd] = nil
    }

    func readClient(_ fd: Int32) {
        guard let client = clients[fd] else { return }
        var buffer = [UInt8](repeating: 0, count: EnforcerMessage.maximumSize + 1)
        var pid: pid_t = 0, uid: uid_t = 0
        let count = buffer.withUnsafeMutableBytes { beckon_seqpacket_receive(fd, $0.baseAddress, $0.count, &pid, &uid) }
        if count < 0, errno == EAGAIN || errno == EINTR { return }
        guard count > 0 else { return dropClient(fd) }
        guard count <= EnforcerMessage.maximumSize, let message = EnforcerMessage(decoding: buffer.prefix(count)) else {
            refuse(client, pid: pid, uid: uid, "a message that does not read")
            return dropClient(fd)
        }
        handle(message, from: client, pid: pid, uid: uid)
    }

    func reply(_ client: Client, _ message: EnforcerMessage) {
        guard let bytes = message.encoded else { return }
        _ = bytes.withUnsafeBytes { send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }

    /// Says no to the client, and tells of it (``note(_:pid:uid:)``).
    func refuse(_ client: Client, pid: pid_t, uid: uid_t, _ why: String) {
        reply(client, EnforcerMessage(.refused, [EnforcerMessage.Field.reason: why]))
        note(why, pid: pid, uid: uid)
    }

    /// Writes an `enforcer-refused` event and a line on stderr for the
    /// first refusal of `uid` in a window; later ones are counted into one
    /// summary per uid per 10 s (``RefusalCounter``), so that no flood
    /// pushes journald past its limit.
    func note(_ why: String, pid: pid_t, uid: uid_t) {
        guard refusals.count(uid: uid, pid: pid, reason: why, now: Self.now()) else { return }
        writeRefusal(why, pid: pid, uid: uid)
    }

    func writeRefusal(_ why: String, pid: pid_t, uid: uid_t) {
        var context = ConsentJournal.Context(termsID: "-", uid: uid == uid_t.max ? nil : uid, user: Self.userName(uid))
        context.pid = pid
        context.reason = why
        ConsentJournal.write(.refused, context)
        StandardError.write("beckon-enforcer: refused process \(pid) of uid \(uid): \(why)\n")
    }

    /// The summaries due: one entry per uid with refusals not yet written.
    func writeRefusalSummaries() {
        for summary in refusals.due(now: Self.now()) {
            writeRefusal("\(summary.count) more refusal\(summary.count == 1 ? "" : "s") in \(RefusalCounter.interval / 1_000_000) s; "
                         + "the last: \(summary.lastReason)", pid: summary.lastPID, uid: summary.uid)
        }
    }

    /// Whether the process checked is still the one that connected: the
    /// /proc files just read were its own, not a later process's with its pid.
    func stillAlive(_ client: Client) -> Bool {
        client.pidfd >= 0 && beckon_pidfd_is_alive(client.pidfd) == 1
    }

    func handle(_ message: EnforcerMessage, from client: Client, pid: pid_t, uid: uid_t) {
        // Every datagram from the very process that connected (SO_PEERCRED,
        // which no namespace forges): credentials naming another process are
        // a namespace's pid 1 speaking for its pid 2, or a socket shared with
        // another process.
        guard pid == client.peerPID, uid == client.peerUID else {
            refuse(client, pid: pid, uid: uid,
                   "a datagram naming process \(pid) of uid \(uid), not process \(client.peerPID) of uid \(client.peerUID) that connected")
            return dropClient(client.fd)
        }
        guard pid > 0, uid != 0 else {
            refuse(client, pid: pid, uid: uid, "no credentials, or root's (root needs no gate)")
            return dropClient(client.fd)
        }
        if message.kind == .hello {
            guard client.nonce == nil else { return refuse(client, pid: pid, uid: uid, "a second hello") }
            switch check.check(pid: pid, uid: uid) {
            case .failure(let refusal):
                refuse(client, pid: pid, uid: uid, refusal.description)
                return dropClient(client.fd)
            case .success(let executable):
                guard stillAlive(client) else {
                    refuse(client, pid: pid, uid: uid, "it is gone")
                    return dropClient(client.fd)
                }
                client.pid = pid
                client.uid = uid
                client.executable = executable
                // The nonce belongs to this connection and to the process its
                // pidfd names, and to no later one with its number.
                client.nonce = Self.nonce()
                follow(pid, pidfd: client.pidfd)
                reply(client, EnforcerMessage(.challenge, [EnforcerMessage.Field.nonce: client.nonce!]))
            }
            return
        }
        // Every other message: from the process checked at hello, with its nonce.
        guard let nonce = client.nonce, pid == client.pid, uid == client.uid,
              message[EnforcerMessage.Field.nonce] == nonce else {
            refuse(client, pid: pid, uid: uid,
                   client.nonce == nil ? "a \(message.kind) before hello"
                       : "a \(message.kind) from process \(pid), not the checked process \(client.pid), or without its nonce")
            return dropClient(client.fd)
        }
        guard let id = message[EnforcerMessage.Field.id] else { return refuse(client, pid: pid, uid: uid, "no id") }
        let gate = state.gates.gates.first { $0.id == id }
        switch message.kind {
        case .status:
            if state.statusOwed(uid: uid, id: id, now: Self.now()) { return reply(client, EnforcerMessage(.owed, [EnforcerMessage.Field.id: id])) }
            var fields = [EnforcerMessage.Field.id: id]
            if let gate, let found = state.lookup(uid, gate, nil), !found.revoked {
                fields[EnforcerMessage.Field.version] = found.record.version ?? ""
                fields[EnforcerMessage.Field.sha256] = found.record.sha256
                fields[EnforcerMessage.Field.acceptedAt] = found.record.acceptedAt
            }
            reply(client, EnforcerMessage(.held, fields))
        case .shown, .accepted, .revoked:
            guard let gate else { return refuse(client, pid: pid, uid: uid, "\(id) is not a gate") }
            if message.kind != .revoked {
                guard message[EnforcerMessage.Field.version] == gate.terms.version,
                      let sha256 = message[EnforcerMessage.Field.sha256], gate.digests.contains(sha256) else {
                    return refuse(client, pid: pid, uid: uid, "not the version or text of \(id) the system holds")
                }
            }
            // Checked again: a module loaded since hello, a tracer attached since.
            if case .failure(let refusal) = check.check(pid: pid, uid: uid) {
                // A gate that showed and declined at once may already be
                // exiting, its mappings gone, when its `shown` is read: that
                // fails the check for no fault of its own, and its Decline,
                // queued behind, must still be read. Its exit is followed.
                if message.kind == .shown, !stillAlive(client) || GateProcessCheck.isExiting(pid) { return }
                refuse(client, pid: pid, uid: uid, refusal.description)
                return dropClient(client.fd)
            }
            guard stillAlive(client) else { return dropClient(client.fd) }
            if message.kind == .shown {
                follow(pid, pidfd: client.pidfd)
                state.shown(uid: uid, gate: id, pid: pid, session: GateProcessCheck.loginSession(of: pid), now: Self.now())
                saveState()
                // Where its window is, Enforcer+Routes.swift finds out, when
                // a session it could hold has a display of its own to compare.
                namedDisplays[pid] = message[EnforcerMessage.Field.display]
                locateGates(state.pidsToLocate.filter { $0 == pid })
                return
            }
            record(message.kind == .accepted ? .verifiedAccepted : .verifiedRevoked, gate: gate, client: client,
                   sha256: message[EnforcerMessage.Field.sha256])
            saveState()
            reply(client, EnforcerMessage(.recorded, [EnforcerMessage.Field.id: id]))
            if message.kind == .accepted { perform(state.accepted(uid: uid, gate: id, pid: pid)) }
            else { perform(state.sessionsChanged(sessions, now: Self.now())) }
        case .declined:
            perform(state.declined(uid: uid, gate: id, pid: pid))
        case .hidden:
            StandardError.write("beckon-enforcer: process \(pid) of uid \(uid) reports its gate \(id) hidden: "
                                + "\(message[EnforcerMessage.Field.reason] ?? "no reason given")\n")
            perform(state.hidden(uid: uid, gate: id, pid: pid))
        default:
            refuse(client, pid: pid, uid: uid, "a \(message.kind), which only the enforcer sends")
            dropClient(client.fd)
        }
    }

    /// Writes the enforcer's entry for an acceptance (or revocation) it
    /// checked: one per login of the user that owes the gate (so every-login
    /// terms find theirs), else one for the user alone.
    func record(_ event: ConsentJournal.Event, gate: EnforcerGate, client: Client, sha256: String?) {
        let now = Self.now()
        let acceptedAt = ConsentAuditDate.iso8601(now, fraction: false)
        let owing = state.tracked.values.filter { $0.session.uid == client.uid && $0.owed[gate.id] != nil }.map(\.session.id)
        for session in owing.isEmpty ? [nil] : owing.map(Optional.some) {
            var context = ConsentJournal.Context(termsID: gate.id, uid: client.uid, user: Self.userName(client.uid))
            context.version = gate.terms.version
            context.sha256 = sha256
            context.gate = true
            context.policy = gate.terms.policy.name
            context.sessionID = session
            context.acceptedAt = acceptedAt
            context.pid = client.pid
            context.gateExecutable = client.executable?.path
            ConsentJournal.write(event, context)
            var record = ConsentRecord(id: gate.id, version: gate.terms.version, sha256: sha256 ?? "",
                                       acceptedAt: acceptedAt, user: context.user ?? "")
            record.sessionID = session
            record.bootID = state.bootID
            let found = EnforcerState.Found(record: record, revoked: event == .verifiedRevoked, atMicroseconds: now)
            recorded.entries[RecordedAcceptances.key(client.uid, gate.id, session)] = found
            recorded.entries[RecordedAcceptances.key(client.uid, gate.id, nil)] = found
        }
    }

    /// Follows `pid` by a descriptor of its own (a copy of `pidfd`) until it
    /// exits, even after its connection closes.
    func follow(_ pid: pid_t, pidfd: Int32) {
        guard pidfds[pid] == nil else { return }
        let copy = fcntl(pidfd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return }
        pidfds[pid] = copy
        startTimes[pid] = GateProcessCheck.startTime(of: pid)
    }

    static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }

    static func userName(_ uid: uid_t) -> String? {
        guard uid != uid_t.max, let entry = getpwuid(uid) else { return nil }
        return String(cString: entry.pointee.pw_name)
    }
}

import BeckonConsent
import BeckonIO
import BeckonLoginGate
import CBeckonGLib
import Glibc

/// `beckon-enforcer`: the system service that holds the login gate from
/// outside the user's reach (docs/administrators.md, "The enforcer").
///
/// One thread, one `poll`: logind's session files (inotify on
/// /run/systemd/sessions), the socket where gate processes connect, their
/// pidfds, and the nearest deadline. Sessions come from logind over the system
/// bus, gates from root's key files only, acceptances from the enforcer's own
/// journal entries; every decision (``EnforcerState``) is a journal event.
public final class Enforcer {
    /// A gate process connected to the socket.
    final class Client {
        let fd: Int32
        var pid: pid_t = 0
        var uid: uid_t = 0
        var nonce: String?
        var executable: GateProcessCheck.Executable?
        /// Who connected (SO_PEERCRED, taken by the kernel at connect) and
        /// when: every datagram must name this process, and the per-user
        /// limit and the hello timeout count by it.
        var peerPID: pid_t = 0
        var peerUID: uid_t = uid_t.max
        /// A pidfd of the process that connected (SO_PEERPIDFD): its /proc
        /// files are believed only while it still runs.
        var pidfd: Int32 = -1
        var acceptedAt: UInt64 = 0
        init(fd: Int32) { self.fd = fd }
    }

    var state: EnforcerState
    var check: GateProcessCheck
    var logind = Logind()
    let socketPath: String
    let configRoot: String
    let configurationPath: String
    var listener: Int32 = -1
    var sessionWatch: Int32 = -1
    var clients: [Int32: Client] = [:]
    /// Followed processes' pidfds, by pid: kept until the process exits, even
    /// after its connection closes.
    var pidfds: [pid_t: Int32] = [:]
    var sessions: [LogindSession] = []
    var configurationStamp: [String] = []
    /// When the configuration was last looked at (and logind, unwatched).
    var lastRescan: UInt64 = 0
    /// Sessions asked to end, and when: asked again if still there.
    var ending: [String: UInt64] = [:]
    /// Acceptances and revocations recorded by this run, and by the runs
    /// before it (the state file).
    let recorded: RecordedAcceptances
    /// Refusals, counted per uid and written in summaries.
    var refusals = RefusalCounter()
    /// The state file (``EnforcerStateFile``), what was last written to it,
    /// whether the last write failed, and what was read from it at start.
    let statePath: String
    var savedState: EnforcerStateFile?
    var stateWriteFailed = false
    var loadedState: EnforcerStateFile?
    /// The start time of each followed process (field 22 of /proc/PID/stat),
    /// which names it in the state file.
    var startTimes: [pid_t: UInt64] = [:]
    /// Sessions found graphical by another route (Enforcer+Routes.swift):
    /// when, and the X display of a server found in them.
    var foundGraphical: [String: (at: UInt64, display: Int?)] = [:]
    /// When the sessions not gated were last looked at for a display.
    var lastDisplayScan: UInt64 = 0
    /// The display each followed gate process says its window is on (`display=` of `shown`).
    var namedDisplays: [pid_t: String] = [:]
    /// Why each followed gate's display is not known yet, as last said in the log.
    var unlocated: [pid_t: String] = [:]

    /// How often the configuration is looked at again, and logind asked
    /// again when its files cannot be watched.
    static let rescanMilliseconds: Int32 = 5_000

    public init(socketPath: String? = nil, configRoot: String = "/etc/xdg",
                configurationPath: String = EnforcerConfiguration.path, statePath: String? = nil) {
        self.socketPath = socketPath ?? EnforcerLink.socketPath
        self.statePath = statePath ?? EnforcerStateFile.path
        self.configRoot = configRoot
        self.configurationPath = configurationPath
        let (configuration, gates) = Self.loadConfiguration(configurationPath, configRoot, report: true)
        check = Self.processCheck(configuration)
        // The lookup reads `recorded` through a box both sides hold: the
        // state is built before `self` can be captured.
        let box = RecordedAcceptances()
        recorded = box
        loadedState = Self.loadState(self.statePath, into: box)
        state = EnforcerState(configuration: configuration, gates: gates, startMicroseconds: Self.now(),
                              lookup: { uid, gate, session in Self.lookup(uid, gate, session, recorded: box) })
        configurationStamp = stamp()
    }

    // MARK: configuration

    /// The enforcer's settings and the gates; every problem a journal event
    /// (when `report`) and a line on stderr. A broken enforcer.conf leaves
    /// the defaults, which end sessions.
    static func loadConfiguration(_ path: String, _ root: String, report: Bool) -> (EnforcerConfiguration, EnforcerGateSet) {
        var configuration = EnforcerConfiguration()
        do {
            configuration = try EnforcerConfiguration.load(path: path)
        } catch {
            if report { reportProblem(error, isGate: true) }
        }
        let gates = EnforcerGateSet.load(configRoot: root, defaultGrace: configuration.graceSeconds)
        if report { for problem in gates.problems { reportProblem(problem.error, isGate: problem.isGate) } }
        return (configuration, gates)
    }

    /// The check of gate processes for `configuration`.
    static func processCheck(_ configuration: EnforcerConfiguration) -> GateProcessCheck {
        GateProcessCheck(paths: configuration.executables)
    }

    static func reportProblem(_ error: ManagedTermsError, isGate: Bool) {
        StandardError.write("beckon-enforcer: \(error)\(isGate ? " (taken for a gate no one can accept)" : "")\n")
        var context = ConsentJournal.Context(termsID: "-", uid: nil, user: nil)
        if case let .invalid(path, line, key, message) = error {
            context.configFile = path
            context.configLine = line
            context.configKey = key
            context.reason = message
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if name.hasSuffix(".conf") { context.termsID = String(name.dropLast(5)) }
        } else {
            context.reason = error.description
        }
        context.gate = isGate
        ConsentJournal.write(.configurationError, context)
    }

    /// What identifies the configuration's files now: a change reloads it.
    func stamp() -> [String] {
        var paths = [configurationPath]
        let directory = configRoot + "/beckon/terms.d"
        if let dir = opendir(directory) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { paths.append(directory + "/" + name) }
            }
            closedir(dir)
        }
        return paths.sorted().map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return path + " -" }
            return "\(path) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_mode)"
        } + textStamps()
    }

    /// The texts' stamps too: a gate's file edited in place is a new text.
    private func textStamps() -> [String] {
        state.gates.gates.flatMap { Array($0.terms.fileVariants) }.sorted().map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return path + " -" }
            return "\(path) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
    }

    // MARK: the loop

    /// Listens, watches and decides until killed. Returns only on a failure
    /// to start (the socket), with the exit status for systemd, which
    /// restarts the service.
    public func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        mkdir(Self.directory(of: socketPath), 0o755)
        listener = beckon_seqpacket_listen(socketPath, 0o666, 64)
        guard listener >= 0 else {
            StandardError.write("beckon-enforcer: cannot listen at \(socketPath): \(String(cString: strerror(errno)))\n")
            return 1
        }
        sessionWatch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        if sessionWatch >= 0 {
            let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_CLOSE_WRITE)
            if inotify_add_watch(sessionWatch, "/run/systemd/sessions", mask) < 0 {
                close(sessionWatch)
                sessionWatch = -1
            }
        }
        StandardError.write("beckon-enforcer: \(state.configuration.mode == .pilot ? "pilot mode: reporting only, " : "")"
                            + "\(state.gates.gates.count) gate(s), \(state.gates.brokenGates.count) broken; listening at \(socketPath)\n")
        // Before the first deadline: a gate shown when the enforcer stopped is
        // followed again, not ended for its grace.
        restoreFollowed(loadedState)
        loadedState = nil
        refreshSessions()
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            if sessionWatch >= 0 { fds.append(pollfd(fd: sessionWatch, events: Int16(POLLIN), revents: 0)) }
            let clientFDs = Array(clients.keys)
            fds += clientFDs.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let followed = Array(pidfds)
            fds += followed.map { pollfd(fd: $0.value, events: Int16(POLLIN), revents: 0) }
            // Unverified connections are looked at again within the hello
            // timeout; followed gates each second (a stopped one holds nothing).
            var timeout = clients.values.contains { $0.nonce == nil } ? Int32(Self.helloTimeout / 1000) : Self.rescanMilliseconds
            if !state.followedPIDs.isEmpty { timeout = min(timeout, 1000) }
            // Only while a session could become graphical: none, no wakeup.
            if hasRouteCandidates { timeout = min(timeout, Self.displayScanMilliseconds) }
            if let deadline = [state.nextDeadline, refusals.nextDeadline].compactMap({ $0 }).min() {
                let now = Self.now()
                timeout = deadline <= now ? 0 : Int32(min(UInt64(timeout), (deadline - now) / 1000 + 1))
            }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0, errno != EINTR {
                StandardError.write("beckon-enforcer: poll: \(String(cString: strerror(errno)))\n")
                sleep(1)
            }
            var index = 0
            if fds[index].revents != 0 { acceptClients() }
            index += 1
            if sessionWatch >= 0 {
                if fds[index].revents != 0 { drainWatch(); refreshSessions() }
                index += 1
            }
            // Messages first: an acceptance recorded counts before its process's exit.
            for fd in clientFDs {
                if fds[index].revents != 0 { readClient(fd) }
                index += 1
            }
            for (pid, fd) in followed {
                if fds[index].revents != 0 {
                    close(fd)
                    pidfds[pid] = nil
                    startTimes[pid] = nil
                    perform(state.processExited(pid: pid))
                }
                index += 1
            }
            for pid in state.followedPIDs { state.setStopped(pid: pid, GateProcessCheck.isStopped(pid)) }
            locateGates(state.pidsToLocate)
            scanForDisplaysIfDue()
            perform(state.tick(now: Self.now()))
            dropSilentClients()
            writeRefusalSummaries()
            saveState()
            // On a clock, not on an idle poll: a user connecting once a second
            // must not keep a changed configuration from loading.
            let now = Self.now()
            if now - lastRescan >= UInt64(Self.rescanMilliseconds) * 1000 {
                lastRescan = now
                reloadIfChanged()
                if sessionWatch < 0 { refreshSessions() }
            }
            retryEndings()
        }
    }

    func drainWatch() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(sessionWatch, $0.baseAddress, $0.count) }) > 0 {}
    }

    func refreshSessions() {
        do {
            sessions = withFoundDisplays(try logind.sessions())
        } catch {
            StandardError.write("beckon-enforcer: logind: \(error.message)\n")
            return
        }
        let known = Set(state.tracked.keys)
        perform(state.sessionsChanged(sessions, now: Self.now()))
        for (id, entry) in state.tracked where !known.contains(id) {
            let owed = entry.owed.keys.sorted().joined(separator: ", ")
            StandardError.write("beckon-enforcer: session \(id) of \(entry.session.user) (\(entry.session.type)): "
                                + (entry.finished ? "nothing owed" : "owes \(owed.isEmpty ? "a broken gate" : owed)") + "\n")
        }
    }

    func reloadIfChanged() {
        let current = stamp()
        guard current != configurationStamp else { return }
        let (configuration, gates) = Self.loadConfiguration(configurationPath, configRoot, report: true)
        check = Self.processCheck(configuration)
        StandardError.write("beckon-enforcer: configuration changed: \(gates.gates.count) gate(s), \(gates.brokenGates.count) broken\n")
        perform(state.configurationChanged(configuration, gates: gates, sessions: sessions, now: Self.now()))
        // Taken again: the new gates' texts are part of it.
        configurationStamp = stamp()
    }

    /// Asks logind again to end a session still there 5 s after the first request.
    func retryEndings() {
        let now = Self.now()
        for (id, asked) in ending where now - asked > 5_000_000 {
            if sessions.contains(where: { $0.id == id && $0.state != "closing" }) {
                ending[id] = now
                try? logind.terminate(id)
                refreshSessions()
            } else {
                ending[id] = nil
            }
        }
    }

    // MARK: actions

    func perform(_ actions: [EnforcerState.Action]) {
        for action in actions {
            switch action {
            case let .end(session, gate, reason):
                var context = Self.context(session, gate: gate, reason: reason.rawValue)
                if let gate, let terms = state.gates.gates.first(where: { $0.id == gate })?.terms { context.version = terms.version }
                if state.configuration.mode == .pilot {
                    StandardError.write("beckon-enforcer: pilot: would end session \(session.id) of \(session.user) (\(reason.rawValue))\n")
                    ConsentJournal.write(.sessionWouldEnd, context)
                    continue
                }
                StandardError.write("beckon-enforcer: ending session \(session.id) of \(session.user) (\(reason.rawValue))\n")
                context.sessionEndedBy = "enforcer"
                ConsentJournal.write(.sessionEnded, context)
                ending[session.id] = Self.now()
                do { try logind.terminate(session.id) } catch {
                    StandardError.write("beckon-enforcer: TerminateSession \(session.id): \(error.message)\n")
                }
            case let .spare(session, gate, reason):
                ConsentJournal.write(.sessionSpared, Self.context(session, gate: gate, reason: reason.rawValue))
            }
        }
    }

    /// The journal context of a decision on `session`: whose, which login,
    /// which gate (nil: the configuration) and why.
    static func context(_ session: LogindSession, gate: String?, reason: String) -> ConsentJournal.Context {
        var context = ConsentJournal.Context(termsID: gate ?? "-", uid: session.uid, user: session.user)
        context.sessionID = session.id
        context.sessionType = session.type
        context.gate = true
        context.reason = reason
        return context
    }

    // MARK: acceptances

    /// The newest acceptance or revocation of `gate` by `uid` (in `session`,
    /// for every-login terms): this run's first, then the journal's entries
    /// written as root. A journal that cannot be read finds none: owed.
    static func lookup(_ uid: uid_t, _ gate: EnforcerGate, _ session: String?,
                       recorded: RecordedAcceptances) -> EnforcerState.Found? {
        if let found = recorded.entries[RecordedAcceptances.key(uid, gate.id, session)] { return found }
        guard let entry = try? ConsentJournal.newestVerifiedEntry(id: gate.id, uid: uid, sessionID: session) else { return nil }
        let record = entry.record ?? ConsentRecord(id: gate.id, version: nil, sha256: "", acceptedAt: "", user: "")
        return EnforcerState.Found(record: record, revoked: !entry.isAcceptance, atMicroseconds: entry.realtimeMicroseconds)
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec / 1000)
    }
}

extension Enforcer {
    /// The directory of `path`, without Foundation.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// What this run of the enforcer recorded, newest per user, gate and login:
/// the journal may take a moment to return an entry just written.
final class RecordedAcceptances {
    /// Whose, which gate, which login (nil: the user's, whatever login).
    struct Key: Hashable {
        var uid: uid_t
        var gate: String
        var session: String?
    }
    var entries: [Key: EnforcerState.Found] = [:]
    static func key(_ uid: uid_t, _ gate: String, _ session: String?) -> Key { Key(uid: uid, gate: gate, session: session) }
}

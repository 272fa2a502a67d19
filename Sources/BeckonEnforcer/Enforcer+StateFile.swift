import BeckonConsent
import BeckonIO
import CBeckonGLib
import Glibc

/// The enforcer's state file (``EnforcerStateFile``): read once at start,
/// written whenever what it holds changes.
extension Enforcer {
    /// Takes the acceptances of the state file at `path` into `recorded` (a
    /// broken file reported and ignored as a whole); returns the file for
    /// the followed gates, restored once the loop runs.
    static func loadState(_ path: String, into recorded: RecordedAcceptances) -> EnforcerStateFile? {
        let file: EnforcerStateFile?
        do {
            file = try EnforcerStateFile.read(path: path)
        } catch {
            StandardError.write("beckon-enforcer: the state file is ignored: \(error.description)\n")
            var context = ConsentJournal.Context(termsID: "-", uid: nil, user: nil)
            context.configFile = path
            context.reason = "the state file is ignored: \(error.description)"
            ConsentJournal.write(.configurationError, context)
            return nil
        }
        for entry in file?.acceptances ?? [] {
            var record = ConsentRecord(id: entry.gate, version: entry.version, sha256: entry.sha256,
                                       acceptedAt: entry.acceptedAt, user: entry.user)
            record.sessionID = entry.session
            record.bootID = entry.bootID
            let key = RecordedAcceptances.Key(uid: entry.uid, gate: entry.gate, session: entry.session)
            // The newest of two for one key, should a file hold both.
            if let known = recorded.entries[key], known.atMicroseconds > entry.at { continue }
            recorded.entries[key] = EnforcerState.Found(record: record, revoked: entry.revoked, atMicroseconds: entry.at)
        }
        return file
    }

    /// Follows again each gate process of the state file that is still the
    /// same process (pid and start time, this boot) and still passes the
    /// check: a gate shown when the enforcer stopped holds its session on
    /// while it reconnects, and its reading's clock runs on.
    func restoreFollowed(_ file: EnforcerStateFile?) {
        guard let file, let boot = state.bootID, file.bootID == boot else { return }
        for entry in file.followed {
            guard GateProcessCheck.startTime(of: entry.pid) == entry.startTime,
                  case .success = check.check(pid: entry.pid, uid: entry.uid) else { continue }
            let pidfd = beckon_pidfd_open(entry.pid)
            guard pidfd >= 0 else { continue }
            // The pidfd names the process checked: the same start time after
            // it was opened, and still running.
            guard GateProcessCheck.startTime(of: entry.pid) == entry.startTime, beckon_pidfd_is_alive(pidfd) == 1 else {
                close(pidfd)
                continue
            }
            if let old = pidfds[entry.pid] { close(old) }
            pidfds[entry.pid] = pidfd
            startTimes[entry.pid] = entry.startTime
            state.restore(pid: entry.pid, uid: entry.uid, gates: Set(entry.gates), session: entry.session, shownAt: entry.shownAt)
            StandardError.write("beckon-enforcer: following again gate process \(entry.pid) of uid \(entry.uid) "
                                + "(\(entry.gates.joined(separator: ", ")))\n")
        }
    }

    /// The state now: this boot's acceptances (and every user's own), the
    /// followed processes that show a gate.
    var stateFile: EnforcerStateFile {
        var file = EnforcerStateFile(bootID: state.bootID)
        for (key, found) in recorded.entries.sorted(by: { $0.value.atMicroseconds < $1.value.atMicroseconds }) {
            // A login's acceptance from another boot never counts again.
            if key.session != nil, found.record.bootID != state.bootID { continue }
            file.acceptances.append(.init(uid: key.uid, gate: key.gate, session: key.session, revoked: found.revoked,
                                          at: found.atMicroseconds, version: found.record.version, sha256: found.record.sha256,
                                          acceptedAt: found.record.acceptedAt, user: found.record.user,
                                          bootID: found.record.bootID))
        }
        for (pid, follower) in state.followers.sorted(by: { $0.key < $1.key }) where !follower.gates.isEmpty {
            guard let start = startTimes[pid] else { continue }
            file.followed.append(.init(pid: pid, startTime: start, uid: follower.uid, session: follower.session,
                                       shownAt: follower.shownAt, gates: follower.gates.sorted()))
        }
        return file
    }

    /// Writes the state file when what it holds changed; a failure is
    /// reported once, until a write succeeds again.
    func saveState() {
        let file = stateFile
        guard file != savedState else { return }
        do {
            try file.write(path: statePath)
            savedState = file
            stateWriteFailed = false
        } catch {
            if !stateWriteFailed { StandardError.write("beckon-enforcer: \(error.description)\n") }
            stateWriteFailed = true
        }
    }
}

import BeckonIO
import Glibc

/// Every graphical route gated (docs/administrators.md, "Every graphical
/// route"): sessions that logind's type does not make graphical — a console
/// login that runs `startx`, an `ssh -X` login — are looked at for a display
/// (``SessionDisplays``) while they last, and once one is found they are
/// gated as graphical from then on (or ended, `OtherGraphicalSessions=end`).
extension Enforcer {
    /// How often the sessions not gated are looked at: each look reads the
    /// /proc of their processes, so only while there are such sessions.
    static let displayScanMilliseconds: Int32 = 2_000

    /// The sessions that could still become graphical: a person's, open,
    /// not gated yet.
    var routeCandidates: [LogindSession] { sessions.filter(isRouteCandidate) }

    var hasRouteCandidates: Bool { sessions.contains(where: isRouteCandidate) }

    private func isRouteCandidate(_ session: LogindSession) -> Bool {
        session.isCandidate(under: state.configuration) && !session.isGated(by: state.configuration)
    }

    /// logind's sessions with what was found in them. A session found
    /// graphical stays so: stopping the X server for a moment does not
    /// make a console login of it again.
    func withFoundDisplays(_ listed: [LogindSession]) -> [LogindSession] {
        let present = Set(listed.map(\.id))
        foundGraphical = foundGraphical.filter { present.contains($0.key) }
        return listed.map { session in
            var session = session
            if let found = foundGraphical[session.id] {
                session.foundGraphicalMicroseconds = found.at
                session.serverDisplay = found.display
            }
            return session
        }
    }

    /// Looks at the candidate sessions when the last look is old enough.
    func scanForDisplaysIfDue() {
        let now = Self.now()
        guard now - lastDisplayScan >= UInt64(Self.displayScanMilliseconds) * 1000 else { return }
        let candidates = routeCandidates
        guard !candidates.isEmpty else { return }
        lastDisplayScan = now
        let scanner = SessionDisplays.Scanner()
        var changed = false
        for session in candidates {
            let evidence = scanner.evidence(in: session)
            guard !evidence.isEmpty else { continue }
            let servers = Set(evidence.compactMap { item -> Int? in
                if case let .x11Server(_, display) = item { return display }
                return nil
            })
            // One X server: the session's own screen. Several: none can be told apart.
            foundGraphical[session.id] = (at: now, display: servers.count == 1 ? servers.first : nil)
            changed = true
            StandardError.write("beckon-enforcer: session \(session.id) of \(session.user) (\(session.type.isEmpty ? "no type" : session.type)) "
                                + "is graphical: " + evidence.prefix(3).map(\.description).joined(separator: "; ") + "\n")
        }
        guard changed else { return }
        sessions = withFoundDisplays(sessions)
        let known = Set(state.tracked.keys)
        perform(state.sessionsChanged(sessions, now: now))
        for (id, entry) in state.tracked where !known.contains(id) {
            StandardError.write("beckon-enforcer: session \(id) of \(entry.session.user): "
                                + (entry.finished ? (entry.ended ? "ended" : "nothing owed") : "owes \(entry.owed.keys.sorted().joined(separator: ", "))") + "\n")
        }
    }

    /// Finds which X display each of these followed gate processes' window
    /// is on (SessionDisplays+Gate.swift): only a window on a session's own
    /// display holds it. Looked at again each second until found, since a
    /// gate says `shown` before GTK opens its display.
    func locateGates(_ pids: [pid_t]) {
        let followed = Set(state.followedPIDs)
        namedDisplays = namedDisplays.filter { followed.contains($0.key) }
        unlocated = unlocated.filter { followed.contains($0.key) }
        for pid in pids where followed.contains(pid) {
            let display = SessionDisplays.gateDisplay(pid: pid, named: namedDisplays[pid])
            guard let number = display.xDisplay else {
                // Said once per reason, not each second.
                if unlocated[pid] != display.description {
                    unlocated[pid] = display.description
                    StandardError.write("beckon-enforcer: gate process \(pid)'s window is on no display known yet: \(display)\n")
                }
                continue
            }
            unlocated[pid] = nil
            state.setDisplay(pid: pid, number)
            StandardError.write("beckon-enforcer: gate process \(pid)'s window is on :\(number)\n")
        }
    }
}

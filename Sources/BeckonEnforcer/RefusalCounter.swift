import Glibc

/// The enforcer's refusals, counted per uid so that a flood cannot silence
/// it: journald drops a service's entries past its rate limit, and a user
/// who made the enforcer write one entry per garbage datagram would have
/// other users' acceptances dropped with them. The first refusal of a uid
/// is written at once; the rest within ``interval`` become one summary
/// entry with their count and the last reason.
struct RefusalCounter {
    /// One summary per uid per this many microseconds, at most.
    static let interval: UInt64 = 10_000_000

    /// One uid's refusals since its window opened.
    struct Window: Equatable {
        var opened: UInt64
        var count = 0
        var lastReason = ""
        var lastPID: pid_t = 0
    }

    /// A summary to write: `count` refusals of `uid` not written one by one.
    struct Summary: Equatable {
        var uid: uid_t
        var count: Int
        var lastReason: String
        var lastPID: pid_t
    }

    private(set) var windows: [uid_t: Window] = [:]

    /// Counts a refusal; true when it is to be written now (the first of its
    /// uid in a window), false when a summary will tell of it.
    mutating func count(uid: uid_t, pid: pid_t, reason: String, now: UInt64) -> Bool {
        guard windows[uid] != nil else {
            windows[uid] = Window(opened: now)
            return true
        }
        windows[uid]!.count += 1
        windows[uid]!.lastReason = reason
        windows[uid]!.lastPID = pid
        return false
    }

    /// The summaries due at `now`: each window older than ``interval`` with
    /// refusals left untold, which opens a new window; a window with none
    /// closes, so that the uid's next refusal is written at once again.
    mutating func due(now: UInt64) -> [Summary] {
        var summaries: [Summary] = []
        for (uid, window) in windows.sorted(by: { $0.key < $1.key }) where now >= window.opened + Self.interval {
            if window.count == 0 {
                windows[uid] = nil
            } else {
                summaries.append(Summary(uid: uid, count: window.count, lastReason: window.lastReason, lastPID: window.lastPID))
                windows[uid] = Window(opened: now)
            }
        }
        return summaries
    }

    /// When the next summary may be due, for the loop's sleep.
    var nextDeadline: UInt64? { windows.values.filter { $0.count > 0 }.map { $0.opened + Self.interval }.min() }
}

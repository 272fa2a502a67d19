import BeckonTestSupport
import Foundation
import Glibc

/// The processes of one process session (setsid), which a desktop session
/// started here lives in whole, D-Bus-activated services included: how a test
/// finds one of them and ends them all. Shared by ``PlasmaSession`` and
/// ``PlasmaWaylandSession``.
struct ProcessSession {
    let id: Int32

    /// The session's processes now (pid and command name).
    func processes() -> [(pid: Int32, name: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry), GateWardenProcess.sessionID(of: pid) == id, !GateWardenProcess.hasExited(pid),
                  let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return nil }
            return (pid, name.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The pid of the session's process named `name` (its comm, 15 characters at most), if one runs.
    func pid(of name: String) -> Int32? {
        processes().first { $0.name == name }?.pid
    }

    /// Kills every process of the session, for at most 10 s (a dying process
    /// can start another).
    func killAll() {
        let deadline = Date().addingTimeInterval(10)
        while case let left = processes(), !left.isEmpty, Date() < deadline {
            for process in left { kill(process.pid, SIGKILL) }
            usleep(50_000)
        }
    }
}

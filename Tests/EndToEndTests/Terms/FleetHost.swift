import BeckonTestSupport
import Foundation
import Testing

/// A second machine of a fleet, on this one: a systemd-journald of its own in
/// a private UTS and mount namespace (`unshare --uts --mount`), with its own
/// hostname and machine id, and its journal in a directory of the test's.
/// Programs started through ``command(_:_:)`` run in that namespace, so what
/// they write to the journal (`sd_journal_sendv`, /run/systemd/journal/socket)
/// lands in this journal, stamped with this host's `_HOSTNAME` and `_MACHINE_ID`.
///
/// The namespace keeps the network (loopback reaches the collector), /tmp
/// (the X socket and the tests' files) and the X server's abstract socket; a
/// tmpfs over /run hides this machine's journald socket and holds the
/// namespace's own, its `Storage=volatile` drop-in and /run/log/journal, the
/// directory of the test's bound over it. The mounts live only in the
/// namespace, so they go with its last process, the journald: nothing is left
/// mounted here.
final class FleetHost {
    let hostname: String
    let machineID: String
    /// The journal files this host's journald writes (its /run/log/journal):
    /// what systemd-journal-upload sends.
    let journalDirectory: String
    private let root: String
    private var journald: RunningProcess?

    /// Starts the host's journald; returns once its socket is there. Needs root
    /// (unshare, mount) and /etc/machine-id to bind the host's own over.
    init(hostname: String, in root: String) throws {
        try #require(getuid() == 0, "a second host's journald needs root (unshare --mount)")
        try #require(FileManager.default.fileExists(atPath: "/etc/machine-id"),
                     "/etc/machine-id is missing: the second host's id is bound over it")
        self.hostname = hostname
        self.root = root
        machineID = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        journalDirectory = root + "/journal"
        try FileManager.default.createDirectory(atPath: journalDirectory, withIntermediateDirectories: true)
        try Data((machineID + "\n").utf8).write(to: URL(fileURLWithPath: root + "/machine-id"))
        // Volatile: into /run/log/journal (the test's directory), never into
        // this machine's /var/log/journal. No kernel messages: they are this
        // machine's, not the second host's.
        try Data("[Journal]\nStorage=volatile\nReadKMsg=no\n".utf8)
            .write(to: URL(fileURLWithPath: root + "/fleet.conf"))
        let script = """
            set -e
            echo "$1" >/proc/sys/kernel/hostname
            mount -t tmpfs -o mode=0755 fleet-run /run
            mkdir -p /run/systemd/journal /run/systemd/journald.conf.d /run/log/journal
            cp "$2/fleet.conf" /run/systemd/journald.conf.d/fleet.conf
            mount --bind "$2/journal" /run/log/journal
            mount --bind "$2/machine-id" /etc/machine-id
            exec "$3"
            """
        let journald = try FleetHost.renamed("/lib/systemd/systemd-journald", as: "fleet-journald", in: root)
        let process = try RunningProcess("/usr/bin/unshare", ["--uts", "--mount", "--propagation", "private",
                                                             "/bin/sh", "-c", script, "sh", hostname, root, journald])
        self.journald = process
        // /proc/PID/root is the process's own view of the file system: its
        // namespace's /run, not this one's.
        let socket = "/proc/\(process.pid)/root/run/systemd/journal/socket"
        do {
            // Its socket, and its journal file: systemd-journal-upload is
            // started on the files there are.
            try poll("the journald of \(hostname) to make its socket and journal", seconds: 10) {
                (FileManager.default.fileExists(atPath: socket) && hasJournalFile(), process.process.isRunning)
            } until: { $0.0 || !$0.1 }
            try #require(process.process.isRunning, "the journald of \(hostname) exited: \(process.wait(deadline: 1))")
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Whether the journald has opened its journal (`<machine id>/system.journal`).
    private func hasJournalFile() -> Bool {
        FileManager.default.fileExists(atPath: "\(journalDirectory)/\(machineID)/system.journal")
    }

    /// Stops the journald (by its pid), which ends the namespace and its mounts.
    func stop() {
        guard let journald else { return }
        self.journald = nil
        FleetHost.stop(journald)
    }

    /// The arguments that run `executable ARGUMENTS` in this host's namespace
    /// (nsenter execs it, so the process's pid is the program's own: its window's _NET_WM_PID).
    func command(_ executable: String, _ arguments: [String]) throws -> (String, [String]) {
        let pid = try #require(journald?.pid, "the journald of \(hostname) is not running")
        return ("/usr/bin/nsenter", ["--target", "\(pid)", "--uts", "--mount", "--", executable] + arguments)
    }

    /// SIGTERM to `process` by its pid, and SIGKILL after 10 s.
    static func stop(_ process: RunningProcess) {
        if process.process.isRunning { kill(process.pid, SIGTERM) }
        _ = process.wait(deadline: 10)
    }

    /// A symbolic link to `executable` named `name` in `directory`, to run it
    /// by. The kernel names a process (/proc/PID/comm) after the path it was
    /// started by: systemd's journal programs all show as "systemd-journal",
    /// which the journal tests take for this machine's journald
    /// (ConsentJournalEndToEndTests.Journal.journaldRuns), so the fleet's
    /// processes, running while those tests run on another display, go by other names.
    static func renamed(_ executable: String, as name: String, in directory: String) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: executable),
                     "\(executable) is missing (scripts/install-deps installs its package)")
        let link = directory + "/" + name
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: executable)
        return link
    }
}

import Foundation

/// This machine's own operating system, booted in a container: a real
/// systemd as PID 1, journald, logind and the system bus, so a test can open
/// real login sessions (`pam_systemd`), read a real system journal and end
/// sessions through the real logind, which the fakes on private buses only
/// stand in for.
///
/// The container's `/` is an overlay whose lower layer is the host's `/` and
/// whose upper and work directories live in a tmpfs of its own:
/// `systemd-nspawn --volatile=overlay` refuses the host's root directory, and
/// this way `/usr` is writable inside (`dpkg -i` works) while the host is
/// never written. It boots in about 20 s. Commands run inside through
/// `nsenter` into the namespaces of the container's PID 1 (``run(_:deadline:)``).
/// ``stop()`` (or deinit) kills the container and unmounts both layers.
///
/// Needs root and `systemd-nspawn` (Debian's systemd-container), as CI has.
package final class BootedMachine: @unchecked Sendable { // used from one test at a time
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
    }

    /// The container's `/`, as the host sees it: files put here appear inside.
    package let root: String
    /// The container's PID 1 (its systemd), as the host numbers it.
    package private(set) var leader: pid_t = 0
    private let base: String
    private var nspawn: RunningProcess?
    private var stopped = false
    /// The host-wide lock held from boot to ``stop()``: one booted machine at a
    /// time, across test processes and checkouts. Two booting at once were
    /// seen stuck in "starting" for minutes (suites run in parallel, and
    /// scripts/run-tests runs shards side by side).
    private var lock: Int32 = -1
    static let lockPath = "/run/beckon-booted-machine.lock"
    /// Units of the host's the machine does not start (masked): PostgreSQL (on a copy of a live data
    /// directory it recovers for minutes), and sshd, which installing
    /// openssh-server enables and which would listen on every address of the
    /// host's network from inside (EnforcerRoutesBootedTests runs its own, on
    /// loopback). Masked here rather than disabled on the host, which is the
    /// developer's.
    static let maskedUnits = ["postgresql.service", "postgresql@.service", "ssh.service", "ssh.socket", "sshd.service"]
    /// How long a machine waits for another to stop.
    static let lockWait: Double = 600

    /// Boots the machine, waiting up to `bootSeconds` for systemd to say it is
    /// running (or degraded: a unit this sandbox cannot start is no reason to
    /// fail a test of logind).
    package init(bootSeconds: Double = 90) throws {
        guard getuid() == 0 else { throw Unavailable(description: "a booted machine needs root (mount, systemd-nspawn)") }
        guard let nspawnPath = which("systemd-nspawn"), which("nsenter") != nil else {
            throw Unavailable(description: "systemd-nspawn or nsenter is missing (systemd-container and util-linux; "
                              + "scripts/debian-packages.txt installs them)")
        }
        lock = open(Self.lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw Unavailable(description: "cannot open \(Self.lockPath): \(String(cString: strerror(errno)))") }
        let held = lock
        do {
            try poll("another booted machine to stop (\(Self.lockPath))", seconds: Self.lockWait, every: 0.2) {
                flock(held, LOCK_EX | LOCK_NB) == 0
            } until: { $0 }
        } catch {
            close(lock)
            lock = -1
            throw error
        }
        Self.removeStaleMachines()
        var template = Array("/tmp/beckon-booted.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Unavailable(description: "cannot make a directory under /tmp: \(String(cString: strerror(errno)))")
        }
        base = String(cString: made)
        root = base + "/root"
        do {
            try Self.mount(["-t", "tmpfs", "-o", "size=6G,mode=0755", "tmpfs", base])
            for directory in ["upper", "work", "root"] {
                try FileManager.default.createDirectory(atPath: "\(base)/\(directory)", withIntermediateDirectories: true)
            }
            try Self.mount(["-t", "overlay", "overlay", "-o", "lowerdir=/,upperdir=\(base)/upper,workdir=\(base)/work", root])
            // Services of the host no test needs, masked inside: PostgreSQL
            // started on a copy of the host's live data directory sat in
            // crash recovery for minutes, holding the boot in "starting".
            for unit in Self.maskedUnits {
                let path = root + "/etc/systemd/system/" + unit
                try? FileManager.default.removeItem(atPath: path)
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/null")
            }
            // CAP_CHECKPOINT_RESTORE, which nspawn leaves out of a container's
            // bounding set by default: a root service of a real machine may
            // have it, and the enforcer needs it to open /proc/PID/map_files.
            // pidfd_getfd: nspawn's system call filter refuses it, which no
            // real machine does; the enforcer borrows a gate's X socket with it.
            let nspawn = try RunningProcess(nspawnPath, ["--keep-unit", "--register=no", "--directory=\(root)",
                                                         "--capability=CAP_CHECKPOINT_RESTORE",
                                                         "--system-call-filter=pidfd_getfd", "-b", "--console=pipe"])
            self.nspawn = nspawn
            // The container's PID 1 is systemd-nspawn's child in a new PID namespace.
            leader = try poll("the container's systemd to start", seconds: 30, every: 0.1) {
                Self.children(of: nspawn.pid).first { Self.command(of: $0) == "systemd" } ?? 0
            } until: { $0 > 0 }
            let state = try poll("the booted machine to be running", seconds: bootSeconds, every: 0.5) {
                (try? self.run(["systemctl", "is-system-running"], deadline: 10).stdout
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? ""
            } until: { $0 == "running" || $0 == "degraded" }
            _ = state
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Runs `command` inside the machine, as root, in all its namespaces.
    @discardableResult
    package func run(_ command: [String], deadline: Double = 30) throws -> ProcessResult {
        try BeckonTestSupport.run("/usr/bin/nsenter", ["-t", "\(leader)", "-a"] + command, deadline: deadline)
    }

    /// Adds a user with a home directory (a no-op when it exists); returns its uid.
    @discardableResult
    package func addUser(_ name: String) throws -> Int {
        if try run(["id", "-u", name]).exitCode != 0 {
            let made = try run(["useradd", "--create-home", "--shell", "/bin/bash", name])
            guard made.exitCode == 0 else { throw Unavailable(description: "useradd \(name): \(made)") }
        }
        let id = try run(["id", "-u", name]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let uid = Int(id) else { throw Unavailable(description: "no uid for \(name): \(id)") }
        return uid
    }

    /// Opens a real logind session for `user` through PAM (`pam_systemd`),
    /// running `command` as its first process, of session type `type`
    /// (x11, wayland, tty), and returns the session's id once logind lists it.
    package func openSession(user: String, type: String = "x11", command: [String],
                             environment: [String: String] = [:]) throws -> String {
        let before = Set(try sessions().map(\.id))
        let unit = "beckon-session-\(UInt32.random(in: 0...UInt32.max))"
        let variables = ["XDG_SESSION_TYPE": type, "XDG_SESSION_CLASS": "user"].merging(environment) { $1 }
        let started = try run(["systemd-run", "--unit=\(unit)", "--uid=\(user)", "-p", "PAMName=login"]
                              + variables.sorted { $0.key < $1.key }.flatMap { ["-E", "\($0.key)=\($0.value)"] }
                              + command)
        guard started.exitCode == 0 else { throw Unavailable(description: "systemd-run for \(user): \(started)") }
        let opened = try poll("logind to list the session of \(user)", seconds: 20, every: 0.2) {
            try self.sessions().filter { !before.contains($0.id) && $0.user == user }
        } until: { !$0.isEmpty }
        return opened[0].id
    }

    /// Runs `command` as `user` inside the user's systemd manager (a
    /// transient unit of `user@UID.service`, outside every login session, as
    /// a packaged user unit runs) and waits for it, up to `deadline` seconds.
    @discardableResult
    package func runInUserManager(user: String, uid: Int, _ command: [String], deadline: Double = 60) throws -> ProcessResult {
        try poll("user@\(uid).service to run", seconds: 20, every: 0.2) {
            try self.run(["systemctl", "is-active", "user@\(uid).service"]).stdout
        } until: { $0.hasPrefix("active") }
        return try run(["runuser", "-u", user, "--", "env", "XDG_RUNTIME_DIR=/run/user/\(uid)",
                        "systemd-run", "--user", "--wait", "--pipe", "--collect", "--quiet"] + command, deadline: deadline)
    }

    /// Copies `file` from the host into the machine at `path` (mode 0755), so
    /// that what runs inside is the file as it is now: a file of the overlay's
    /// lower layer replaced after boot may still be seen as it was.
    package func install(_ file: String, at path: String) throws {
        let target = root + path
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: file, toPath: target)
        chmod(target, 0o755)
    }

    /// A session as `loginctl list-sessions` lists it.
    package struct Session: Equatable, Sendable {
        package var id: String
        package var user: String
    }

    /// The sessions logind knows now.
    package func sessions() throws -> [Session] {
        let listed = try run(["loginctl", "list-sessions", "--no-legend"])
        return listed.stdout.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            return fields.count >= 3 ? Session(id: fields[0], user: fields[2]) : nil
        }
    }

    /// One property of a session (`loginctl show-session -p NAME --value`).
    package func sessionProperty(_ id: String, _ name: String) throws -> String {
        try run(["loginctl", "show-session", id, "-p", name, "--value"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Kills the container and unmounts its layers; later calls do nothing.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        if let nspawn {
            // SIGKILL: nothing inside needs an orderly end, and a stuck
            // shutdown must not hold the test. nspawn's children die with the
            // PID namespace once PID 1 does.
            if leader > 0 { kill(leader, SIGKILL) }
            kill(nspawn.pid, SIGKILL)
            _ = nspawn.wait(deadline: 20)
        }
        for target in [root, base] {
            for attempt in 0..<50 {
                if (try? BeckonTestSupport.run("/usr/bin/umount", [target], deadline: 10).exitCode) == 0 { break }
                if !Self.isMounted(target) { break }
                if attempt == 49 { _ = try? BeckonTestSupport.run("/usr/bin/umount", ["--lazy", target], deadline: 10) }
                usleep(100_000)
            }
        }
        try? FileManager.default.removeItem(atPath: base)
        if lock >= 0 {
            close(lock) // the lock goes with the descriptor
            lock = -1
        }
    }

    /// Machines whose test process died without stopping them (a test
    /// killed at its hang limit): their systemd still runs, reparented to
    /// the host's init, and their tmpfs stays mounted, for the rest of the
    /// run. With the lock held no machine of a live test runs, so every
    /// container init left (pid 1 of a pid namespace of its own, whose
    /// parent is gone) and every /tmp/beckon-booted.* mount is stale: killed
    /// and unmounted here, before the next machine boots.
    private static func removeStaleMachines() {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
        for pid in pids where pid != getpid() {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { continue }
            let fields = Dictionary(status.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }, uniquingKeysWith: { first, _ in first })
            let nested = (fields["NSpid"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
            let orphanedInit = fields["PPid"] == "1" && nested.count == 2 && nested.last == "1"
            let strayNspawn = command(of: pid) == "systemd-nspawn"
                && ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").contains("--directory=/tmp/beckon-booted.")
            if orphanedInit || strayNspawn { kill(pid, SIGKILL) }
        }
        let mounts = ((try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? "").split(separator: "\n")
            .compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
            .filter { $0.hasPrefix("/tmp/beckon-booted.") }
        // Deepest first: each machine's overlay before its tmpfs.
        for target in mounts.sorted(by: { $0.count > $1.count }) {
            if (try? BeckonTestSupport.run("/usr/bin/umount", [target], deadline: 10).exitCode) != 0 {
                _ = try? BeckonTestSupport.run("/usr/bin/umount", ["--lazy", target], deadline: 10)
            }
        }
        for target in mounts where !target.hasSuffix("/root") { try? FileManager.default.removeItem(atPath: target) }
    }

    private static func mount(_ arguments: [String]) throws {
        let result = try BeckonTestSupport.run("/usr/bin/mount", arguments, deadline: 20)
        guard result.exitCode == 0 else { throw Unavailable(description: "mount \(arguments.joined(separator: " ")): \(result)") }
    }

    private static func isMounted(_ path: String) -> Bool {
        ((try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? "")
            .split(separator: "\n").contains { $0.split(separator: " ").dropFirst().first.map(String.init) == path }
    }

    /// The children of `pid`, from each of its threads' `children` file.
    private static func children(of pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { pid_t($0) }
        }
    }

    private static func command(of pid: pid_t) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

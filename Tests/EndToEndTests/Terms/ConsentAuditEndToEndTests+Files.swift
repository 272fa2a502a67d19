import BeckonTestSupport
import Foundation
import Testing

/// The audit over many journal files (issue 33): memory bounded in the
/// number of files, and the files' entries merged in time order.
extension ConsentAuditEndToEndTests {
    /// A directory of `count` journal files made by systemd-journal-remote,
    /// one host each, whose entries interleave in time: entry `k` of file `f`
    /// is at second `k * count + f`, so every file is needed at every step
    /// of the merge, the case that keeps the most files in play.
    static func interleavedFiles(_ count: Int, entries: Int, in directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        final class Failures: @unchecked Sendable {
            private let lock = NSLock()
            private(set) var all: [String] = []
            func add(_ failure: String) { lock.withLock { all.append(failure) } }
        }
        let failures = Failures()
        // Two at a time: each systemd-journal-remote is mostly its own start.
        DispatchQueue.concurrentPerform(iterations: count) { file in
            let uid = String(4000 + file)
            let export = (0..<entries).map { entry in
                Self.export(Self.base + UInt64(entry * count + file) * 1_000_000, host: String(format: "host-%03d", file),
                            Self.fields("shown", Self.ids.shown, user: Array("u\(file)".utf8), uid: uid, senderUID: uid))
            }.reduce(Data(), +)
            let path = directory + String(format: "/host-%03d.journal", file)
            let result = Result { try run(Self.remote, ["--output=\(path)", "-"], stdin: export, deadline: 60) }
            if case .success(let done) = result, done.exitCode == 0 { return }
            failures.add("\(path): \(result)")
        }
        try #require(failures.all.isEmpty, "\(failures.all)")
    }

    /// `beckon terms --audit ARGS`, its output and its peak RSS in KiB, as
    /// the kernel accounts the child (wait4's rusage, `ru_maxrss`).
    static func auditMeasured(_ arguments: [String], in root: String) throws -> (exitCode: Int32, stdout: String, peakKiB: Int) {
        let output = root + "/audit-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let pid = try spawnAudit(arguments) { posix_spawn_file_actions_addopen(&$0, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        let (exitCode, peakKiB) = try waitAudit(pid)
        return (exitCode, try String(contentsOfFile: output, encoding: .utf8), peakKiB)
    }

    /// Starts `beckon terms --audit ARGS`, its stdout as `stdout` sets it up, stdin and stderr /dev/null.
    static func spawnAudit(_ arguments: [String], stdout: (inout posix_spawn_file_actions_t) -> Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        _ = stdout(&actions)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = [Products.beckon, "terms", "--audit"] + arguments
        var pointers = argv.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, Products.beckon, &actions, nil, &pointers, environ)
        try #require(spawned == 0, "posix_spawn \(Products.beckon): \(String(cString: strerror(spawned)))")
        return pid
    }

    /// The exit code of `pid` (128 + the signal that ended it) and its peak RSS in KiB.
    static func waitAudit(_ pid: pid_t) throws -> (exitCode: Int32, peakKiB: Int) {
        var status: Int32 = 0
        var usage = rusage()
        var waited: pid_t
        repeat { waited = wait4(pid, &status, 0, &usage) } while waited < 0 && errno == EINTR
        try #require(waited == pid, "wait4: \(String(cString: strerror(errno)))")
        return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), usage.ru_maxrss)
    }

    /// Before: sd_journal held every file open and mapped, about 260 KiB a
    /// file (1,000 files: 269 MiB). Now at most 16 files are open at a time,
    /// so 200 files whose entries interleave cost about what 4 do, and still
    /// come out whole and oldest first. A bound, not a timing: peak RSS is
    /// compared, not time.
    @Test func memoryDoesNotGrowWithTheNumberOfFiles() throws {
        let fleet = try Fleet()
        let many = fleet.root.appendingPathComponent("many").path, few = fleet.root.appendingPathComponent("few").path
        try Self.interleavedFiles(200, entries: 3, in: many)
        try Self.interleavedFiles(4, entries: 3, in: few)
        let small = try Self.auditMeasured(["--directory", few, "--json"], in: fleet.directory)
        let large = try Self.auditMeasured(["--directory", many, "--json"], in: fleet.directory)
        #expect(small.exitCode == 0 && large.exitCode == 0, "\(small.exitCode) \(large.exitCode)")
        let events = try large.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let times = events.compactMap { $0["time_usec"] as? Int }
        #expect(events.count == 600 && times.count == 600, "every entry of every file: \(events.count)")
        #expect(times == times.sorted() && Set(times).count == 600, "oldest first across the files")
        #expect(Set(events.compactMap { $0["host"] as? String }).count == 200)
        // 200 files at 260 KiB each would add 52 MiB; the bound leaves room
        // for the list of files and allocator noise, not for a file's cost each.
        #expect(large.peakKiB - small.peakKiB < 8 * 1024,
                "peak RSS over 200 files \(large.peakKiB) KiB, over 4 files \(small.peakKiB) KiB")
    }
}

extension ConsentAuditEndToEndTests {
    /// The audit holds each file by a descriptor: journald renaming files
    /// (rotation: `system.journal` becomes `system@….journal`) while an
    /// audit of its directory runs takes no entry away, where opening a
    /// closed file again by its name would find it gone. The audit is held
    /// mid-merge by a pipe nobody reads (after its first output every file
    /// has been looked at, 16 at most are open), every file is renamed, and
    /// every entry still comes out, oldest first.
    @Test func filesRenamedWhileTheAuditRunsLoseNoEntry() throws {
        let fleet = try Fleet()
        let many = fleet.root.appendingPathComponent("many").path
        try Self.interleavedFiles(200, entries: 3, in: many)
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0, "pipe: \(String(cString: strerror(errno)))")
        // Neither end in any other child: the read end sees the end of output when the audit exits.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid = try Self.spawnAudit(["--directory", many, "--json"]) { posix_spawn_file_actions_adddup2(&$0, ends[1], 1) }
        close(ends[1])
        defer { close(ends[0]) }
        // Its first 64 KiB of output: the merge is under way, and the full pipe holds it there.
        var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        try #require(Glibc.poll(&ready, 1, 30_000) == 1, "no output from the audit in 30 s")
        for name in try FileManager.default.contentsOfDirectory(atPath: many) {
            try FileManager.default.moveItem(atPath: many + "/" + name, toPath: many + "/rotated@" + name)
        }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            output.append(contentsOf: buffer[..<count])
        }
        let (exitCode, _) = try Self.waitAudit(pid)
        #expect(exitCode == 0, "exit \(exitCode)")
        let times = try output.split(separator: UInt8(ascii: "\n")).map {
            try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])["time_usec"] as? Int
        }
        #expect(times.count == 600 && times.allSatisfy { $0 != nil }, "every entry: \(times.count)")
        #expect(times.compactMap { $0 } == times.compactMap { $0 }.sorted(), "oldest first")
    }
}

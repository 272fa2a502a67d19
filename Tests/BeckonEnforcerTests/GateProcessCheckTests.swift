@testable import BeckonEnforcer
import Foundation
import Glibc
import Testing

/// ``GateProcessCheck``'s namespace and mapping checks on real processes of
/// this machine (the tests run as root, as the enforcer does): a process in
/// a user namespace of its own, one running a file that is not root's, and
/// one that is neither. The booted machine's tests (EnforcerTrustBootedTests)
/// make the same attacks as a user.
@Suite(.serialized) struct GateProcessCheckTests {
    /// Starts `arguments`, waits for it to exec (its /proc/PID/exe is the
    /// program), runs `body` with its pid, and kills it.
    static func withProcess(_ arguments: [String], exe: String, _ body: (pid_t) throws -> Void) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        try process.run()
        let pid = process.processIdentifier
        defer { kill(pid, SIGKILL); process.waitUntilExit() }
        // Started: /proc/PID/exe names the program as soon as exec begins,
        // before its ELF mappings and libc are in /proc/PID/maps, so wait for
        // those too, or a check could read a half-made address space.
        let deadline = Date().addingTimeInterval(10)
        var started = false
        while Date() < deadline, !started {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
            let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
            started = target == exe && maps.contains(exe) && maps.contains("/libc.so")
            if !started { usleep(20_000) }
        }
        try #require(started, "\(arguments[0]) did not finish starting within 10 s")
        try body(pid)
    }

    static let check = GateProcessCheck(paths: [])
    /// The namespaces compared with this test's own: init's may be out of
    /// reach where the tests run (a sandbox's pid 1); the enforcer's booted
    /// tests compare with init's.
    static let reference = "/proc/self"

    @Test func aProcessInTheInitialNamespacesPasses() throws {
        try #require(EnforcerTestDirectory.isRoot, "reads another process's /proc/PID/ns as root")
        try Self.withProcess(["/bin/sleep", "20"], exe: "/usr/bin/sleep") { pid in
            #expect(Self.check.checkNamespaces("/proc/\(pid)", reference: Self.reference) == nil)
            #expect(Self.check.checkMappings("/proc/\(pid)") == nil)
        }
    }

    @Test func aProcessInAUserNamespaceOfItsOwnIsRefused() throws {
        try #require(EnforcerTestDirectory.isRoot)
        try Self.withProcess(["/usr/bin/unshare", "--user", "/bin/sleep", "20"], exe: "/usr/bin/sleep") { pid in
            #expect(Self.check.checkNamespaces("/proc/\(pid)", reference: Self.reference)?.description == "it runs in a user namespace of its own, not the system's")
        }
        try Self.withProcess(["/usr/bin/unshare", "--mount", "/bin/sleep", "20"], exe: "/usr/bin/sleep") { pid in
            #expect(Self.check.checkNamespaces("/proc/\(pid)", reference: Self.reference)?.description == "it runs in a mnt namespace of its own, not the system's")
        }
    }

    @Test func codeFromAFileThatIsNotRootsIsRefusedByTheInodeMapped() throws {
        try #require(EnforcerTestDirectory.isRoot)
        let directory = try EnforcerTestDirectory()
        let copy = directory.root + "/sleep"
        try FileManager.default.copyItem(atPath: "/usr/bin/sleep", toPath: copy)
        chmod(copy, 0o755)
        directory.chown(copy)
        try Self.withProcess([copy, "20"], exe: copy) { pid in
            let refusal = Self.check.checkMappings("/proc/\(pid)")
            #expect(refusal?.description == "it runs code from \(copy), which is not root's alone")
        }
    }

    @Test func theStartTimeNamesTheProcess() throws {
        let mine = try #require(GateProcessCheck.startTime(of: getpid()))
        #expect(GateProcessCheck.startTime(of: getpid()) == mine)
        #expect(GateProcessCheck.startTime(of: 1).map { $0 <= mine } == true)
        #expect(GateProcessCheck.startTime(of: pid_t.max) == nil)
    }
}

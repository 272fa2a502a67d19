import BeckonTestSupport
import Foundation
import Testing

/// The login gate against a real logind, on a booted machine
/// (Tests/Support/BootedMachine.swift): a real pam_systemd session, and
/// `beckon terms --gate` started as the packaged user unit starts it, inside
/// the user's systemd manager and so outside every session. Decline is
/// scripted (BeckonTermsHarness); the warden's ending is the real one.
@Suite(.serialized, .guiHangLimit) struct TermsGateBootedTests {
    static let user = "beckon-gated"

    /// A booted machine with a logged-in user, the harness installed in it
    /// and terms in the user's home.
    static func gatedSession() throws -> (BootedMachine, uid: Int, session: String) {
        let machine = try BootedMachine()
        do {
            let uid = try machine.addUser(user)
            try machine.install(Products.termsHarness, at: "/usr/local/bin/beckon-terms-harness")
            let terms = machine.root + "/home/\(user)/terms.md"
            try "# Terms\n\nBe kind.\n".write(toFile: terms, atomically: true, encoding: .utf8)
            chmod(terms, 0o644)
            let session = try machine.openSession(user: user, type: "x11", command: ["/bin/sleep", "600"])
            return (machine, uid, session)
        } catch {
            machine.stop()
            throw error
        }
    }

    static func decline(_ machine: BootedMachine, uid: Int, environment: [String] = []) throws -> ProcessResult {
        try machine.runInUserManager(user: user, uid: uid, environment.flatMap { ["-E", $0] } + [
            "/usr/local/bin/beckon-terms-harness", "decline", "--gate",
            "--file", "/home/\(user)/terms.md", "--id", "org.example.aup",
        ])
    }

    /// Before: GetSessionByPID answered NoSessionForPID for the warden in
    /// user@.service, nothing else was tried, and the session went on.
    @Test func declineFromTheUserManagerEndsTheSessionThroughLogind() throws {
        let (machine, uid, session) = try Self.gatedSession()
        defer { machine.stop() }
        let result = try Self.decline(machine, uid: uid)
        try poll("logind to end session \(session) (\(result))", seconds: 15, every: 0.2) {
            try machine.sessions().map(\.id)
        } until: { !$0.contains(session) }
    }

    /// Before: a wrong XDG_SESSION_ID made logind answer NoSuchSession and
    /// the session went on.
    @Test func aWrongSessionIDInTheEnvironmentStillEndsTheSession() throws {
        let (machine, uid, session) = try Self.gatedSession()
        defer { machine.stop() }
        let result = try Self.decline(machine, uid: uid, environment: ["XDG_SESSION_ID=999"])
        try poll("logind to end session \(session) (\(result))", seconds: 15, every: 0.2) {
            try machine.sessions().map(\.id)
        } until: { !$0.contains(session) }
    }

    /// Before: with no record file left, `--revoke --managed` printed null,
    /// exited 1 and wrote nothing to the journal, so the gate went on taking
    /// the journal's acceptance.
    @Test func aRevocationWithNoRecordFileLeftStillClosesTheGate() throws {
        let machine = try BootedMachine()
        defer { machine.stop() }
        try machine.addUser(Self.user)
        try machine.install(Products.termsHarness, at: "/usr/local/bin/beckon-terms-harness")
        let directory = machine.root + "/etc/xdg/beckon/terms.d"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "# AUP\n\nBe kind.\n".write(toFile: directory + "/aup.md", atomically: true, encoding: .utf8)
        try "[Terms]\nVersion=1\nFile=aup.md\nGate=true\n"
            .write(toFile: directory + "/org.example.aup.conf", atomically: true, encoding: .utf8)
        func asUser(_ arguments: [String]) throws -> ProcessResult {
            try machine.run(["runuser", "-u", Self.user, "--", "env", "HOME=/home/\(Self.user)",
                             "/usr/local/bin/beckon-terms-harness"] + arguments)
        }
        func status() throws -> String {
            try asUser(["accept", "--managed", "--status", "org.example.aup"]).stdout
        }
        #expect(try asUser(["accept", "--managed", "org.example.aup"]).exitCode == 0)
        try poll("the acceptance to hold", seconds: 10, every: 0.2) { try status() } until: { $0.contains("must_ask: false") }

        #expect(try machine.run(["rm", "/home/\(Self.user)/.local/state/beckon/consents.json"]).exitCode == 0)
        let revoked = try asUser(["decline", "--managed", "--revoke", "org.example.aup"])
        #expect(revoked.exitCode == 0, "\(revoked)")
        let after = try poll("the revocation to close the gate", seconds: 10, every: 0.2) { try status() } until: {
            $0.contains("must_ask: true")
        }
        #expect(after.contains("reason: never-accepted") && after.contains("revoked"), "\(after)")
    }
}

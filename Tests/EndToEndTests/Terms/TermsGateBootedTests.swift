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
}

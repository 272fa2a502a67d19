import BeckonTestSupport
import Foundation
import Testing

/// Under a gate, "already accepted" comes only from the system journal's
/// entries that journald itself marks as this user's (`_UID`) and beckon's
/// own (`_EXE`): a record file written by hand, an entry with the same
/// BECKON_* fields from another program, and the tests' answering harness
/// (another executable) all leave the user to be asked. In the journal suite,
/// so that one journald serves its tests one after another.
extension ConsentJournalEndToEndTests {
    @Test func underAGateOnlyAnAcceptanceByBeckonItselfInTheJournalCounts() throws {
        try X11.require()
        let journal = try Journal()
        let managed = try ManagedTermsTests.Managed()
        let id = "org.beckon.gate.\(UUID().uuidString.prefix(8))"
        try managed.terms(id, title: "Gate terms", extra: "Gate=true\n")
        let terms = managed.termsDirectory + "/\(id).md"
        let sha = try TermsFixture.sha256(terms)
        let beckon = URL(fileURLWithPath: Products.beckon).resolvingSymlinksInPath().path
        func status() throws -> [String: Any] {
            let result = try managed.run(["--status", "--managed", id, "--json"])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                    "\(result)")
            #expect(result.exitCode == (json["must_ask"] as? Bool == true ? 1 : 0), "\(result)")
            return json
        }

        // A record file forged by hand, for these very terms and version.
        let forged: [String: Any] = ["id": id, "version": "1", "sha256": sha, "accepted_at": "2026-12-01T00:00:00Z",
                                     "user": NSUserName()]
        try managed.fixture.writeRecordFile(try JSONSerialization.data(withJSONObject: ["format": 1, "records": [forged]]))
        let afterFile = try status()
        #expect(afterFile["must_ask"] as? Bool == true && afterFile["reason"] as? String == "no-journal-entry", "\(afterFile)")

        // The same fields sent to the journal by logger, whose _EXE is logger's.
        let fields = """
            MESSAGE_ID=2f785ec9ad14419d8cfe503169eac6ed
            MESSAGE=forged acceptance
            BECKON_EVENT=accepted
            BECKON_TERMS_ID=\(id)
            BECKON_TERMS_VERSION=1
            BECKON_TERMS_SHA256=\(sha)
            BECKON_USER=\(NSUserName())

            """
        let logger = try run("/usr/bin/logger", ["--journald"], stdin: Data(fields.utf8))
        #expect(logger.exitCode == 0, "\(logger)")
        let loggerEntries = try poll("logger's entry in the journal", seconds: 10) { try journal.entries(id) }
            until: { !$0.isEmpty }
        #expect(loggerEntries.allSatisfy { $0["_EXE"] as? String != beckon }, "\(loggerEntries)")
        let afterLogger = try status()
        #expect(afterLogger["must_ask"] as? Bool == true && afterLogger["reason"] as? String == "no-journal-entry",
                "\(afterLogger)")

        // The tests' answering harness is another executable: its acceptance does not count either.
        try FileManager.default.removeItem(atPath: managed.fixture.recordFile)
        let harness = try managed.fixture.run(answering: .accept, ["--managed", id], environment: managed.environment)
        #expect(harness.exitCode == 0, "\(harness)")
        _ = try poll("the harness's entry in the journal", seconds: 10) { try journal.entries(id) } until: { $0.count >= 2 }
        #expect(try status()["reason"] as? String == "no-journal-entry")

        // beckon's own window, accepted with real keys. Shown without the gate
        // (Gate=true comes back for the check), so that only the journal's
        // trusted fields are under test here, not the gate's shield.
        try FileManager.default.removeItem(atPath: managed.fixture.recordFile)
        try managed.terms(id, title: "Gate terms")
        let process = try managed.start(["--managed", id])
        try managed.accept(process, title: "Gate terms")
        let accepted = process.wait(deadline: 10)
        #expect(accepted.exitCode == 0, "\(accepted)")
        let own = try poll("beckon's own entry in the journal", seconds: 10) { try journal.entries(id) }
            until: { $0.contains { $0["_EXE"] as? String == beckon } }
        let entry = try #require(own.last)
        #expect(entry["BECKON_FILE"] as? String == terms && entry["BECKON_POLICY"] as? String == "once-per-version",
                "\(entry)")
        try managed.terms(id, title: "Gate terms", extra: "Gate=true\n")
        // The record file gone: the journal alone says accepted.
        try FileManager.default.removeItem(atPath: managed.fixture.recordFile)
        let afterWindow = try status()
        #expect(afterWindow["must_ask"] as? Bool == false && afterWindow["reason"] as? String == "accepted", "\(afterWindow)")
        #expect((afterWindow["record"] as? [String: Any])?["sha256"] as? String == sha)
    }

    /// Every login, under a gate: the session id and boot the journal entry
    /// carries decide, the record file has no say.
    @Test func underAGateEveryLoginAsksInANewSessionFromTheJournal() throws {
        try X11.require()
        let journal = try Journal()
        let managed = try ManagedTermsTests.Managed()
        let id = "org.beckon.login.\(UUID().uuidString.prefix(8))"
        try managed.terms(id, title: "Login terms", extra: "Policy=every-login\n")
        let process = try managed.start(["--managed", id], ["XDG_SESSION_ID": "c42"])
        try managed.accept(process, title: "Login terms")
        let accepted = process.wait(deadline: 10)
        #expect(accepted.exitCode == 0, "\(accepted)")
        let entries = try poll("the acceptance in the journal", seconds: 10) { try journal.entries(id) } until: { !$0.isEmpty }
        // logind's session of the process wins over XDG_SESSION_ID where there is one.
        let ownSession = try String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8).contains("/session-")
        if !ownSession { #expect(entries.first?["BECKON_SESSION_ID"] as? String == "c42", "\(entries)") }
        #expect(entries.first?["BECKON_POLICY"] as? String == "every-login")
        try managed.terms(id, title: "Login terms", extra: "Policy=every-login\nGate=true\n")
        try FileManager.default.removeItem(atPath: managed.fixture.recordFile)

        let same = try managed.run(["--status", "--managed", id], ["XDG_SESSION_ID": "c42"])
        #expect(same.exitCode == 0 && same.stdout.contains("reason: accepted"), "\(same)")
        let next = try managed.run(["--status", "--managed", id], ["XDG_SESSION_ID": "c43"])
        if ownSession {
            #expect(next.exitCode == 0, "the process's own session is the same one: \(next)")
        } else {
            #expect(next.exitCode == 1 && next.stdout.contains("reason: new-login"), "\(next)")
        }
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// Every outcome of terms with a consent id is one entry in a real journald,
/// with the contract's MESSAGE_ID and fields (docs/audit.md, "The consent
/// record in the system journal"); the catalogue explains them under
/// `journalctl -x`; the record file and the journal agree; a stopped
/// journald does not hold the dialog up. In the journal suite, so that one
/// journald serves its tests one after another.
extension ConsentJournalEndToEndTests {
    /// The contract's MESSAGE_ID of each outcome, written out here, not taken from the code.
    static let messageIDs = [
        "shown": "e180d2f4ac7142f4a188837efc7f1f94", "accepted": "2f785ec9ad14419d8cfe503169eac6ed",
        "declined": "61bc49dd8bcf4714be7dc85fdec44a9e", "dismissed": "827665d2bf3f41fda1018388cdca9b69",
        "timeout": "97b38904c6d44d628c6d98efb85eaf05", "revoked": "7e0acd1d718b4e948549f13aadd662c2",
        "session-ended": "e69ab3e0b3864ec89a5363bc3113ef73", "interrupted": "d09ea017580f4dacb14271cadd0aecde",
    ]

    /// The login the tests claim through the environment; logind's own session
    /// of the process wins where it has one (then the values are not compared).
    static let login = ["XDG_SESSION_ID": "c9", "XDG_SESSION_TYPE": "tty"]
    static var inALogindSession: Bool {
        (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8))?.contains("/session-") == true
    }

    /// Checks the fields every entry of `outcome` has under the contract.
    static func checkContract(_ entry: [String: Any], _ outcome: String, id: String, version: String, sha256: String?,
                              gate: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        func field(_ name: String) -> String? { entry[name] as? String }
        let context = "\(outcome): \(entry)"
        #expect(field("MESSAGE_ID") == messageIDs[outcome], "\(context)", sourceLocation: sourceLocation)
        #expect(field("BECKON_OUTCOME") == outcome && field("BECKON_EVENT") == outcome, "\(context)", sourceLocation: sourceLocation)
        #expect(field("PRIORITY") == (["declined", "session-ended"].contains(outcome) ? "5" : "6"), "\(context)",
                sourceLocation: sourceLocation)
        #expect(field("SYSLOG_IDENTIFIER") == "beckon" && field("MESSAGE")?.isEmpty == false, "\(context)",
                sourceLocation: sourceLocation)
        #expect(field("BECKON_TERMS_ID") == id && field("BECKON_TERMS_VERSION") == version, "\(context)",
                sourceLocation: sourceLocation)
        #expect(field("BECKON_TERMS_SHA256") == sha256, "\(context)", sourceLocation: sourceLocation)
        #expect(field("BECKON_GATE") == (gate ? "true" : "false"), "\(context)", sourceLocation: sourceLocation)
        #expect(field("BECKON_USER") == NSUserName() && field("BECKON_UID") == "\(getuid())", "\(context)",
                sourceLocation: sourceLocation)
        #expect(field("_UID") == "\(getuid())", "\(context)", sourceLocation: sourceLocation)
        if !inALogindSession {
            #expect(field("BECKON_SESSION_ID") == "c9" && field("BECKON_SESSION_TYPE") == "tty", "\(context)",
                    sourceLocation: sourceLocation)
        }
        #expect((field("BECKON_ACCEPTED_AT") != nil) == ["accepted", "revoked"].contains(outcome), "\(context)",
                sourceLocation: sourceLocation)
        #expect((field("BECKON_SESSION_ENDED_BY") != nil) == (outcome == "session-ended"), "\(context)",
                sourceLocation: sourceLocation)
        #expect((field("BECKON_REASON") != nil) == (outcome == "session-ended"), "\(context)", sourceLocation: sourceLocation)
        #expect((field("BECKON_SIGNAL") != nil) == (outcome == "interrupted")
                    || (outcome == "session-ended" && field("BECKON_REASON") == "window-killed"), "\(context)",
                sourceLocation: sourceLocation)
        #expect(!entry.contains { $0.key.hasPrefix("BECKON_") && ($0.value as? String)?.isEmpty == true }, "\(context)",
                sourceLocation: sourceLocation)
    }

    /// The entries of `id` once there are `count`, oldest first.
    static func entries(_ journal: Journal, _ id: String, count: Int) throws -> [[String: Any]] {
        try poll("\(count) entries of \(id) in the journal", seconds: 10) { try journal.entries(id) } until: { $0.count >= count }
    }

    @Test func acceptDeclineAndEscapeAreEachShownThenTheirAnswer() throws {
        let journal = try Journal()
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let sha = try TermsFixture.sha256(terms)
        // Terms without an id record nothing, so they write nothing either.
        let anonymous = try fixture.start(answering: .accept, ["--file", terms], environment: Self.login)
        #expect(anonymous.wait(deadline: 20).exitCode == 0)
        for (answer, outcome, code) in [(TermsFixture.Answer.accept, "accepted", Int32(0)), (.decline, "declined", 1),
                                        (.escape, "dismissed", 1)] {
            let id = "org.beckon.events.\(outcome).\(UUID().uuidString.prefix(8))"
            let result = try fixture.run(answering: answer, ["--file", terms, "--id", id, "--version", "4"],
                                         environment: Self.login)
            #expect(result.exitCode == code && result.stderr.isEmpty, "\(result)")
            let entries = try Self.entries(journal, id, count: 2)
            #expect(entries.map { $0["BECKON_OUTCOME"] as? String } == ["shown", outcome], "\(entries)")
            for (entry, name) in zip(entries, ["shown", outcome]) {
                Self.checkContract(entry, name, id: id, version: "4", sha256: sha, gate: false)
            }
        }
        let unrecorded = try run("/usr/bin/journalctl", ["_PID=\(anonymous.pid)", "SYSLOG_IDENTIFIER=beckon", "--output=json",
                                                         "--no-pager"]).stdout
        #expect(unrecorded.isEmpty, "terms without an id wrote: \(unrecorded)")
    }

    @Test func aTimeoutIsShownThenTimeout() throws {
        try X11.require()
        let journal = try Journal()
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let id = "org.beckon.events.timeout.\(UUID().uuidString.prefix(8))"
        let result = try fixture.run(["--file", terms, "--id", id, "--version", "4", "--timeout", "1"], environment: Self.login)
        #expect(result.exitCode == 5, "\(result)")
        let entries = try Self.entries(journal, id, count: 2)
        #expect(entries.map { $0["BECKON_OUTCOME"] as? String } == ["shown", "timeout"], "\(entries)")
        for (entry, name) in zip(entries, ["shown", "timeout"]) {
            Self.checkContract(entry, name, id: id, version: "4", sha256: try TermsFixture.sha256(terms), gate: false)
        }
    }

    @Test func aGatesDeclineIsShownDeclinedAndTheWardensSessionEnded() throws {
        try X11.require()
        let journal = try Journal()
        let bus = try PrivateSessionBus(withServer: false)
        let manager = try FakeSessionManager(.gnome, on: bus)
        let fixture = try TermsFixture()
        let terms = try fixture.file("rules.md", Data("# Lab rules\n\nBe kind to the machines.\n".utf8))
        let id = "org.beckon.events.gate.\(UUID().uuidString.prefix(8))"
        let environment = bus.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/beckon-test",
                                                   "NO_AT_BRIDGE": "1"].merging(Self.login) { $1 }) { $1 }
        let process = try fixture.start(["--gate", "--file", terms, "--id", id, "--version", "2"], environment: environment)
        let window = try poll("the gate's terms window", seconds: 20, {
            try Xdotool.search(["--onlyvisible", "--pid", "\(process.pid)"])
                .first { (try? TermsInput.gate(of: $0).isEmpty) == false }
        }, until: { $0 != nil || !process.process.isRunning })
        let shown = try #require(window, "no terms window: \(process.process.isRunning ? "" : "\(process.wait())")")
        let warden = try #require(GateWardenProcess.find(for: process.pid), "a gate shown with no warden")
        try Xdotool.focus(shown)
        try TermsInput.waitForGate(shown, "open", "accept-sensitive")
        try Xdotool.key("alt+d") // Decline's mnemonic
        #expect(process.wait(deadline: 10).exitCode == 1)
        try GateWardenProcess.waitForExit(warden)
        #expect(manager.calls() == ["Logout 1"])

        let entries = try Self.entries(journal, id, count: 3)
        #expect(entries.map { $0["BECKON_OUTCOME"] as? String } == ["shown", "declined", "session-ended"], "\(entries)")
        let sha = try TermsFixture.sha256(terms)
        Self.checkContract(entries[0], "shown", id: id, version: "2", sha256: sha, gate: true)
        Self.checkContract(entries[1], "declined", id: id, version: "2", sha256: sha, gate: true)
        // The warden's entry: written before the terms were read, so without their sha256.
        let ended = entries[2]
        Self.checkContract(ended, "session-ended", id: id, version: "2", sha256: nil, gate: true)
        #expect(ended["BECKON_SESSION_ENDED_BY"] as? String == "gnome" && ended["BECKON_FILE"] as? String == terms,
                "\(ended)")
        // A Decline is an ordinary exit (status 1): no signal.
        #expect(ended["BECKON_REASON"] as? String == "window-ended-without-answer" && ended["BECKON_SIGNAL"] == nil,
                "\(ended)")
        #expect(ended["_PID"] as? String == "\(warden)", "\(ended)")
        // journald reads _EXE from /proc as it handles an entry: the warden,
        // which exits right after writing, may be gone by then; its _PID stays.
        let beckon = URL(fileURLWithPath: Products.beckon).resolvingSymlinksInPath().path
        #expect(entries.prefix(2).allSatisfy { $0["_EXE"] as? String == beckon }, "\(entries)")
        #expect([nil, beckon].contains(ended["_EXE"] as? String), "\(ended)")
    }

    @Test func journalctlXExplainsAnEntryWithBeckonsCatalogue() throws {
        let journal = try Journal()
        try #require(getuid() == 0, "only root can give journalctl a catalogue of its own in a mount namespace")
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let id = "org.beckon.events.catalog.\(UUID().uuidString.prefix(8))"
        #expect(try fixture.run(answering: .accept, ["--file", terms, "--id", id, "--version", "5"]).exitCode == 0)
        _ = try Self.entries(journal, id, count: 2)
        // journalctl -x reads the compiled catalogue at /var/lib/systemd/catalog/database
        // only: in a mount namespace of its own, that directory and
        // /usr/lib/systemd/catalog are the fixture's, so the machine's stay untouched.
        let catalogs = fixture.root.appendingPathComponent("catalog").path
        let database = fixture.root.appendingPathComponent("database").path
        for directory in [catalogs, database] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let source = Products.packageRoot.appendingPathComponent("packaging/beckon.catalog").path
        try FileManager.default.copyItem(atPath: source, toPath: catalogs + "/beckon.catalog")
        let script = """
            set -e
            mount --bind "$1" /usr/lib/systemd/catalog
            mount --bind "$2" /var/lib/systemd/catalog
            journalctl --update-catalog
            journalctl -x --no-pager BECKON_TERMS_ID="$3" MESSAGE_ID=2f785ec9ad14419d8cfe503169eac6ed
            """
        let result = try run("/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh",
                                                  catalogs, database, id])
        #expect(result.exitCode == 0, "\(result)")
        let user = NSUserName()
        for line in ["░░ Subject: \(user) accepted the terms \(id)", "░░ Defined-By: beckon", "░░ Documentation: man:beckon(1)",
                     "░░ \(user) pressed Accept on the terms \(id) version"] {
            #expect(result.stdout.contains(line), "\(line) not in: \(result.stdout)")
        }
        #expect(!result.stdout.contains("@BECKON_"), "a field left unsubstituted: \(result.stdout)")
    }

    @Test func theRecordAndItsJournalEntryAgreeOnEveryFieldTheyShare() throws {
        let journal = try Journal()
        let managed = try ManagedTermsTests.Managed()
        let id = "org.beckon.events.agree.\(UUID().uuidString.prefix(8))"
        try managed.terms(id, title: "Agreed terms", version: "7", extra: "Policy=every-login\n")
        let environment = managed.environment.merging(Self.login) { $1 }
        let accepted = try managed.fixture.run(answering: .accept, ["--managed", id], environment: environment)
        #expect(accepted.exitCode == 0, "\(accepted)")
        let status = try managed.fixture.run(["--status", "--id", id, "--json"], environment: environment)
        #expect(status.exitCode == 0, "\(status)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any],
                                  "\(status)")
        let entry = try #require(try Self.entries(journal, id, count: 2).first { $0["BECKON_OUTCOME"] as? String == "accepted" })
        // The contract's pairs: the record's member and the journal's field.
        let pairs = ["id": "BECKON_TERMS_ID", "version": "BECKON_TERMS_VERSION", "sha256": "BECKON_TERMS_SHA256",
                     "accepted_at": "BECKON_ACCEPTED_AT", "user": "BECKON_USER", "language": "BECKON_LANGUAGE",
                     "file": "BECKON_FILE", "policy": "BECKON_POLICY", "gate": "BECKON_GATE",
                     "session_id": "BECKON_SESSION_ID", "boot_id": "_BOOT_ID"]
        #expect(Set(record.keys).isSubset(of: pairs.keys), "a record member with no journal field: \(record)")
        for (member, field) in pairs {
            let journalValue = entry[field] as? String
            switch record[member] {
            case let value as String: #expect(journalValue == value, "\(member) \(value) vs \(field) \(journalValue ?? "absent")")
            case let value as Bool: #expect(journalValue == (value ? "true" : "false"), "\(member) vs \(field)")
            case nil where member == "gate": #expect(journalValue == "false", "gate absent vs \(field) \(journalValue ?? "absent")")
            default: #expect(journalValue == nil, "\(member) absent or null, but \(field) is \(journalValue ?? "")")
            }
        }
        for member in ["id", "version", "sha256", "accepted_at", "user", "file", "policy", "session_id", "boot_id"]
            where member != "session_id" || !Self.inALogindSession {
            #expect(record[member] is String, "\(member) missing from \(record)")
        }
    }

    @Test func aStoppedJournaldDoesNotHoldTheDialogUp() throws {
        let journal = try Journal()
        let journald = try #require(Self.journaldPID(), "no journald process")
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let id = "org.beckon.events.stalled.\(UUID().uuidString.prefix(8))"
        kill(journald, SIGSTOP)
        defer { kill(journald, SIGCONT) }
        try Self.fillTheQueueOfAStoppedJournald()

        let result = try fixture.run(answering: .accept, ["--file", terms, "--id", id], deadline: 60)
        #expect(!result.timedOut && result.exitCode == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(try fixture.records().contains { $0["id"] as? String == id }, "the record file lacks the answer")
        kill(journald, SIGCONT)
        _ = journal
    }

    @Test func whereNoJournalRunsTheRecordFileHoldsTheAnswerAndStderrSaysNothing() throws {
        try #require(getuid() == 0, "only root can hide journald's socket in a mount namespace")
        let fixture = try TermsFixture()
        let terms = try fixture.sampleCopy()
        let id = "org.beckon.events.nojournal.\(UUID().uuidString.prefix(8))"
        // An empty /run/systemd/journal in a mount namespace of the command's own: no socket to send to.
        try FileManager.default.createDirectory(atPath: "/run/systemd/journal", withIntermediateDirectories: true)
        let script = #"mount -t tmpfs none /run/systemd/journal && exec "$0" "$@""#
        let result = try run("/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", script,
                                                  Products.termsHarness, "accept", "--file", terms, "--id", id],
                             environment: fixture.environment)
        #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result)")
        #expect(try fixture.records().contains { $0["id"] as? String == id }, "the record file lacks the answer")
    }

    /// Fills the socket queue of a journald that is stopped (SIGSTOP) and so
    /// reads nothing, until a send would block, as sd_journal_sendv's (a
    /// blocking socket) and every entry after it now would.
    static func fillTheQueueOfAStoppedJournald() throws {
        let filler = """
            import socket
            s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            s.setblocking(False)
            n = 0
            try:
                while n < 1000000:
                    s.sendto(b"MESSAGE=beckon test: a stopped journald's queue\\nSYSLOG_IDENTIFIER=beckon-test-filler\\n",
                             "\(Self.socket)")
                    n += 1
            except BlockingIOError:
                print("full", n)
            """
        let filled = try run("/usr/bin/python3", ["-c", filler])
        #expect(filled.stdout.hasPrefix("full"), "the queue never filled: \(filled)")
    }

    /// The pid of the running systemd-journald whose socket this process
    /// writes to: one in this mount namespace. A booted machine's or a fleet
    /// host's journald (another test's, or another checkout's on the same
    /// host) shows in /proc too, but listens on a /run of its own; taking it
    /// for ours left the suite writing to a socket no one read, and stopping
    /// it would stop theirs. Where the namespace cannot be read (not root),
    /// any journald counts, as before.
    static func journaldPID() -> Int32? {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let ours = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/mnt")
        return processes.compactMap(Int32.init).first { pid in
            guard (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("systemd-journal") == true
            else { return false }
            let theirs = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/mnt")
            return theirs == nil || ours == nil || theirs == ours
        }
    }
}

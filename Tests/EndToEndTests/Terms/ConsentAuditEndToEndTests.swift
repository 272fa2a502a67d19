import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms --audit` on real journal files: two hosts' entries of the
/// event contract, turned into journal files by systemd-journal-remote from
/// journal export format (as a central log receives them), read back with
/// --file and --directory as JSON, CSV, a table and a summary; and on the
/// local journal after a real accept (ConsentJournalEndToEndTests+Audit.swift,
/// in the journal's own serialized suite, which starts and stops journald).
@Suite(.serialized) struct ConsentAuditEndToEndTests {
    static let remote = "/lib/systemd/systemd-journal-remote"
    static let id = "org.example.aup"
    static let base: UInt64 = 1_796_112_000_000_000 // 2026-12-01T08:00:00Z
    static let ids = (accepted: "2f785ec9ad14419d8cfe503169eac6ed", declined: "61bc49dd8bcf4714be7dc85fdec44a9e",
                      shown: "e180d2f4ac7142f4a188837efc7f1f94", ended: "e69ab3e0b3864ec89a5363bc3113ef73")

    /// A directory with host-a's and host-b's journal files.
    final class Fleet {
        let root: URL
        var directory: String { root.path }
        var hostA: String { root.appendingPathComponent("host-a.journal").path }
        var hostB: String { root.appendingPathComponent("host-b.journal").path }

        init() throws {
            try #require(FileManager.default.isExecutableFile(atPath: ConsentAuditEndToEndTests.remote),
                         "\(ConsentAuditEndToEndTests.remote) is missing (Debian package systemd-journal-remote)")
            root = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-audit-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let ids = ConsentAuditEndToEndTests.ids
            try Self.write(hostA, host: "host-a", boot: String(repeating: "a1", count: 16), [
                Self.entry(0, "alice", "accepted", ids.accepted, extra: ["BECKON_LANGUAGE": "de", "BECKON_SESSION_TYPE": "x11",
                                                                         "BECKON_ACCEPTED_AT": "2026-12-01T08:00:00Z",
                                                                         "BECKON_GATE": "false"]),
                Self.entry(60, "bob", "shown", ids.shown),
                Self.entry(61, "bob", "declined", ids.declined, extra: ["BECKON_GATE": "true", "BECKON_SESSION_TYPE": "wayland"]),
                Self.entry(62, "bob", "session-ended", ids.ended, extra: ["BECKON_GATE": "true", "BECKON_SESSION_ENDED_BY": "logind"]),
                // Written before issue 23: BECKON_EVENT, no BECKON_OUTCOME; version 2.
                Self.entry(120, "carol", nil, ids.accepted, version: "2"),
            ])
            try Self.write(hostB, host: "host-b", boot: String(repeating: "b2", count: 16), [
                Self.entry(30, "dave", "accepted", ids.accepted, extra: ["BECKON_SESSION_TYPE": "tty"]),
                Self.entry(3600, "erin", "shown", ids.shown, id: "org.example.other", version: "1"),
                Self.entry(3601, "=cmd|' /C calc'!A0", "declined", ids.declined),
            ])
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// Each user's uid on the hosts: none has a name on the machine
        /// reading them, so each is taken at beckon's own BECKON_UID.
        static let uids = ["alice": 2001, "bob": 2002, "carol": 2003, "dave": 2004, "erin": 2005, "=cmd|' /C calc'!A0": 2006]

        /// The `_EXE` of a user's own answer: the beckon that audits (as the
        /// gate takes only its own executable's entries).
        static var beckonExecutable: String { URL(fileURLWithPath: Products.beckon).resolvingSymlinksInPath().path }

        static func entry(_ seconds: UInt64, _ user: String, _ outcome: String?, _ messageID: String,
                          id: String = ConsentAuditEndToEndTests.id, version: String = "3",
                          extra: [String: String] = [:]) -> (UInt64, [String: String]) {
            let uid = String(uids[user] ?? 2999)
            var fields = ["SYSLOG_IDENTIFIER": "beckon", "PRIORITY": "6", "MESSAGE_ID": messageID, "MESSAGE": "\(user) \(outcome ?? "accepted")",
                          "BECKON_EVENT": outcome ?? "accepted", "BECKON_TERMS_ID": id, "BECKON_TERMS_VERSION": version,
                          "BECKON_USER": user, "BECKON_TERMS_SHA256": String(repeating: "c3", count: 32), "_UID": uid,
                          "BECKON_UID": uid, "_EXE": beckonExecutable]
            if let outcome { fields["BECKON_OUTCOME"] = outcome }
            return (ConsentAuditEndToEndTests.base + seconds * 1_000_000, fields.merging(extra) { $1 })
        }

        /// A journal file of these entries, made by systemd-journal-remote from export format.
        static func write(_ path: String, host: String, boot: String, _ entries: [(UInt64, [String: String])]) throws {
            var export = ""
            for (time, fields) in entries {
                export += "__REALTIME_TIMESTAMP=\(time)\n__MONOTONIC_TIMESTAMP=\(time - ConsentAuditEndToEndTests.base + 1)\n"
                export += "_BOOT_ID=\(boot)\n_HOSTNAME=\(host)\n_MACHINE_ID=\(String(repeating: "d4", count: 16))\n"
                export += fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)\n" }.joined() + "\n"
            }
            let result = try run(ConsentAuditEndToEndTests.remote, ["--output=\(path)", "-"], stdin: Data(export.utf8))
            try #require(result.exitCode == 0, "\(result)")
        }

        /// `beckon terms --audit ARGS`.
        func audit(_ arguments: [String]) throws -> ProcessResult {
            try run(Products.beckon, ["terms", "--audit"] + arguments)
        }

        func json(_ arguments: [String]) throws -> [[String: Any]] {
            let result = try audit(arguments + ["--json"])
            try #require(result.exitCode == 0, "\(result)")
            return try result.stdout.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        }
    }

    @Test func jsonListsEveryEventOfBothHostsFieldByField() throws {
        let fleet = try Fleet()
        let events = try fleet.json(["--directory", fleet.directory])
        #expect(events.map { $0["user"] as? String } == ["alice", "dave", "bob", "bob", "bob", "carol", "erin",
                                                         "=cmd|' /C calc'!A0"], "oldest first, both hosts")
        let alice = try #require(events.first)
        #expect(alice["time"] as? String == "2026-12-01T08:00:00.000000Z")
        #expect(alice["time_usec"] as? Int == Int(Self.base))
        #expect(alice["host"] as? String == "host-a")
        #expect(alice["boot"] as? String == String(repeating: "a1", count: 16))
        #expect(alice["machine_id"] as? String == String(repeating: "d4", count: 16))
        #expect(alice["id"] as? String == Self.id && alice["version"] as? String == "3")
        #expect(alice["outcome"] as? String == "accepted" && alice["language"] as? String == "de")
        #expect(alice["session_type"] as? String == "x11" && alice["gate"] as? Bool == false)
        #expect(alice["uid"] as? Int == 2001 && alice["sender_uid"] as? Int == 2001 && alice["trust"] as? String == "trusted")
        #expect(alice["sha256"] as? String == String(repeating: "c3", count: 32))
        #expect(alice["accepted_at"] as? String == "2026-12-01T08:00:00Z" && alice["exe"] as? String == Fleet.beckonExecutable)
        #expect(alice["session_id"] == nil && alice["policy"] == nil && alice["sender_user"] == nil,
                "unknown fields are left out (uid 2001 has no name here): \(alice)")
        let ended = events[4]
        #expect(ended["outcome"] as? String == "session-ended" && ended["gate"] as? Bool == true)
        #expect(ended["session_ended_by"] as? String == "logind" && ended["host"] as? String == "host-a")
        #expect(events[5]["outcome"] as? String == "accepted" && events[5]["version"] as? String == "2",
                "an entry with BECKON_EVENT only: \(events[5])")
        #expect(events[1]["host"] as? String == "host-b" && events[1]["session_type"] as? String == "tty")
        // The same from the two files named one by one.
        #expect(try fleet.json(["--file", fleet.hostA, "--file", fleet.hostB]).count == 8)
        #expect(try fleet.json(["--file", fleet.hostB]).map { $0["host"] as? String } == ["host-b", "host-b", "host-b"])
    }

    @Test func csvHasAHeaderQuotedCellsAndNoFormulas() throws {
        let fleet = try Fleet()
        let result = try fleet.audit(["--directory", fleet.directory, "--csv", "--outcome", "declined"])
        #expect(result.exitCode == 0, "\(result)")
        let lines = result.stdout.components(separatedBy: "\r\n")
        #expect(lines.count == 4 && lines[3].isEmpty, "a header, two rows, CRLF: \(result.stdout.debugDescription)")
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(header.prefix(11)) == ["time", "time_usec", "host", "user", "uid", "id", "version", "outcome",
                                             "language", "gate", "session_type"])
        let bob = Dictionary(uniqueKeysWithValues: zip(header, lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        #expect(bob["time"] == "2026-12-01T08:01:01.000000Z" && bob["host"] == "host-a" && bob["user"] == "bob")
        #expect(bob["id"] == Self.id && bob["version"] == "3" && bob["outcome"] == "declined")
        #expect(bob["gate"] == "true" && bob["session_type"] == "wayland" && bob["language"] == "")
        // A user name made to run a command in a spreadsheet is disarmed with a quote.
        #expect(lines[2].contains(",host-b,'=cmd|' /C calc'!A0,"), "\(lines[2])")
    }

    @Test func theTableIsAlignedWithAHeader() throws {
        let fleet = try Fleet()
        let result = try fleet.audit(["--file", fleet.hostA, "--user", "bob"])
        #expect(result.exitCode == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.stdout)")
        #expect(lines[0].split(separator: " ") == ["TIME", "HOST", "USER", "ID", "VERSION", "OUTCOME", "LANGUAGE", "GATE", "SESSION",
                                                     "SENDER", "TRUST"])
        #expect(lines[2].split(separator: " ") == ["2026-12-01T08:01:01Z", "host-a", "bob", "org.example.aup", "3",
                                                   "declined", "-", "yes", "wayland", "-", "trusted"])
        let column = try #require(lines[0].range(of: "OUTCOME")).lowerBound.utf16Offset(in: lines[0])
        for line in lines.dropFirst() {
            #expect(line.dropFirst(column).hasPrefix("shown") || line.dropFirst(column).hasPrefix("declined")
                    || line.dropFirst(column).hasPrefix("session-ended"), "aligned: \(line)")
        }
    }

    @Test func eachFilterNarrowsTheEvents() throws {
        let fleet = try Fleet()
        let source = ["--directory", fleet.directory]
        func users(_ filters: [String]) throws -> [String] {
            try fleet.json(source + filters).map { $0["user"] as? String ?? "?" }
        }
        #expect(try users(["--id", "org.example.other"]) == ["erin"])
        #expect(try users(["--version", "2"]) == ["carol"])
        #expect(try users(["--user", "dave"]) == ["dave"])
        #expect(try users(["--outcome", "accepted"]) == ["alice", "dave", "carol"])
        #expect(try users(["--outcome", "session-ended"]) == ["bob"])
        #expect(try users(["--since", "2026-12-01T09:00:00Z"]) == ["erin", "=cmd|' /C calc'!A0"])
        #expect(try users(["--until", "2026-12-01T08:01:00Z"]) == ["alice", "dave", "bob"])
        #expect(try users(["--since", "2026-12-01T08:01:01Z", "--until", "2026-12-01T08:01:02Z"]) == ["bob", "bob"])
        #expect(try users(["--id", Self.id, "--version", "3", "--outcome", "declined", "--until", "2026-12-01T08:30:00Z"])
                == ["bob"])
        // None found: exit 1, the header alone (as --status exits 1 without a record).
        let none = try fleet.audit(source + ["--user", "nobody"])
        #expect(none.exitCode == 1 && none.stdout.split(separator: "\n").count == 1, "\(none)")
        let noneJSON = try fleet.audit(source + ["--user", "nobody", "--json"])
        #expect(noneJSON.exitCode == 1 && noneJSON.stdout.isEmpty, "\(noneJSON)")
    }

    @Test func theSummaryCountsUsersPerVersionAndHost() throws {
        let fleet = try Fleet()
        let rows = try fleet.json(["--directory", fleet.directory, "--summary", "--id", Self.id, "--version", "3"])
        #expect(rows.count == 2, "\(rows)")
        let a = rows[0], b = rows[1]
        #expect(a["id"] as? String == Self.id && a["version"] as? String == "3" && a["host"] as? String == "host-a")
        #expect(a["accepted"] as? Int == 1 && a["declined"] as? Int == 1 && a["never_asked"] as? Int == 1 && a["users"] as? Int == 3)
        #expect(a["accepted_users"] as? [String] == ["alice"] && a["declined_users"] as? [String] == ["bob"])
        #expect(a["never_asked_users"] as? [String] == ["carol"], "carol accepted version 2 only")
        #expect(b["host"] as? String == "host-b" && b["accepted_users"] as? [String] == ["dave"])
        #expect(b["declined_users"] as? [String] == ["=cmd|' /C calc'!A0"] && b["never_asked_users"] as? [String] == ["erin"])
        let table = try fleet.audit(["--directory", fleet.directory, "--summary"])
        #expect(table.exitCode == 0, "\(table)")
        let lines = table.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines == [
            "ID VERSION HOST ACCEPTED VERIFIED DECLINED NEVER ASKED USERS",
            "org.example.aup 2 host-a 1 0 0 2 3", "org.example.aup 2 host-b 0 0 0 3 3",
            "org.example.aup 3 host-a 1 0 1 1 3", "org.example.aup 3 host-b 1 0 1 1 3",
            "org.example.other 1 host-a 0 0 0 3 3", "org.example.other 1 host-b 0 0 0 2 3",
        ], "\(table.stdout)")
    }

    @Test func anUnreadableJournalBadDatesAndUnknownOptionsExit255() throws {
        let fleet = try Fleet()
        let notJournal = try FileManager.default.temporaryDirectory.appendingPathComponent("not-\(UUID().uuidString).journal")
        try Data("plain text\n".utf8).write(to: notJournal)
        defer { try? FileManager.default.removeItem(at: notJournal) }
        let cases: [([String], String)] = [
            (["--directory", fleet.directory + "/missing"], "No such file or directory"),
            (["--file", fleet.directory + "/missing.journal"], "No such file or directory"),
            (["--file", notJournal.path], "not a journal file"),
            (["--file", fleet.directory], "give it with --directory"),
            (["--directory", fleet.hostA], "not a directory"),
            (["--directory", fleet.directory, "--since", "last tuesday"], "--since needs a date"),
            (["--directory", fleet.directory, "--until", "2026-02-30"], "--until needs a date"),
            (["--directory", fleet.directory, "--since", "2026-12-02", "--until", "2026-12-01"], "is after --until"),
            (["--directory", fleet.directory, "--outcome", "maybe"],
             "--outcome needs one of shown, accepted, declined, dismissed, timeout, interrupted, revoked, session-ended"),
            (["--directory", fleet.directory, "--colour"], "unknown option --colour"),
            (["--directory", fleet.directory, "--json", "--csv"], "cannot be used together"),
            (["--directory", fleet.directory, "--summary", "--outcome", "accepted"], "takes no --outcome"),
            (["--directory", fleet.directory, "--file", fleet.hostA], "cannot be used together"),
            (["--directory", fleet.directory, "--status", "--id", "x"], "--audit and --status"),
        ]
        for (arguments, message) in cases {
            let result = try fleet.audit(arguments)
            #expect(result.exitCode == 255, "\(arguments): \(result)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("beckon terms: "), "\(result.stderr)")
        }
        let without = try run(Products.beckon, ["terms", "--summary"])
        #expect(without.exitCode == 255 && without.stderr.contains("--summary needs --audit"), "\(without)")
        if getuid() == 0, let nobody = which("setpriv") {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fleet.hostA)
            let denied = try run(nobody, ["--reuid=65534", "--regid=65534", "--clear-groups", Products.beckon, "terms",
                                          "--audit", "--file", fleet.hostA])
            #expect(denied.exitCode == 255 && denied.stderr.contains("Permission denied"), "\(denied)")
        }
    }
}

import BeckonTestSupport
import Foundation
import Testing

/// The audit under attack (issue 33), on journal files made by
/// systemd-journal-remote: entries a user forged, a field of 150 KB, a NUL
/// byte, a folder without journals, entries out of order across files.
extension ConsentAuditEndToEndTests {
    /// One entry as journal export format; a value holding a NUL or a newline
    /// in the binary form (the name, a newline, its length as 64-bit little
    /// endian, the bytes), as journald exports one.
    static func export(_ time: UInt64, host: String = "host-h", _ fields: [(String, [UInt8])]) -> Data {
        var data = Data("__REALTIME_TIMESTAMP=\(time)\n__MONOTONIC_TIMESTAMP=\(time - base + 1)\n".utf8)
        data += Data("_BOOT_ID=\(String(repeating: "e5", count: 16))\n_HOSTNAME=\(host)\n".utf8)
        for (name, value) in fields {
            if value.contains(0) || value.contains(10) {
                var length = UInt64(value.count).littleEndian
                data += Data((name + "\n").utf8) + Data(bytes: &length, count: 8) + Data(value) + Data("\n".utf8)
            } else {
                data += Data((name + "=").utf8) + Data(value) + Data("\n".utf8)
            }
        }
        return data + Data("\n".utf8)
    }

    /// The fields of an outcome as beckon writes them, sent by `senderUID`
    /// through `exe` (beckon's own unless told).
    static func fields(_ outcome: String, _ messageID: String, user: [UInt8], uid: String?, senderUID: String,
                       exe: String? = Fleet.beckonExecutable, host: String? = nil) -> [(String, [UInt8])] {
        var fields: [(String, [UInt8])] = [
            ("SYSLOG_IDENTIFIER", Array("beckon".utf8)), ("MESSAGE_ID", Array(messageID.utf8)),
            ("BECKON_OUTCOME", Array(outcome.utf8)), ("BECKON_TERMS_ID", Array(id.utf8)),
            ("BECKON_TERMS_VERSION", Array("3".utf8)), ("BECKON_USER", user), ("_UID", Array(senderUID.utf8)),
        ]
        if let uid { fields.append(("BECKON_UID", Array(uid.utf8))) }
        if let exe { fields.append(("_EXE", Array(exe.utf8))) }
        return fields
    }

    /// A journal file at `path` of `entries`, made by systemd-journal-remote.
    static func journal(_ path: String, _ entries: [Data]) throws {
        let result = try run(remote, ["--output=\(path)", "-"], stdin: entries.reduce(Data(), +))
        try #require(result.exitCode == 0, "\(result)")
    }

    /// Before: `printf 'MESSAGE_ID=…\nBECKON_OUTCOME=declined\n…BECKON_USER=u1\n' | logger --journald`
    /// as u2 listed a decline by u1, and a user "alice" who does not exist
    /// was counted as having accepted. Now both are listed only with
    /// --include-untrusted, marked, and never counted.
    @Test func impersonationIsListedAsUntrustedAndNotCounted() throws {
        let fleet = try Fleet()
        let path = fleet.root.appendingPathComponent("forged.journal").path
        try Self.journal(path, [
            // daemon's (uid 1) own acceptance, through beckon.
            Self.export(Self.base, Self.fields("accepted", Self.ids.accepted, user: Array("daemon".utf8), uid: "1", senderUID: "1")),
            // bin (uid 2) writes a decline "by daemon" with logger --journald.
            Self.export(Self.base + 1_000_000, Self.fields("declined", Self.ids.declined, user: Array("daemon".utf8), uid: nil,
                                                          senderUID: "2", exe: "/usr/bin/logger")),
            // bin runs beckon, claiming to be "alice", who does not exist, and then daemon's uid.
            Self.export(Self.base + 2_000_000, Self.fields("accepted", Self.ids.accepted, user: Array("alice".utf8), uid: nil,
                                                          senderUID: "2")),
            Self.export(Self.base + 3_000_000, Self.fields("accepted", Self.ids.accepted, user: Array("daemon".utf8), uid: "1",
                                                          senderUID: "2")),
        ])
        let trusted = try fleet.audit(["--file", path, "--json", "--user", "daemon"])
        #expect(trusted.exitCode == 0, "\(trusted)")
        let rows = trusted.stdout.split(separator: "\n")
        #expect(rows.count == 1 && rows[0].contains("\"outcome\":\"accepted\"") && rows[0].contains("\"trust\":\"trusted\""),
                "\(trusted.stdout)")
        #expect(trusted.stderr.contains("2 matching entries were not written by beckon as the user they name"), "\(trusted.stderr)")
        let alice = try fleet.audit(["--file", path, "--user", "alice"])
        #expect(alice.exitCode == 1, "no event of alice's counts: \(alice)")
        let all = try fleet.json(["--file", path, "--include-untrusted"])
        #expect(all.map { $0["trust"] as? String } == ["trusted", "not-beckon", "other-user", "other-user"], "\(all)")
        #expect(all[1]["exe"] as? String == "/usr/bin/logger" && all[1]["sender_user"] as? String == "bin", "\(all[1])")
        #expect(all[2]["user"] as? String == "alice" && all[2]["sender_uid"] as? Int == 2, "\(all[2])")
        let summary = try fleet.json(["--file", path, "--summary"])
        #expect(summary.count == 1 && summary[0]["accepted_users"] as? [String] == ["daemon"], "\(summary)")
        #expect(summary[0]["declined"] as? Int == 0 && summary[0]["users"] as? Int == 1, "alice is not seen: \(summary)")
    }

    /// Before: one 150 KB `BECKON_USER` grew the table from 5.7 KB to 9.7 MB
    /// (every row padded to it). Now the field is cut at 1,024 bytes and
    /// marked, and pads no other row.
    @Test func aFieldOf150KBIsCutAndMarkedInEveryForm() throws {
        let fleet = try Fleet()
        let path = fleet.root.appendingPathComponent("huge.journal").path
        var entries = (0..<50).map { index in
            Self.export(Self.base + UInt64(index) * 1_000_000,
                        Self.fields("shown", Self.ids.shown, user: Array("user\(index)".utf8), uid: "\(3000 + index)",
                                    senderUID: "\(3000 + index)"))
        }
        entries.insert(Self.export(Self.base + 500_000, Self.fields("accepted", Self.ids.accepted, user: Array(repeating: 0x78, count: 150_000),
                                                                    uid: "2999", senderUID: "2999")), at: 1)
        try Self.journal(path, entries)
        for form in [[], ["--json"], ["--csv"]] {
            let result = try fleet.audit(["--file", path] + form)
            #expect(result.exitCode == 0, "\(form): \(result.stderr)")
            #expect(result.stdout.utf8.count < 20_000, "\(form): \(result.stdout.utf8.count) bytes for 51 events")
            let huge = try #require(result.stdout.split(separator: "\n").first { $0.contains("xxxx") })
            #expect(huge.contains(String(repeating: "x", count: 1024) + "…[cut]") && !huge.contains(String(repeating: "x", count: 1025)),
                    "\(form): cut at 1,024 bytes and marked")
        }
        let table = try fleet.audit(["--file", path]).stdout.split(separator: "\n")
        #expect(table.filter { !$0.contains("xxxx") }.allSatisfy { $0.utf8.count < 200 }, "no other row is padded to it")
    }

    /// Before: a NUL in a field cut the table and the JSON (`"user":"nul"`),
    /// and the CSV held a raw NUL. Now every form escapes it, and every
    /// other control character.
    @Test func aNulAndControlCharactersAreEscapedInEveryForm() throws {
        let fleet = try Fleet()
        let path = fleet.root.appendingPathComponent("nul.journal").path
        let user = Array("nul".utf8) + [0] + Array("after".utf8) + [0x1B] + Array("[2J\nline".utf8)
        var fields = Self.fields("accepted", Self.ids.accepted, user: user, uid: "2998", senderUID: "2998")
        fields.append(("BECKON_LANGUAGE", Array("de".utf8) + [0x07]))
        try Self.journal(path, [Self.export(Self.base, host: "host\u{7f}evil", fields)])
        let escaped = "nul\\u0000after\\u001b[2J\\nline"
        for form in [[], ["--json"], ["--csv"], ["--summary"], ["--summary", "--json"]] {
            let result = try fleet.audit(["--file", path] + form)
            #expect(result.exitCode == 0, "\(form): \(result)")
            let bytes = Array(result.stdout.utf8)
            #expect(!bytes.contains(0) && !bytes.contains(0x1B) && !bytes.contains(0x07) && !bytes.contains(0x7F),
                    "\(form): \(result.stdout.debugDescription)")
            #expect(result.stdout.contains("host\\u007fevil"), "\(form): \(result.stdout.debugDescription)")
            if !form.contains("--summary") || form.contains("--json") {
                #expect(result.stdout.contains(escaped), "\(form): \(result.stdout.debugDescription)")
            }
        }
        let json = try fleet.json(["--file", path])
        #expect(json.first?["user"] as? String == "nul\0after\u{1B}[2J\nline" && json.first?["language"] as? String == "de\u{07}",
                "JSON readers get the value back: \(json)")
    }

    /// Before: a folder without journals, or a damaged `.journal`, printed an
    /// empty table and exit 1 ("nothing found"). Now 255, naming what cannot be read.
    @Test func aFolderWithoutJournalsOrADamagedOneExits255() throws {
        let fleet = try Fleet()
        let empty = fleet.root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Data("notes\n".utf8).write(to: empty.appendingPathComponent("README"))
        let none = try fleet.audit(["--directory", empty.path])
        #expect(none.exitCode == 255 && none.stderr.contains("no journal files") && none.stdout.isEmpty, "\(none)")
        let damaged = fleet.root.appendingPathComponent("damaged")
        try FileManager.default.createDirectory(at: damaged, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fleet.hostA, toPath: damaged.appendingPathComponent("good.journal").path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: fleet.hostB))
        bytes.replaceSubrange(0..<64, with: Data(repeating: 0x41, count: 64))
        try bytes.write(to: damaged.appendingPathComponent("bad.journal"))
        let bad = try fleet.audit(["--directory", damaged.path])
        #expect(bad.exitCode == 255 && bad.stderr.contains("bad.journal") && bad.stderr.contains("not a journal file"), "\(bad)")
        // Readable journals without a matching event: exit 1.
        let nothing = try fleet.audit(["--directory", fleet.directory, "--user", "nobody-here"])
        #expect(nothing.exitCode == 1 && nothing.stderr.isEmpty, "\(nothing)")
    }

    /// Several `--directory` options read every file of each; `--since`
    /// keeps every later entry when files disagree on order (a host whose
    /// clock went back), where a seek by time found them by bisection.
    @Test func severalDirectoriesAndSinceAcrossFilesOutOfOrder() throws {
        let fleet = try Fleet()
        let one = fleet.root.appendingPathComponent("one"), two = fleet.root.appendingPathComponent("two")
        for directory in [one, two] { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        func shown(_ seconds: UInt64, _ user: String, _ uid: String, host: String) -> Data {
            Self.export(Self.base + seconds * 1_000_000, host: host,
                        Self.fields("shown", Self.ids.shown, user: Array(user.utf8), uid: uid, senderUID: uid))
        }
        // host-x's clock went back an hour after its first entry: its file is out of time order.
        try Self.journal(one.appendingPathComponent("x.journal").path,
                         [shown(7200, "late", "3101", host: "host-x"), shown(600, "early", "3102", host: "host-x"),
                          shown(4000, "later", "3103", host: "host-x")])
        try Self.journal(two.appendingPathComponent("y.journal").path,
                         [shown(300, "y1", "3201", host: "host-y"), shown(5000, "y2", "3202", host: "host-y")])
        let both = try fleet.json(["--directory", one.path, "--directory", two.path])
        #expect(Set(both.compactMap { $0["user"] as? String }) == ["late", "early", "later", "y1", "y2"], "\(both)")
        let since = try fleet.json(["--directory", one.path, "--directory", two.path, "--since", "2026-12-01T08:06:00Z"])
        #expect(Set(since.compactMap { $0["user"] as? String }) == ["late", "early", "later", "y2"], "\(since)")
    }
}

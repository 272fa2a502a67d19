import BeckonTestSupport
import Foundation
import Testing

/// `beckon terms --audit` on a booted machine's own journal (issue 33): a
/// second user forges entries with `logger --journald`, as any user can, and
/// the journal is volatile, so no user but root (and the systemd-journal
/// group) can read it.
@Suite(.serialized, .guiHangLimit) struct ConsentAuditBootedTests {
    static let victim = "audit-u1", forger = "audit-u2"
    static let beckon = "/usr/local/bin/beckon"

    /// Before: root's `--audit --user u1` listed u2's forged decline as u1's,
    /// and a user "alice" who does not exist was counted as having accepted;
    /// on a volatile journal u1's `--audit` printed an empty table with exit 1
    /// and `--status` said `no-journal-entry`.
    @Test func forgeriesAreUntrustedAndAnUnreadableJournalIsSaidToBe() throws {
        let machine = try BootedMachine()
        defer { machine.stop() }
        try machine.addUser(Self.victim)
        let forgerUID = try machine.addUser(Self.forger)
        try machine.install(Products.beckon, at: Self.beckon)
        try write("[Journal]\nStorage=volatile\n", to: machine.root + "/etc/systemd/journald.conf.d/beckon-volatile.conf")
        let restarted = try machine.run(["sh", "-c", "systemctl stop systemd-journald.service && rm -rf /var/log/journal/* "
                                         + "&& systemctl start systemd-journald.service"])
        try #require(restarted.exitCode == 0, "\(restarted)")

        // u2 forges a decline by u1, and an acceptance by "alice".
        for (user, outcome, messageID) in [(Self.victim, "declined", "61bc49dd8bcf4714be7dc85fdec44a9e"),
                                           ("alice", "accepted", "2f785ec9ad14419d8cfe503169eac6ed")] {
            let forged = try machine.run(["runuser", "-u", Self.forger, "--", "sh", "-c",
                                          "printf 'MESSAGE_ID=\(messageID)\\nSYSLOG_IDENTIFIER=beckon\\nBECKON_OUTCOME=\(outcome)\\n"
                                          + "BECKON_TERMS_ID=org.ex.aup\\nBECKON_USER=\(user)\\n' | logger --journald"])
            try #require(forged.exitCode == 0, "\(forged)")
        }
        let listed = try poll("both forgeries in the journal", seconds: 15, every: 0.2) {
            try machine.run([Self.beckon, "terms", "--audit", "--json", "--include-untrusted"])
        } until: { $0.stdout.split(separator: "\n").count == 2 }
        for line in listed.stdout.split(separator: "\n") {
            #expect(line.contains("\"trust\":\"not-beckon\"") && line.contains("\"sender_uid\":\(forgerUID)")
                    && line.contains("\"sender_user\":\"\(Self.forger)\""), "\(line)")
            // logger is often gone before journald reads its /proc: then there is no _EXE at all.
            #expect(line.contains("\"exe\":\"/usr/bin/logger\"") || !line.contains("\"exe\":"), "\(line)")
        }
        let victims = try machine.run([Self.beckon, "terms", "--audit", "--user", Self.victim])
        #expect(victims.exitCode == 1 && victims.stdout.split(separator: "\n").count == 1, "not listed as u1's: \(victims)")
        #expect(victims.stderr.contains("1 matching entry was not written by beckon"), "\(victims.stderr)")
        let summary = try machine.run([Self.beckon, "terms", "--audit", "--summary", "--json"])
        #expect(summary.exitCode == 1 && summary.stdout.isEmpty, "nothing counted: \(summary)")

        // u1 cannot read the volatile journal: the audit says so, and so does --status.
        let audit = try machine.run(["runuser", "-u", Self.victim, "--", Self.beckon, "terms", "--audit"])
        #expect(audit.exitCode == 255 && audit.stderr.contains("no journal file can be read") && audit.stdout.isEmpty, "\(audit)")
        let terms = machine.root + "/etc/xdg/beckon/terms.d"
        try write("# Terms\n\nBe kind.\n", to: terms + "/aup.md")
        try write("[Terms]\nVersion=1\nFile=aup.md\nGate=true\n", to: terms + "/org.ex.aup.conf")
        let status = try machine.run(["runuser", "-u", Self.victim, "--", "env", "HOME=/home/\(Self.victim)", Self.beckon,
                                      "terms", "--status", "--managed", "org.ex.aup", "--json"])
        #expect(status.exitCode == 1 && status.stdout.contains("\"reason\":\"journal-unavailable\""), "\(status)")
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
    }
}

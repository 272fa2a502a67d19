@testable import BeckonCLI
import Beckon
import Testing

/// `beckon terms --audit`'s options: the query they make, and what does not go together.
@Suite struct TermsAuditArgumentsTests {
    func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try TermsArguments.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theOptionsMakeTheQuery() throws {
        let parsed = try TermsArguments.parse([
            "--audit", "--id", "org.example.aup", "--version=3", "--user", "ada", "--outcome", "declined",
            "--since", "2026-12-01T00:00:00Z", "--until=2026-12-02T00:00:00Z", "--file", "a.journal", "--file", "b.journal",
        ])
        let query = try TermsCommand.auditQuery(parsed)
        #expect(query.source == .files(["a.journal", "b.journal"]))
        #expect(query.termsID == "org.example.aup" && query.version == "3" && query.user == "ada")
        #expect(query.outcome == .declined)
        #expect(query.since == 1_796_083_200_000_000 && query.until == 1_796_169_600_000_000)
        #expect(try TermsCommand.auditQuery(TermsArguments.parse(["--audit", "--directory", "/d"])).source == .directories(["/d"]))
        // Several --directory options: every one is read.
        let several = try TermsCommand.auditQuery(TermsArguments.parse(["--audit", "--directory", "/a", "--directory=/b"]))
        #expect(several.source == .directories(["/a", "/b"]) && !several.includeUntrusted)
        #expect(try TermsCommand.auditQuery(TermsArguments.parse(["--audit", "--include-untrusted"])).includeUntrusted)
        #expect(try TermsCommand.auditQuery(TermsArguments.parse(["--audit"])).source == .local)
    }

    @Test func whatDoesNotGoTogetherIsRefused() {
        for (arguments, message) in [
            (["--summary"], "--summary needs --audit"), (["--csv"], "--csv needs --audit"),
            (["--user", "x"], "--user needs --audit"), (["--since", "today"], "--since needs --audit"),
            (["--audit", "--json", "--csv"], "--json and --csv"), (["--audit", "--summary", "--csv"], "not --csv"),
            (["--audit", "--summary", "--outcome", "shown"], "takes no --outcome"),
            (["--audit", "--status", "--id", "x"], "--audit and --status"), (["--audit", "--gate"], "--audit and --gate"),
            (["--audit", "--directory", "d", "--file", "f"], "--directory and --file"),
            (["--audit", "--outcome", "Accepted"], "--outcome needs one of shown, accepted, declined, dismissed, timeout, interrupted, revoked, session-ended"),
            (["--audit", "--user", "a\nb"], "control characters"),
            (["--audit", "--directory", "/a", "--directory", ""], "--directory needs a non-empty value"),
            (["--include-untrusted"], "--include-untrusted needs --audit"),
            (["--audit", "--summary", "--include-untrusted"], "--summary counts trusted answers only"),
        ] {
            let refused = refusal(arguments)
            #expect(refused?.contains(message) == true, "\(arguments): \(refused ?? "accepted")")
        }
    }

    @Test func aBadDateIsAUsageError() throws {
        for arguments in [["--since", "soon"], ["--until", "2026-02-30"], ["--since", "2026-12-02", "--until", "2026-12-01"]] {
            let parsed = try TermsArguments.parse(["--audit"] + arguments)
            #expect(throws: CLIError.self, "\(arguments)") { try TermsCommand.auditQuery(parsed) }
        }
    }

    @Test func theHelpHasAnAuditGroup() {
        let group = TermsArguments.groups.first { $0.name == "audit" }
        #expect(group?.title == "Audit options")
        #expect(group?.options.map(\.option.name) == ["audit", "user", "since", "until", "outcome", "directory", "include-untrusted",
                                                         "csv", "summary"])
    }
}

@testable import BeckonCLI
import Beckon
import Testing

/// `beckon terms` option parsing, GOption-style like zenity's.
@Suite struct TermsArgumentsTests {
    @Test func valuesComeAfterAnEqualsSignOrAsTheNextArgument() throws {
        let parsed = try TermsArguments.parse([
            "--file=terms.md", "--id", "org.example.A", "--version=2", "--checkbox", "I agree",
            "--title", "--looks-like-an-option", "--timeout=30", "--no-require-scroll", "--once", "--json",
        ])
        #expect(parsed.file == "terms.md")
        #expect(parsed.id == "org.example.A")
        #expect(parsed.version == "2")
        #expect(parsed.checkbox == "I agree")
        #expect(parsed.title == "--looks-like-an-option") // a value is taken whole, as GOption does
        #expect(parsed.timeout == 30)
        #expect(!parsed.requiresScroll)
        #expect(parsed.once && parsed.json)
    }

    /// One `--timeout` for the whole binary, with zenity's rule: zero or less is none.
    @Test func aTimeoutOfZeroOrLessIsNone() throws {
        #expect(try TermsArguments.parse(["--timeout=0"]).timeout == nil)
        #expect(try TermsArguments.parse(["--timeout", "-3"]).timeout == nil)
        #expect(try TermsArguments.parse(["--timeout=0x10"]).timeout == 16) // GOption's integers
    }

    @Test func defaultsRequireScrollingAndRecordNothing() throws {
        let parsed = try TermsArguments.parse([])
        #expect(parsed.requiresScroll)
        #expect(parsed.id == nil && parsed.file == nil && parsed.timeout == nil)
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option --frobnicate"),
        (["--file"], "--file needs a value"),
        (["--once=yes"], "--once takes no value"),
        (["--timeout=soon"], "--timeout needs a whole number of seconds"),
        (["--width", "wide"], "--width needs a positive whole number"),
        (["terms.md"], "unexpected argument"),
        (["--once"], "--once needs --id"),
        (["--status"], "--status needs --id"),
        (["--status", "--revoke", "--id", "a"], "cannot be used together"),
        (["--id="], "--id needs a non-empty id"),
        (["--id", "org.a\nid: org.forged"], "--id must not contain control characters"),
        (["--id", "org.a\u{1b}[2J"], "--id must not contain control characters"),
        // Test hooks are no options of the product (docs/testing.md, "Testing hooks").
        (["--test-answer", "accept"], "unknown option --test-answer"),
        (["--test-answer=accept", "--id", "a"], "unknown option --test-answer"),
        (["--test-pause-mid-write"], "unknown option --test-pause-mid-write"),
    ])
    func mistakesAreUsageErrorsWithExit255(_ arguments: [String], _ message: String) {
        #expect {
            try TermsArguments.parse(arguments)
        } throws: { error in
            guard let error = error as? CLIError else { return false }
            return error.exitCode == 255 && error.message.contains(message) && error.message.contains("--help")
        }
    }

    @Test func helpNeedsNothingElse() throws {
        #expect(try TermsArguments.parse(["--help"]).help)
        #expect(try TermsArguments.parse(["-h", "--once"]).help) // --help wins over missing --id
    }

    @Test func theCommandReportsUsageErrorsOnStderrAndReturns255() {
        #expect(TermsCommand.main(["--frobnicate"]) == 255)
        #expect(TermsCommand.main(["--help"]) == 0)
    }

    @Test func statusShowsEachRecordOnItsOwnLinesWhateverItsFieldsHold() {
        // A record written into the file by hand, with a newline in its id.
        let forged = ConsentRecord(id: "org.a\nuser: root", version: "1\r", sha256: "ab", acceptedAt: "t", user: "me")
        let lines = TermsCommand.describe(forged).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == ["id: org.a\\nuser: root", "version: 1\\r", "sha256: ab", "accepted_at: t", "user: me"])
    }
}

/// `--managed` takes ids as arguments; without it an argument is still refused.
@Suite struct ManagedTermsArgumentsTests {
    @Test func idsAreArgumentsOnlyWithManaged() throws {
        #expect(try TermsArguments.parse(["a.b", "--managed", "c"]).managedIDs == ["a.b", "c"])
        #expect(try TermsArguments.parse(["--managed"]).managedIDs.isEmpty)
        #expect(try TermsArguments.parse(["--status", "--managed", "a"]).isManaged)
        #expect(throws: CLIError.self) { try TermsArguments.parse(["a.b"]) }
    }

    @Test(arguments: [
        (["--managed", "--id", "a"], "not --id"),
        (["--managed", "--once"], "--once is not for --managed"),
        (["--managed", "--status"], "--status --managed needs one ID"),
        (["--managed", "--status", "a", "b"], "--status --managed needs one ID"),
        (["--managed", "../etc/passwd"], "is not a managed id"),
        (["--gate", "--once", "--id", "a"], "--gate and --once cannot be used together"),
    ])
    func mistakesWithManagedAreUsageErrors(_ arguments: [String], _ message: String) {
        #expect {
            try TermsArguments.parse(arguments)
        } throws: { error in
            guard let error = error as? CLIError else { return false }
            return error.exitCode == 255 && error.message.contains(message)
        }
    }
}

@testable import BeckonCLI
import Beckon
import Testing

/// `beckon terms --check-config [PATH…] [--enforcer-config FILE]`: what it
/// takes, what it goes without, and where its help stands.
@Suite struct TermsCheckConfigArgumentsTests {
    func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try TermsArguments.parse(arguments)
            return nil
        } catch {
            return error.exitCode == 255 ? error.message : "exit \(error.exitCode): \(error.message)"
        }
    }

    @Test func aloneItChecksTheSystemsOwnFiles() throws {
        let parsed = try TermsArguments.parse(["--check-config"])
        #expect(parsed.checkConfig && parsed.checkConfigPaths.isEmpty && parsed.enforcerConfig == nil)
    }

    @Test func pathsAndTheEnforcersFileMayBeGivenAnywhere() throws {
        let parsed = try TermsArguments.parse(["staging/terms.d", "--check-config", "one/org.example.aup.conf",
                                               "--enforcer-config=staging/enforcer.conf"])
        #expect(parsed.checkConfigPaths == ["staging/terms.d", "one/org.example.aup.conf"])
        #expect(parsed.enforcerConfig == "staging/enforcer.conf")
        #expect(try TermsArguments.parse(["--check-config", "--enforcer-config", "e.conf"]).enforcerConfig == "e.conf")
    }

    @Test func itGoesAlone() {
        for (arguments, message) in [
            (["--check-config", "--managed"], "--check-config and --managed cannot be used together"),
            (["--check-config", "--audit"], "--check-config and --audit cannot be used together"),
            (["--check-config", "--json"], "--check-config and --json cannot be used together"),
            (["--check-config", "--file", "t.md"], "--check-config and --file cannot be used together"),
            (["--check-config", "--status", "--id", "a"], "--check-config and --status cannot be used together"),
            (["--enforcer-config", "e.conf"], "--enforcer-config needs --check-config"),
            (["--check-config", "--enforcer-config="], "--enforcer-config needs a file"),
            (["--check-config", ""], "--check-config needs non-empty paths"),
            (["--check-config=yes"], "--check-config takes no value"),
            (["--check-config", "--enforcer-config"], "--enforcer-config needs a value"),
            // Without it, an argument is still refused.
            (["staging/terms.d"], "unexpected argument"),
        ] {
            let refused = refusal(arguments)
            #expect(refused?.contains(message) == true, "\(arguments): \(refused ?? "accepted")")
        }
    }

    @Test func helpStillWins() throws {
        #expect(try TermsArguments.parse(["--check-config", "--help"]).help)
    }

    @Test func itIsListedWithTheManagedTermsAndTheExitCodesAreDocumented() {
        let group = TermsArguments.groups.first { $0.name == "managed" }
        #expect(group?.options.map(\.option.name).suffix(2) == ["check-config", "enforcer-config"])
        #expect(TermsHelp.text.contains("beckon terms --check-config [PATH…]"))
        #expect(TermsHelp.text.contains("--check-config: 0 no problem, 1 a problem"))
    }

    @Test func aRelativePathIsTakenFromTheWorkingDirectory() {
        let absolute = TermsCommand.absolute("staging/terms.d/")
        #expect(absolute.hasPrefix("/") && absolute.hasSuffix("/staging/terms.d"))
        #expect(TermsCommand.absolute("/etc/xdg/beckon/terms.d/") == "/etc/xdg/beckon/terms.d")
        #expect(TermsCommand.absolute("/") == "/")
        #expect(TermsCommand.absolute("/srv/staging/./terms.d/../terms.d//aup.conf") == "/srv/staging/terms.d/aup.conf")
        #expect(TermsCommand.absolute(".").hasPrefix("/") && !TermsCommand.absolute(".").hasSuffix("/."))
    }
}

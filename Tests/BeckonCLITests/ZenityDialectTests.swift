import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// The dialect switch: where it is read, which wins, and its errors.
@Suite struct ZenityDialectTests {
    private func dialect(_ arguments: [String], env: [String: String] = [:]) throws(CLIError) -> ZenityDialect {
        try CLIProbe.options(["--info"] + arguments, as: MessageOptions.self, env: env).common.dialect
    }

    @Test func theDefaultIsZenity3_44() throws {
        #expect(try dialect([]) == .zenity3_44)
        #expect(try dialect([], env: ["BECKON_ZENITY_COMPAT": ""]) == .zenity3_44)
    }

    @Test func everySpellingFromTheEnvironmentAndTheOption() throws {
        for (text, expected) in [("3.44", ZenityDialect.zenity3_44), ("3", .zenity3_44), ("4.2", .zenity4_2),
                                 ("4", .zenity4_2)] {
            #expect(try dialect([], env: ["BECKON_ZENITY_COMPAT": text]) == expected)
            #expect(try dialect(["--zenity-compat=\(text)"]) == expected)
            #expect(try dialect(["--zenity-compat", text]) == expected)
        }
    }

    @Test func theOptionWinsOverTheEnvironment() throws {
        #expect(try dialect(["--zenity-compat=3.44"], env: ["BECKON_ZENITY_COMPAT": "4.2"]) == .zenity3_44)
        #expect(try dialect(["--zenity-compat=4"], env: ["BECKON_ZENITY_COMPAT": "3"]) == .zenity4_2)
        // The variable is not read at all when the option is given.
        #expect(try dialect(["--zenity-compat=4.2"], env: ["BECKON_ZENITY_COMPAT": "bogus"]) == .zenity4_2)
        // The last --zenity-compat wins, as with every option.
        #expect(try dialect(["--zenity-compat=4.2", "--zenity-compat=3.44"]) == .zenity3_44)
    }

    @Test func anUnknownValueExits255NamingItAndTheAcceptedOnes() throws {
        let accepted = "use one of \"3.44\", \"3\", \"4.2\", \"4\""
        let fromOption = CLIProbe.error(of: ["--zenity-compat=4.4"]) {
            try dialect(["--zenity-compat=4.4"])
        }
        #expect(fromOption?.exitCode == 255)
        #expect(fromOption?.message == "--zenity-compat: unknown zenity version \"4.4\"; \(accepted)")
        let fromEnvironment = CLIProbe.error(of: ["BECKON_ZENITY_COMPAT=5"]) {
            try dialect([], env: ["BECKON_ZENITY_COMPAT": "5"])
        }
        #expect(fromEnvironment?.exitCode == 255)
        #expect(fromEnvironment?.message == "BECKON_ZENITY_COMPAT: unknown zenity version \"5\"; \(accepted)")
        // Every dialog reads it, and so do --version and --about.
        #expect(throws: CLIError.self) {
            try ZenityParser.parse(["--version"], environment: Environment(["BECKON_ZENITY_COMPAT": "x"]))
        }
        #expect(throws: CLIError.self) { try ZenityParser.parse(["--entry", "--zenity-compat=4.1"]) }
        // Help does not depend on the dialect, and prints whatever it says.
        #expect(try ZenityParser.parse(["--help"], environment: Environment(["BECKON_ZENITY_COMPAT": "x"]))
            == .help(.summary))
    }

    @Test func everyDialogAndTheContextCarryIt() throws {
        let env = ["BECKON_ZENITY_COMPAT": "4.2"]
        #expect(try CLIProbe.options(["--list", "--column=A"], as: ListOptions.self, env: env).common.dialect
            == .zenity4_2)
        #expect(try CLIProbe.options(["--notification", "--text=x"], as: NotificationOptions.self, env: env)
            .common.dialect == .zenity4_2)
        #expect(try CLIProbe.options(["--password", "--zenity-compat=4"], as: PasswordOptions.self).common.dialect
            == .zenity4_2)
    }
}

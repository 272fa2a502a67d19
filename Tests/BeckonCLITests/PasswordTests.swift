import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// `--password` read from the command line, worked out into a request, and
/// its output for every ending. No display needed: the outcome and fields are given.
@Suite struct PasswordTests {
    private func plan(_ arguments: [String], env: [String: String] = [:]) throws -> PasswordPlan {
        PasswordPlan(try CLIProbe.options(["--password"] + arguments), environment: Environment(env),
                     translations: .english)
    }

    private func output(_ outcome: DialogOutcome, _ credentials: Credentials, _ arguments: [String] = [],
                        env: [String: String] = [:]) throws -> ZenityOutput {
        let plan = try plan(arguments, env: env)
        return CLIProbe.output(plan, credentials, outcome, env: env, json: arguments.contains("--json"))
    }

    private let secret = Credentials(password: "s3cr|t")
    private let login = Credentials(username: "ann", password: "pw")

    @Test func zenitysLayout() throws {
        let request = try plan([]).request
        #expect(request.title == nil) // GTK shows the program's name, as zenity's does
        #expect(!request.asksUsername)
        #expect(request.heading == "Type your password")
        #expect(request.frame.buttons.map(\.label) == ["_Cancel", "_OK"])
        #expect(request.frame.windowIcon == nil)
        // Extra buttons stand before Cancel and OK here.
        let extras = try plan(["--extra-button=A", "--extra-button=B", "--ok-label=Go"])
        #expect(extras.request.frame.buttons.map(\.label) == ["A", "B", "_Cancel", "Go"])
        #expect(extras.buttons.meanings == [.extra(label: "A"), .extra(label: "B"), .cancel, .ok])
        #expect(extras.request.frame.defaultButtonIndex == 3)
        let withName = try plan(["--username", "--title=Login"]).request
        #expect(withName.asksUsername && withName.heading == "Type your username and password")
        #expect(withName.usernameLabel == "Username:" && withName.passwordLabel == "Password:")
        #expect(withName.title == "Login")
    }

    @Test func optionsZenityIgnoresAreHonoured() throws {
        let request = try plan([#"--text=Key for\n<vault>"#, "--width=500", "--window-icon=question"]).request
        #expect(request.heading == "Key for\n<vault>")
        #expect(request.frame.width == 500)
        #expect(request.frame.windowIcon == "dialog-question")
    }

    @Test func okPrintsThePasswordOrUserBarPassword() throws {
        #expect(try output(.button(1), secret) == ZenityOutput(stdout: "s3cr|t\n", exitCode: 0))
        #expect(try output(.button(1), login, ["--username"]) == ZenityOutput(stdout: "ann|pw\n", exitCode: 0))
        #expect(try output(.button(1), Credentials(username: "", password: ""), ["--username"]).stdout == "|\n")
        #expect(try output(.button(1), secret, env: ["ZENITY_OK": "2"]).exitCode == 2)
    }

    @Test func theTimeoutExitsAsEscapeWithNothingPrinted() throws {
        #expect(try output(.timedOut, secret) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output(.timedOut, secret, env: ["ZENITY_ESC": "3"]).exitCode == 3)
        // As in zenity, neither the TIMEOUT nor the CANCEL code applies.
        #expect(try output(.timedOut, secret, env: ["ZENITY_TIMEOUT": "6", "ZENITY_CANCEL": "4"]).exitCode == 1)
    }

    @Test func declinesPrintNothing() throws {
        #expect(try output(.button(0), secret) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output(.button(0), secret, env: ["DIALOG_CANCEL": "4"]).exitCode == 4)
        #expect(try output(.escape, secret) == ZenityOutput(stdout: "", exitCode: 1))
        #expect(try output(.close, secret, env: ["ZENITY_ESC": "6"]) == ZenityOutput(stdout: "", exitCode: 6))
        #expect(try output(.button(0), secret, ["--extra-button=_More"]) == ZenityOutput(stdout: "_More\n", exitCode: 1))
    }

    @Test func jsonNeverLeaksADeclinedPassword() throws {
        let ok = try output(.button(1), login, ["--username", "--json"])
        #expect(ok.stdout.hasSuffix(#""value":{"username":"ann","password":"pw"}}"# + "\n"))
        #expect(try output(.button(1), secret, ["--json"]).stdout.hasSuffix(#""value":{"password":"s3cr|t"}}"# + "\n"))
        for outcome in [DialogOutcome.button(0), .button(1), .escape, .close, .destroyed, .timedOut] {
            let declined = try output(outcome, login, ["--username", "--json", "--extra-button=X"])
            #expect(declined.stdout.contains(#""value":null"#), "\(outcome)")
            #expect(!declined.stdout.contains("pw"), "\(outcome)")
        }
    }

    @Test func zenitysErrors() throws {
        func error(_ arguments: [String]) -> CLIError? {
            do { _ = try ZenityParser.parse(arguments); return nil } catch { return error }
        }
        #expect(error(["--password", "--separator=,"]) == .notSupported("separator", by: "password"))
        #expect(error(["--password", "--hide-text"]) == .notSupported("hide-text", by: "password"))
        #expect(error(["--password", "--entry-text=x"]) == .notSupported("entry-text", by: "password"))
        // Stray words and --text are accepted, as zenity accepts them.
        #expect(try plan(["stray", "--text=t"]).request.heading == "t")
    }
}

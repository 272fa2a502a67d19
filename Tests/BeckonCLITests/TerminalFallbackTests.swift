@testable import BeckonCLI
import Testing

/// `--tty` and `--no-tty`, for zenity's dialogs and for `beckon terms`.
@Suite struct TerminalFallbackTests {
    private func fallback(_ arguments: [String]) throws -> TerminalFallback? {
        guard case .dialog(_, let common) = try ZenityParser.parse(arguments) else { return nil }
        return common.terminal
    }

    @Test func everyDialogTakesThem() throws {
        #expect(try fallback(["--question"]) == .whenNoDisplay)
        #expect(try fallback(["--entry", "--tty"]) == .always)
        #expect(try fallback(["--scale", "--no-tty"]) == .never)
        #expect(try fallback(["--info", "--tty", "--no-tty"]) == .never)
        #expect(try fallback(["--no-tty", "--calendar", "--tty"]) == .never)
    }

    @Test func termsTakesThem() throws {
        let plain = try TermsArguments.parse([])
        #expect(TerminalFallback(tty: plain.tty, noTTY: plain.noTTY) == .whenNoDisplay)
        let forced = try TermsArguments.parse(["--tty"])
        #expect(TerminalFallback(tty: forced.tty, noTTY: forced.noTTY) == .always)
        let never = try TermsArguments.parse(["--no-tty"])
        #expect(TerminalFallback(tty: never.tty, noTTY: never.noTTY) == .never)
        #expect(throws: CLIError.self) { try TermsArguments.parse(["--tty=yes"]) }
    }
}

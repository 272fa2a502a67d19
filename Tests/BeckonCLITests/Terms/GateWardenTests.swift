@testable import BeckonCLI
@testable import BeckonLoginGate
import Beckon
import Glibc
import Testing

/// What decides whether the gate's warden ends the session, and its arguments.
@Suite struct GateWardenTests {
    @Test func onlyTheExactAcceptedMessageLetsTheSessionGoOn() {
        #expect(GateWarden.verdict(on: Array("accepted\n".utf8)) == .accepted)
        for received in ["", "accepted", "accepted\nx", "declined\n", "ACCEPTED\n", "\naccepted\n"] {
            #expect(GateWarden.verdict(on: Array(received.utf8)) == .endSession, "\(received.debugDescription)")
        }
    }

    /// The session-ended entry's reason, from the bytes and the wait status
    /// (waitpid's encoding: the signal in the low 7 bits, an exit code above).
    @Test func theCauseSaysKilledOnlyForADeathByASignal() {
        typealias Cause = GateWarden.EndCause
        #expect(GateWarden.endCause(received: [], waitStatus: SIGKILL) == Cause(reason: .windowKilled, signal: "KILL"))
        #expect(GateWarden.endCause(received: [], waitStatus: SIGSEGV | 0x80) == Cause(reason: .windowKilled, signal: "SEGV"),
                "a core dump's bit is not the signal")
        #expect(GateWarden.endCause(received: [], waitStatus: 1 << 8) == Cause(reason: .windowEndedWithoutAnswer))
        #expect(GateWarden.endCause(received: [], waitStatus: 143 << 8) == Cause(reason: .windowEndedWithoutAnswer),
                "a SIGTERM handled: exit 143, its own entry says interrupted")
        #expect(GateWarden.endCause(received: [], waitStatus: 0) == Cause(reason: .windowEndedWithoutAnswer))
        #expect(GateWarden.endCause(received: [], waitStatus: nil) == Cause(reason: .windowEndedWithoutAnswer))
        #expect(GateWarden.endCause(received: [], waitStatus: 0x137f) == Cause(reason: .windowEndedWithoutAnswer),
                "a stop is no death")
        #expect(GateWarden.endCause(received: Array("declined\n".utf8), waitStatus: SIGKILL)
                == Cause(reason: .unexpectedMessage))
    }

    @Test func theArgumentsTheWindowGivesAreTheOnesTheWardenTakes() {
        let plain = GateWarden.Arguments.forWindow(42, endSessionCommand: nil)
        #expect(plain.first == GateWarden.mode)
        #expect(GateWarden.Arguments(Array(plain.dropFirst())) == GateWarden.Arguments(["--for", "42"]))
        let command = GateWarden.Arguments.forWindow(42, endSessionCommand: "loginctl terminate-session ''")
        let parsed = GateWarden.Arguments(Array(command.dropFirst()))
        #expect(parsed?.window == 42)
        #expect(parsed?.endSessionCommand == "loginctl terminate-session ''")
    }

    @Test func theJournalContextReachesTheWardenWhole() {
        var context = ConsentJournal.Context(termsID: "org.example.AUP", environment: [:])
        context.version = "2"
        context.file = "/etc/terms with = sign.md"
        context.gate = true
        let arguments = GateWarden.Arguments.forWindow(42, endSessionCommand: "true", journal: context)
        let parsed = GateWarden.Arguments(Array(arguments.dropFirst()))
        #expect(parsed?.endSessionCommand == "true")
        #expect(parsed.flatMap { ConsentJournal.Context(fields: $0.journal) } == context)
        #expect(GateWarden.Arguments(["--for", "4", "--journal", "=x"]) == nil)
        #expect(GateWarden.Arguments(["--for", "4", "--journal", "NOEQUALS"]) == nil)
    }

    @Test func anythingElseIsRefused() {
        for arguments in [[], ["--for"], ["--for", "0"], ["--for", "-3"], ["--for", "x"], ["--help"],
                          ["--for", "4", "--end-session-command"], ["--for", "4", "--other", "x"]] {
            #expect(GateWarden.Arguments(arguments) == nil, "\(arguments)")
        }
    }

    @Test func theSessionManagersAreAskedGnomeKdeThenXfce() {
        #expect(SessionEndingRoute.desktopRoutes == [.gnome, .plasma, .ksmserver, .xfce])
    }
}

import BeckonCore
import BeckonLoginGate
import Glibc

/// The `beckon` command: zenity's dialogs, `beckon terms` and `beckon dialog`.
public enum BeckonCommand {
    /// Runs the command for `arguments` (argv, program name first) and returns
    /// the process's exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        // One dialog and out: only the code that runs stays resident, and not
        // start-up's while the person reads (ExecutablePages).
        ExecutablePages.keepOnlyWhatRuns()
        return main(arguments, termsHarness: nil)
    }

    /// ``main(_:)`` with `beckon terms` answered by a test build's harness
    /// (``TermsHarness``) instead of a person.
    static func main(_ arguments: [String], termsHarness: TermsHarness?) -> Int32 {
        ClosedStandardStreams.fill()
        MallocArenas.limitToOne()
        // A reader that went away (`beckon … | head -0`) must not kill us before
        // the exit code is set: a failed write is seen and handled instead.
        signal(SIGPIPE, SIG_IGN)
        LanguagePreference.bound()
        // The gate's warden, started by `beckon terms --gate` (GateWarden.swift).
        if arguments.count > 1, arguments[1] == GateWarden.mode {
            return GateWarden.main(GateWarden.Arguments(Array(arguments.dropFirst(2))))
        }
        if arguments.count > 1, let subcommand = Subcommand.named(arguments[1]) {
            return subcommand.main(Array(arguments.dropFirst(2)), termsHarness: termsHarness)
        }
        return ZenityCommand.main(arguments)
    }
}

/// The subcommands of `beckon`, declared once: the dispatch
/// (``BeckonCommand``), "did you mean" when one is misspelt, the usage lines
/// of `--help` (``ZenityHelp``), and the bash completion's and the man page's
/// synopsis (``ZenityReference``, scripts/generate-reference) all come from
/// these cases. The gate's warden (``GateWarden/mode``) is internal: not a
/// case, so it is never suggested, listed or completed.
///
/// A word before the options is a positional argument to zenity (`--entry`
/// makes a combo of them), so `beckon term --file x.md` is not refused for
/// `term` but for `--file`, which zenity does not know. The suggestion is made
/// only once the command line has failed, so no zenity command line that works
/// changes meaning.
enum Subcommand: String, CaseIterable, Sendable {
    /// `beckon terms`: terms of use and their acceptance (``TermsCommand``).
    case terms
    /// `beckon dialog`: a dialog in swiftDialog's vocabulary (``DialogSubcommand``).
    case dialog

    /// The word that names it after the program's name.
    var name: String { rawValue }

    /// The subcommand `word` names (exactly, as the dispatch takes it), or nil.
    static func named(_ word: String) -> Subcommand? { Subcommand(rawValue: word) }

    /// Every subcommand's name, in declaration order.
    static var names: [String] { allCases.map(\.name) }

    /// Runs the subcommand on the arguments after its name; returns the exit code.
    func main(_ arguments: [String], termsHarness: TermsHarness?) -> Int32 {
        switch self {
        case .terms: TermsCommand.main(arguments, harness: termsHarness)
        case .dialog: DialogSubcommand.main(arguments)
        }
    }

    /// Its forms in beckon(1)'s SYNOPSIS (roff), one per line group.
    var manSynopsis: [String] {
        switch self {
        case .terms: [
            ".B beckon terms\n.RI [ OPTION ...]\n.RB [ \\-\\-file =\\fIFILE\\fR]\n",
            ".B beckon terms \\-\\-managed\n.RI [ ID ...]\n.RI [ OPTION ...]\n",
            ".B beckon terms \\-\\-check\\-config\n.RI [ PATH ...]\n.RB [ \\-\\-enforcer\\-config =\\fIFILE\\fR]\n",
            ".B beckon terms \\-\\-audit\n.RI [ OPTION ...]\n",
        ]
        case .dialog: [".B beckon dialog\n.RI [ OPTION ...]\n"]
        }
    }

    /// The error for a failed command line whose first word is a near miss of
    /// a subcommand (`term`, `dialgo`), or nil.
    static func misspelt(_ arguments: [String], program: String) -> CLIError? {
        guard let first = arguments.first, !first.hasPrefix("-"), named(first) == nil else { return nil }
        let nearest = Suggestion.nearest(to: first, in: names)
        guard !nearest.isEmpty else { return nil }
        let commands = nearest.map { "'\(program) \($0)'" }
        return CLIError(message: "\(first): not a command." + Suggestion.phrase(commands))
    }
}

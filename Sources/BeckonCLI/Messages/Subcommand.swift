/// The subcommands of `beckon`, for "did you mean" when one is misspelt.
///
/// A word before the options is a positional argument to zenity (`--entry`
/// makes a combo of them), so `beckon term --file x.md` is not refused for
/// `term` but for `--file`, which zenity does not know. The suggestion is made
/// only once the command line has failed, so no zenity command line that works
/// changes meaning.
enum Subcommand {
    /// What `beckon` runs besides zenity's dialogs (``BeckonCommand``). The
    /// gate's warden is internal and not suggested.
    static let names = ["terms"]

    /// The error for a failed command line whose first word is a near miss of
    /// a subcommand (`term`, `trems`), or nil.
    static func misspelt(_ arguments: [String], program: String) -> CLIError? {
        guard let first = arguments.first, !first.hasPrefix("-"), !names.contains(first) else { return nil }
        let nearest = Suggestion.nearest(to: first, in: names)
        guard !nearest.isEmpty else { return nil }
        let commands = nearest.map { "'\(program) \($0)'" }
        return CLIError(message: "\(first): not a command." + Suggestion.phrase(commands))
    }
}

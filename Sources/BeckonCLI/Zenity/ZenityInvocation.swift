/// What a `beckon` command line asks for.
enum ZenityInvocation: Sendable {
    /// Help text: `--help` (the summary), `--help-all` or `--help-<group>`.
    case help(HelpTopic)
    /// `--version`: the version of zenity whose dialect answers (4.2.2 under 4.2).
    case version(ZenityDialect)
    case about
    /// beckon's own version (``BeckonVersion``), from the VERSION file.
    case beckonVersion
    /// beckon's own: the option reference for the man page and completion.
    case reference(ReferenceFormat)
    /// A dialog with its options read.
    case dialog(any ZenityDialog, CommonOptions)
}

/// Which help text to print.
public enum HelpTopic: Sendable, Equatable {
    case summary
    case all
    case group(String)
}

/// What `--beckon-reference` writes.
enum ReferenceFormat: String, Sendable, CaseIterable {
    /// The man page's option sections (roff).
    case man
    /// The bash completion's option lists.
    case bash
    /// Every option with its value type, one a line (scripts/fuzz-arguments).
    case options
    /// beckon(1)'s SYNOPSIS lines of the subcommands (roff, ``Subcommand``).
    case manSubcommands = "man-subcommands"
    /// beckon(1)'s options of `beckon terms` (roff).
    case manTerms = "man-terms"
    /// beckon-terms.conf(5)'s keys of a managed terms' key file (roff).
    case manTermsConf = "man-terms-conf"
    /// beckon-enforcer.conf(5)'s keys of /etc/beckon/enforcer.conf (roff).
    case manEnforcerConf = "man-enforcer-conf"
    /// docs/dialog.md's table of every swiftDialog option and how Linux takes it (Markdown).
    case dialogMarkdown = "dialog-markdown"
    /// docs/dialog.md's table of the SF Symbols and the icons shown for them (Markdown).
    case dialogSFSymbols = "dialog-sf-symbols"
}

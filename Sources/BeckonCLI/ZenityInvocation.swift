/// What a `beckon` command line asks for.
public enum ZenityInvocation: Sendable, Equatable {
    /// Help text: `--help` (nil: the summary), `--help-all` or `--help-<group>`.
    case help(HelpTopic)
    case version
    case about
    case message(MessageOptions)
}

/// Which help text to print.
public enum HelpTopic: Sendable, Equatable {
    case summary
    case all
    case group(String)
}

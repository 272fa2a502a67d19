extension ManagedTerms {
    /// Every key of `[Terms]` in a managed terms' key file, in the order the
    /// man page lists them; the reader refuses any other (`Gat=true` must not
    /// silently leave a gate open).
    public static let keys: [KeyFileKey] = [
        KeyFileKey("Version", value: "any text", default: nil,
                   help: "Required. The version of the terms, kept in the record; a new version asks everyone again."),
        KeyFileKey("File", value: "a path", localizable: true, default: nil,
                   help: "Required. The terms, in Markdown; a relative path is taken from the key file's directory. "
                       + "Each language's file must be a regular file that can be read."),
        KeyFileKey("Title", value: "text", localizable: true, default: "Terms of Use, in the person's language",
                   help: "The window's title."),
        KeyFileKey("Checkbox", value: "text", localizable: true, default: "none",
                   help: "A checkbox that must be ticked before Accept; an underscore marks its mnemonic."),
        KeyFileKey("AcceptLabel", value: "text", localizable: true, default: "Accept, in the person's language",
                   help: "The Accept button's label; an underscore marks its mnemonic."),
        KeyFileKey("DeclineLabel", value: "text", localizable: true, default: "Decline, in the person's language",
                   help: "The Decline button's label; an underscore marks its mnemonic."),
        KeyFileKey("Policy", value: "once-per-version, every-login or every-n-days", default: "once-per-version",
                   help: "When an acceptance stops counting: at a new version or text; also at every new login "
                       + "(another logind session or boot); also once it is Days= days old."),
        KeyFileKey("Days", value: "1 to \(TermsPolicy.maximumDays)", default: nil,
                   help: "The days an acceptance lasts: required with Policy=every-n-days, an error with any other policy."),
        KeyFileKey("Gate", value: "true or false", default: "false",
                   help: "The terms come before the desktop: a shield on every monitor, no close and no timeout; "
                       + "Decline or the window's death ends the session, and \"already accepted\" is read from the "
                       + "system journal only. The enforcer (beckon-enforcer.conf(5)) holds every gate in /etc/xdg/beckon/terms.d."),
        KeyFileKey("EndSessionCommand", value: "a command line, run without a shell", default: "the session manager",
                   help: "Under a gate, the command that ends the session on Decline instead of the session "
                       + "manager (as --end-session-command)."),
        KeyFileKey("Reread", value: "changes or all", default: "changes; all under a gate",
                   help: "After an earlier version was accepted, what must be read again: each changed section, "
                       + "or the whole text."),
        KeyFileKey("RequireScroll", value: "true or false", default: "true",
                   help: "Whether Accept waits until the end of the terms has been on screen."),
        KeyFileKey("GraceSeconds", value: "1 to \(maximumGraceSeconds)", default: "the enforcer's GraceSeconds=, 120",
                   help: "Under a gate, how long the enforcer waits for an acceptance before it ends the session; "
                       + "once the gate's window is shown, it follows that process instead of the clock."),
    ]

    /// Every key of `[Terms]`, and whether it may carry a locale (`Title[de]=`).
    static let knownKeys: [String: Bool] = Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0.isLocalizable) })
}

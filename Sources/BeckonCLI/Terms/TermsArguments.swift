import BeckonConsent
import BeckonCore
import BeckonTerms

/// The options of `beckon terms`, declared in the same system as zenity's
/// (``OptionKey``) and read with the same grammar (``OptionScanner``):
/// `--opt=value` or `--opt value`, flags bare. Each is read through its
/// ``Key``: `arguments.id` is `given[Self.Key.id]`.
struct TermsArguments: GroupParsedOptions, Equatable {
    var given = GivenOptions()

    /// `--file`, or its other name `--filename`, whichever came last.
    var file: String? { given.last(of: Self.Key.file, Self.Key.filename) }
    /// The last of `--require-scroll` and `--no-require-scroll` wins; scrolling is required unless told.
    var requiresScroll: Bool {
        given.entries.last { [Self.Key.requireScroll.name, Self.Key.noRequireScroll.name].contains($0.name) }?.name
            != Self.Key.noRequireScroll.name
    }
    /// `--timeout` in seconds, by zenity's rule: zero or less, or none, is no timeout.
    var timeout: Int? { given[Self.Key.timeout].flatMap { $0 > 0 ? Int($0) : nil } }
    var width: Int? { given[Self.Key.width].map(Int.init) }
    var height: Int? { given[Self.Key.height].map(Int.init) }
    var help = false

    // MARK: Managed terms (TermsCommand+Managed.swift)

    /// The managed terms these arguments were made from, for what has no
    /// option (the policy, the language shown); nil for other terms.
    var managed: ManagedTerms?
    /// Whether `--managed` was given: then the arguments are managed ids.
    var isManaged: Bool { given[Self.Key.managed] }
    /// The ids after `--managed`; none means every configured one.
    var managedIDs: [String] { given.positional }

    // MARK: Checking the configuration (TermsCommand+CheckConfig.swift)

    /// The paths after `--check-config`; none means the system's own.
    var checkConfigPaths: [String] { given.positional }

    // MARK: Auditing the journal (TermsCommand+Audit.swift)

    /// With --audit, every --file (and --filename) given: journal files, not terms.
    var auditFiles: [String] {
        given.entries.filter { [Self.Key.file.name, Self.Key.filename.name].contains($0.name) }.compactMap(\.value)
    }

    /// Every --directory given, in order: a fleet's collected journals may lie in several.
    var auditDirectories: [String] {
        given.entries.filter { $0.name == Self.Key.directory.name }.compactMap(\.value)
    }

    /// Every option of `beckon terms`: `Self.Key.id`, declared in ``Options``.
    /// Built, and so registered, once (``Declarations``).
    static let declared = Declarations<Options>()
    /// The keys, read as `Self.Key.title` as the kinds' `Key` enums are: the built
    /// group itself, so a key is a stored property and no key path is made at
    /// start-up (a `@dynamicMemberLookup` over key paths cost every dialog
    /// some 1.7 M instructions of runtime metadata look-ups).
    static let Key: Options = declared.group

    /// The help sections, in order.
    enum Section: String, CaseIterable {
        case terms, consent, managed, audit

        var title: String {
            switch self {
            case .terms: "Terms options"
            case .consent: "Consent record options"
            case .managed: "Managed terms and the login gate"
            case .audit: "Audit options"
            }
        }
    }

    /// Every option of `beckon terms`, each declared once, in help order
    /// within the section above it; those without help are read but not listed.
    struct Options: OptionGroup {
        let terms = OptionSection(Section.terms)
        let file = OptionKey.string("file", "FILENAME", "Read the terms from FILENAME (default: standard input; at most 16 MiB)")
        let filename = OptionKey.string("filename", "FILENAME", nil)
        let encoding = OptionKey.string("encoding", "CHARSET", "The terms' charset when it is not UTF-8 or the locale's")
        let title = CommonOptions.Key.title.reused(help: "Set the window title")
        let acceptLabel = OptionKey.string("accept-label", "TEXT", "Set the label of the Accept button")
        let declineLabel = OptionKey.string("decline-label", "TEXT", "Set the label of the Decline button")
        let checkbox = OptionKey.string("checkbox", "TEXT", "Add a checkbox that must be ticked before accepting")
        let noRequireScroll = OptionKey.flag("no-require-scroll", "Allow accepting before scrolling to the end")
        let requireScroll = OptionKey.flag("require-scroll", nil)
        let width = CommonOptions.Key.width.reused(help: "Set the window width")
        let height = CommonOptions.Key.height.reused(help: "Set the window height")
        /// zenity's `--timeout`, one declaration and one rule for the whole binary.
        let timeout = CommonOptions.Key.timeout.reused()
        let tty = OptionKey.flag("tty", "Show the terms on the terminal, not in a window\n"
                                 + "(without a display, the terminal is used anyway)")
        let noTTY = OptionKey.flag("no-tty", "Never use the terminal: without a display, fail")
        let consent = OptionSection(Section.consent)
        let id = OptionKey.string("id", "ORG.PRODUCT", "Record an acceptance under this id")
        let version = OptionKey.string("version", "VERSION", "The version of the terms, kept in the record")
        let once = OptionKey.flag("once", "Exit 0 without a window if these exact terms\n"
                                  + "(and VERSION, if given) were accepted before")
        let status = OptionKey.flag("status", "Print the record for --id; exit 1 if there is none")
        let revoke = OptionKey.flag("revoke", "Remove the record for --id; exit 1 if there was none")
        let json = OptionKey.flag("json", "Print the outcome or the record as JSON")
        let reread: OptionKey<TermsReread?> = .choice("reread", nil, "After an earlier version was accepted, "
            + "what must\nbe shown again (default: \(TermsReread.changes.rawValue); \(TermsReread.all.rawValue) with --gate)")
        let help = OptionKey.flag("help", nil)
        // Managed terms and the login gate (docs/administrators.md).
        let managedSection = OptionSection(Section.managed)
        let managed = OptionKey.flag("managed", "Show the terms an administrator configured in\n"
                                     + "beckon/terms.d/ID.conf (each ID given after it, or all)")
        let gate = OptionKey.flag("gate", "Show the terms before the desktop: every monitor covered,\n"
                                  + "no way around them but Accept; Decline ends the session")
        let endSessionCommand = OptionKey.string("end-session-command", "COMMAND",
                                                 "With --gate, run COMMAND to end the session instead\n"
                                                 + "of asking the session manager")
        let checkConfig = OptionKey.flag("check-config", "Check the managed terms' key files and the enforcer's\n"
                                         + "settings as the service reads them (or each PATH given\n"
                                         + "after it: a terms.d directory or an ID.conf); exit 1\n"
                                         + "on any problem")
        let enforcerConfig = OptionKey.string("enforcer-config", "FILE", "With --check-config, check FILE as the enforcer's\n"
                                              + "settings (default: /etc/beckon/enforcer.conf)")
        // Auditing the journal (docs/audit.md, "Auditing consent"); --id, --version, --json and --file serve too.
        let auditSection = OptionSection(Section.audit)
        let audit = OptionKey.flag("audit", "Print the consent events in the journal (filtered by\n"
                                   + "--id, --version and the options below); exit 1 if none")
        let user = OptionKey.string("user", "LOGIN", "Only the events of this user")
        let since = OptionKey.string("since", "DATE", "Only events at or after DATE (2026-12-01,\n"
                                     + "\"2026-12-01 10:00:00\", 2026-12-01T10:00:00Z, today, yesterday)")
        let until = OptionKey.string("until", "DATE", "Only events at or before DATE")
        let outcome: OptionKey<ConsentJournal.Event?> = .choice("outcome", "OUTCOME", "Only this outcome: "
                                                                + ConsentJournal.Event.names)
        let directory = OptionKey.string("directory", "DIR", "Read the journal files in DIR, not the local journal\n"
                                         + "(repeatable; or --file FILE, repeatable, for single\n"
                                         + "journal files)")
        let includeUntrusted = OptionKey.flag("include-untrusted", "Also list the events not written by beckon as the user\n"
                                              + "they name (marked in TRUST; never counted)")
        let csv = OptionKey.flag("csv", "Print CSV for a spreadsheet (RFC 4180, a header row)")
        let summary = OptionKey.flag("summary", "Count distinct users who accepted, declined or were\n"
                                     + "never asked, per terms version and host")
    }

    /// The help sections, in order, each with the options declared in it.
    static let groups = Section.allCases.map { section in
        ZenityOptionTable.HelpGroup(name: section.rawValue, title: section.title, summary: "",
                                    options: declared.listed(in: section))
    }

    /// Every option by name: those help lists, and the unlisted ones.
    static let byName: [String: ZenityOption] = Dictionary(declared.all.map { ($0.name, $0) }) { first, _ in first }

    /// Parses the arguments after `terms`; the first problem, left to right, wins.
    static func parse(_ arguments: [String]) throws(CLIError) -> TermsArguments {
        var parsed = TermsArguments()
        var scanner = OptionScanner(arguments) { byName[$0] }
        while true {
            let token: OptionScanner.Token?
            do {
                token = try scanner.next()
            } catch {
                throw .termsUsage("--\(error.name) needs a value")
            }
            switch token {
            case nil:
                try parsed.validate()
                return parsed
            case .short("-h"):
                parsed.help = true
            case .short(let argument):
                throw unexpected(argument)
            case .positional(let argument):
                // Managed ids, when --managed is given anywhere (validate says).
                parsed.given.positional.append(argument)
            case .endOfOptions:
                throw unexpected("--")
            case .unknown(_, let name):
                let nearest = Suggestion.nearest(to: name, in: byName.keys.sorted()).map { "--" + $0 }
                throw .termsUsage("unknown option --\(name)." + Suggestion.phrase(nearest))
            case .option(let option, let value, let inlineValue):
                if option.argument == .none, inlineValue != nil { throw .termsUsage("--\(option.name) takes no value") }
                if option.name == Self.Key.help.name { parsed.help = true }
                let number = try check(option, value)
                parsed.given.entries.append(GivenOptions.Entry(name: option.name, value: value, number: number))
            }
        }
    }

    static func unexpected(_ argument: String) -> CLIError {
        .termsUsage("unexpected argument \(argument.debugDescription); the terms come from --file or standard input")
    }

    /// Checks one value where it stands; returns it as an integer for an option that takes one.
    private static func check(_ option: ZenityOption, _ value: String?) throws(CLIError) -> Int32? {
        let name = option.name
        let value = value ?? ""
        switch name {
        case Self.Key.id.name:
            guard !value.isEmpty else { throw .termsUsage("--id needs a non-empty id such as org.example.Product") }
            // A newline in an id would let it forge a line of --status.
            guard !value.containsControlCharacters else {
                throw .termsUsage("--id must not contain control characters such as a newline")
            }
        case Self.Key.timeout.name:
            guard let seconds = OptionScanner.integer(value) else {
                throw .termsUsage("--timeout needs a whole number of seconds (0 or less: none), not \(value.debugDescription)")
            }
            return seconds
        case Self.Key.width.name, Self.Key.height.name:
            guard let number = OptionScanner.integer(value), number > 0 else {
                throw .termsUsage("--\(name) needs a positive whole number, not \(value.debugDescription)")
            }
            return number
        default: break
        }
        return nil
    }

    func validate() throws(CLIError) {
        if let first = given.positional.first, !isManaged, !self.checkConfig { throw Self.unexpected(first) }
        if help { return }
        try validateCheckConfig()
        try validateAudit()
        try validateManaged()
        let (once, status, revoke) = (self.once, self.status, self.revoke)
        if status && revoke { throw .termsUsage("--status and --revoke cannot be used together") }
        // A gate stays until it is answered: a timeout would open it.
        if self.gate && timeout != nil { throw .termsUsage("--gate allows no --timeout: a gate stays until it is answered") }
        // --once reads the user's own record file, which must not open a gate (docs/administrators.md: what a gate's "already accepted" rests on).
        if self.gate && self.once {
            throw .termsUsage("--gate and --once cannot be used together: under a gate, use --managed, whose policy reads the journal")
        }
        if let reread = given.unknownChoice(Self.Key.reread) {
            let choices = TermsReread.rawValues.joined(separator: " or ")
            throw .termsUsage("--reread needs \(choices), not \(reread.debugDescription)")
        }
        for (flag, used) in [(Self.Key.once, once), (Self.Key.status, status), (Self.Key.revoke, revoke)] where used && self.id == nil && !isManaged {
            throw .termsUsage("--\(flag.name) needs --id")
        }
    }
}

// MARK: Auditing: what --audit takes, and what needs it

extension TermsArguments {
    /// --audit reads the journal and shows nothing: the options that show or
    /// record terms do not go with it, and its own need it.
    fileprivate func validateAudit() throws(CLIError) {
        guard self.audit else {
            let valued: [any DeclaredOption] = [Self.Key.user, Self.Key.since, Self.Key.until, Self.Key.outcome, Self.Key.directory]
            for key in valued where given.has(key) {
                throw .termsUsage("--\(key.option.name) needs --audit")
            }
            for key in [Self.Key.csv, Self.Key.summary, Self.Key.includeUntrusted] where given[key] {
                throw .termsUsage("--\(key.name) needs --audit")
            }
            return
        }
        for (key, used) in [(Self.Key.status, self.status), (Self.Key.revoke, self.revoke), (Self.Key.once, self.once),
                            (Self.Key.managed, isManaged), (Self.Key.gate, self.gate)] where used {
            throw .termsUsage("--audit and --\(key.name) cannot be used together")
        }
        if self.json && self.csv { throw .termsUsage("--json and --csv cannot be used together") }
        if self.summary && self.csv { throw .termsUsage("--summary prints a table or, with --json, JSON; not --csv") }
        if self.summary, given.has(Self.Key.outcome) { throw .termsUsage("--summary counts every outcome; it takes no --outcome") }
        if self.summary, self.includeUntrusted {
            throw .termsUsage("--summary counts trusted answers only; --include-untrusted lists the others without it")
        }
        if !auditDirectories.isEmpty, !auditFiles.isEmpty {
            throw .termsUsage("--directory and --file cannot be used together: give the files, or their directory")
        }
        if let outcome = given.unknownChoice(Self.Key.outcome) {
            throw .termsUsage("--outcome needs one of \(ConsentJournal.Event.names), not \(outcome.debugDescription)")
        }
        let values = [(Self.Key.user, self.user), (Self.Key.version, self.version)]
            + auditDirectories.map { (Self.Key.directory, Optional($0)) }
        for (key, value) in values {
            if let value, value.isEmpty || value.containsControlCharacters {
                throw .termsUsage("--\(key.name) needs a non-empty value without control characters")
            }
        }
    }
}

// MARK: Checking the configuration: --check-config goes alone

extension TermsArguments {
    /// --check-config reads key files and shows nothing: it takes paths and
    /// --enforcer-config only, and --enforcer-config needs it.
    fileprivate func validateCheckConfig() throws(CLIError) {
        guard self.checkConfig else {
            if given.has(Self.Key.enforcerConfig) { throw .termsUsage("--enforcer-config needs --check-config") }
            return
        }
        let own = [Self.Key.checkConfig.name, Self.Key.enforcerConfig.name, Self.Key.help.name]
        if let other = given.entries.first(where: { !own.contains($0.name) }) {
            throw .termsUsage("--check-config and --\(other.name) cannot be used together")
        }
        if let file = self.enforcerConfig, file.isEmpty { throw .termsUsage("--enforcer-config needs a file") }
        if checkConfigPaths.contains(where: \.isEmpty) { throw .termsUsage("--check-config needs non-empty paths") }
    }
}

// MARK: Managed terms: the rules of --managed, and a key file as arguments

extension TermsArguments {
    /// What --managed takes with it: ids as arguments, not --id; the policy in
    /// place of --once; one id for --status and --revoke.
    fileprivate func validateManaged() throws(CLIError) {
        guard isManaged else { return }
        if self.id != nil { throw .termsUsage("--managed takes the ids as arguments, not --id") }
        if self.once { throw .termsUsage("--once is not for --managed: the key file's Policy= decides when to ask") }
        if (self.status || self.revoke) && managedIDs.count != 1 {
            throw .termsUsage("--\(self.status ? Self.Key.status.name : Self.Key.revoke.name) --managed needs one ID")
        }
        for id in managedIDs where !ManagedTerms.isSafeID(id) || id.containsControlCharacters {
            throw .termsUsage("\(id.debugDescription) is not a managed id: letters, digits, “.”, “_”, “-”")
        }
    }

    /// These arguments for `terms`: the key file's values first, then the
    /// command line's (so an option given overrides the file), with the
    /// managed id and version; ``managed`` is `terms` as it will be shown.
    func merged(with terms: ManagedTerms) throws(CLIError) -> TermsArguments {
        try refuseOverridesOfGate(terms)
        func entry(_ key: OptionKey<String?>, _ value: String?) -> GivenOptions.Entry? {
            value.map { GivenOptions.Entry(name: key.name, value: $0) }
        }
        func entry<Choice: OptionChoice>(_ key: OptionKey<Choice?>, _ value: Choice?) -> GivenOptions.Entry? {
            value.map { GivenOptions.Entry(name: key.name, value: $0.rawValue) }
        }
        func flag(_ key: OptionKey<Bool>, _ on: Bool) -> GivenOptions.Entry? {
            on ? GivenOptions.Entry(name: key.name) : nil
        }
        let fromFile = [
            entry(Self.Key.id, terms.id), entry(Self.Key.version, terms.version), entry(Self.Key.file, terms.file),
            entry(Self.Key.title, terms.title), entry(Self.Key.checkbox, terms.checkbox),
            entry(Self.Key.acceptLabel, terms.acceptLabel), entry(Self.Key.declineLabel, terms.declineLabel),
            flag(Self.Key.requireScroll, terms.requiresScroll == true), flag(Self.Key.noRequireScroll, terms.requiresScroll == false),
            flag(Self.Key.gate, terms.gate), entry(Self.Key.endSessionCommand, terms.endSessionCommand),
            entry(Self.Key.reread, terms.reread),
        ].compactMap { $0 }
        var merged = TermsArguments()
        merged.help = help
        merged.given.entries = fromFile + given.entries.filter { $0.name != Self.Key.managed.name }
        // What is shown and recorded, after the command line's say.
        var shown = terms
        if let file = merged.file, file != terms.file {
            shown.file = file
            shown.language = nil
        }
        shown.version = merged.version ?? terms.version
        shown.gate = merged.gate
        merged.managed = shown
        try merged.validate()
        return merged
    }

    /// What the window of a managed gate shows and what it records are the
    /// key file's alone: the enforcer records an Accept against the
    /// system's text (issue 51), so the window must show that text, in those
    /// words. Each option here is one the key file decides (or another name
    /// of one, or how the text is decoded), declared once in ``Options``.
    static let decidedByGate: [any DeclaredOption] = [
        Key.file, Key.filename, Key.encoding, Key.version, Key.title,
        Key.acceptLabel, Key.declineLabel, Key.checkbox, Key.noRequireScroll, Key.reread,
    ]

    /// Refuses, for terms whose key file says `Gate=true`, any of
    /// ``decidedByGate`` on the command line: a usage error (exit 255), before
    /// anything is shown or sent.
    fileprivate func refuseOverridesOfGate(_ terms: ManagedTerms) throws(CLIError) {
        guard terms.gate else { return }
        for key in Self.decidedByGate where given.has(key) {
            throw .termsUsage("--\(key.option.name) cannot be used with --managed for \(terms.id), a gate: "
                              + "a gate shows and records the text and words its key file gives, and nothing else")
        }
    }
}

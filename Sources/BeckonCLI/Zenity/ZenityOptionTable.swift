/// Every option zenity 3.44 accepts, plus beckon's own, in help order.
///
/// Every option is declared once, in an ``OptionGroup``: a dialog's own in
/// its kind's group (`EntryOptions.Options`, reached through
/// ``ZenityDialogs``), so a kind's folder is the one place its options are
/// written down; the options no kind owns in ``CommonOptions/Options`` and
/// ``Options``. Each is declared in its help section, and the lists below
/// are read from those declarations. A kind's group is built only when it is
/// read: the lists that need every kind's (help, the reference, an option
/// the dialog does not declare) are built on first use, and what the parser
/// reads for every dialog (``shared``, ``everyDialogTakes(_:)``) reads no
/// kind's group. Help, the man page's option list and the bash completion
/// are all generated from here (`beckon --beckon-reference`, scripts/generate-reference).
enum ZenityOptionTable {
    /// The help sections of the options no kind owns.
    enum Section: String {
        case general, beckon, misc, gtk
        /// Listed with the dialog flags under "Application Options" (`--display`).
        case application
        /// zenity 4's options that zenity 3.44 lacks, declared by the kind that
        /// reads them and listed with beckon's options (``zenity4``).
        case zenity4
    }

    /// The options no one kind owns: `Key.about`, declared in ``Options``.
    /// Built, and so registered, once (``Declarations``).
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.title` as the kinds' `Key` enums are: the built
    /// group itself, so a key is a stored property and no key path is made at
    /// start-up (a `@dynamicMemberLookup` over key paths cost every dialog
    /// some 1.7 M instructions of runtime metadata look-ups).
    static let Key = declared.group

    /// The options no one kind owns, each declared once.
    struct Options: OptionGroup {
        // The shared ones, which each kind that takes them lists in its own section.
        let shared = OptionSection()
        /// The shared `--text`, worded as zenity's help words it.
        let text = OptionKey.string("text", "TEXT", "Set the dialog text").uncheckedByZenity()
        let separator = OptionKey.string("separator", "SEPARATOR", "Set output separator character")
        let misc = OptionSection(Section.misc)
        let about = OptionKey.flag("about", "About zenity")
        let version = OptionKey.flag("version", "Print version")
        let gtk = OptionSection(Section.gtk)
        let gtkModule = OptionKey.strings("gtk-module", "MODULES", "Load additional GTK+ modules")
        let gFatalWarnings = OptionKey.flag("g-fatal-warnings", "Make all warnings fatal")
        // beckon's own, listed with its other options; read by the parser
        // itself, which answers it wherever it stands, as it answers --help.
        let own = OptionSection(Section.beckon)
        /// The project's version (``BeckonVersion``); `--version` stays zenity's.
        let beckonVersion = OptionKey.flag("beckon-version", "Print beckon's own version (--version prints zenity's)")
        // Read by the parser itself, and listed by help in its own way: no help of their own (``parsers``).
        let parsers = OptionSection()
        let help = OptionKey.flag("help", nil)
        let helpAll = OptionKey.flag("help-all", nil)
        /// beckon's own: `--beckon-reference=FORMAT` (``ReferenceFormat``), its
        /// value only after `=`, as a flag's.
        let beckonReference: OptionKey<ReferenceFormat?> = .choice("beckon-reference", nil, nil, argument: .none)
    }

    static let Common = CommonOptions.Key

    static let general: [ZenityOption] = CommonOptions.declared.listed(in: Section.general)

    static let misc: [ZenityOption] = declared.listed(in: Section.misc)

    static let gtk: [ZenityOption] = CommonOptions.declared.listed(in: Section.gtk) + declared.listed(in: Section.gtk)

    /// beckon's own: the kinds' first (`--button`, which the message dialogs
    /// own and help lists here), then those every dialog shares, then the
    /// table's own (`--beckon-version`).
    static let beckon: [ZenityOption] = ZenityDialogs.listed(in: Section.beckon)
        + CommonOptions.declared.listed(in: Section.beckon) + declared.listed(in: Section.beckon)

    /// zenity 4's options that zenity 3.44 lacks, listed with beckon's
    /// options in help: listing them in a dialog's own section would change
    /// the help that zenity 3.44's is compared with. The kind that reads one
    /// declares it in ``Section/zenity4``, and another that takes it names it
    /// among its unlisted options. zenity 4.2.2 checks neither against the
    /// dialog, so every dialog takes them, as zenity 3.44's `--add-entry`
    /// (`--icon` shows only on the message dialogs and --notification).
    static let zenity4: [ZenityOption] = ZenityDialogs.listed(in: Section.zenity4)

    /// `--display`, listed with the dialog flags as zenity lists it.
    static let display = Common.display.option

    /// GTK's options, which zenity 3.44 hands to gtk_init and zenity 4 refuses.
    static let gtkOnly: Set<String> = Set((gtk + [display]).map(\.name))

    /// The dialog flags, in zenity's help order, then `--display`.
    static let application: [ZenityOption] = ZenityDialogs.all.map { ZenityOption($0.name, .none, nil, $0.flagHelp) }
        + [display]

    /// The options the parser reads itself: help and the reference.
    static let parsers: [ZenityOption] = declared.unlisted

    /// The options no kind declares, by name, the dialog flags among them:
    /// what the parser finds without building any kind's group.
    static let shared: [String: ZenityOption] = {
        var table: [String: ZenityOption] = [:]
        for option in CommonOptions.declared.all + declared.all + application where table[option.name] == nil {
            table[option.name] = option
        }
        return table
    }()

    /// The option `name` names, and the kind's group that declares it (nil
    /// for a shared one): the kinds in `first` are searched before the
    /// others, so a command line builds the group of the dialog it names and
    /// no other, unless it gives an option that dialog lacks. Kinds that
    /// declare one name declare it with the same argument (a test checks), so
    /// the order changes only what is built.
    static func option(named name: String, searchingFirst first: [KindGroup])
        -> (option: ZenityOption, group: KindGroup?)? {
        if let option = shared[name] { return (option, nil) }
        for group in first + ZenityDialogs.groups {
            if let option = group.option(named: name) { return (option, group) }
        }
        return nil
    }

    /// Options that every dialog takes, no kind's among them: the general
    /// ones (unless a dialog refuses one), GTK's, `--display`, beckon's
    /// `--json`, `--countdown`, `--tty`, `--no-tty` and `--zenity-compat`,
    /// and the shared `--text`, which zenity 3.44 never checks.
    private static let sharedEveryDialogTakes: Set<String> = Set(
        (general + gtk + CommonOptions.declared.listed(in: Section.beckon) + [display]
            + declared.all.filter(\.isUncheckedByZenity)).map(\.name))

    /// Options that every dialog takes: the shared ones, the kinds' that
    /// zenity 3.44 never checks (``uncheckedByZenity``) and zenity 4's
    /// (``zenity4``). Builds every kind's group.
    static let everyDialogTakes: Set<String> = sharedEveryDialogTakes.union(uncheckedByZenity)
        .union(zenity4.map(\.name))

    /// Whether every dialog takes `name` (``everyDialogTakes``): the shared
    /// options are asked first, so a dialog given only those and its own
    /// builds no other kind's group.
    static func everyDialogTakes(_ name: String) -> Bool {
        sharedEveryDialogTakes.contains(name) || everyDialogTakes.contains(name)
    }

    /// Options of one dialog that zenity 3.44 accepts, and ignores, with any
    /// other: its checks for "not supported for this dialog" skip them. Each
    /// is marked where it is declared (``OptionKey/uncheckedByZenity()``).
    static let uncheckedByZenity: Set<String> = Set(
        (declared.all + ZenityDialogs.groups.flatMap { $0.entries.map(\.option) })
            .filter(\.isUncheckedByZenity).map(\.name))

    /// What `--version` and `--about` let through, as zenity does: the
    /// general options, GTK's and beckon's, `--button` among them; not a
    /// dialog's.
    static let versionTakes: Set<String> = Set((general + gtk + beckon + [display]).map(\.name))

    /// The dialog-type flags: two of them in one command line is an error.
    /// `--version` and `--about` count, as in zenity.
    static let dialogFlags: Set<String> = Set(ZenityDialogs.all.map(\.name) + misc.map(\.name))

    /// A help section: `--help-<name>`.
    struct HelpGroup: Sendable {
        var name: String
        var title: String
        var summary: String
        var options: [ZenityOption]

        init(name: String, title: String, summary: String, options: [any DeclaredOption]) {
            self.name = name
            self.title = title
            self.summary = summary
            self.options = options.map(\.option)
        }
    }

    /// The help sections in zenity's order, beckon's before misc and GTK's.
    static let helpGroups: [HelpGroup] = {
        var groups = [HelpGroup(name: Section.general.rawValue, title: "General options", summary: "Show general options",
                                options: general)]
        for dialog in ZenityDialogs.all {
            groups.append(HelpGroup(name: dialog.name, title: dialog.helpTitle, summary: dialog.helpSummary,
                                    options: dialog.options.filter { $0.help != nil }))
        }
        groups.append(HelpGroup(name: Section.beckon.rawValue, title: "Beckon options (beyond zenity)",
                                summary: "Show beckon's own options", options: beckon + zenity4))
        groups.append(HelpGroup(name: Section.misc.rawValue, title: "Miscellaneous options", summary: "Show miscellaneous options",
                                options: misc))
        groups.append(HelpGroup(name: Section.gtk.rawValue, title: "GTK+ Options", summary: "Show GTK+ Options", options: gtk))
        return groups
    }()
}

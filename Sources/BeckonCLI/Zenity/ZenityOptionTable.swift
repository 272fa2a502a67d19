/// Every option zenity 3.44 accepts, plus beckon's own, in help order.
///
/// The dialogs' own options come from their types (``ZenityDialogs``), so a
/// kind's folder is the one place its options are written down; the options
/// no kind owns are declared in ``CommonOptions/Options`` and ``Options``,
/// each in its help section, and the lists below are read from those
/// declarations. Help, the man page's option list and the bash completion
/// are all generated from here (`beckon --beckon-reference`, scripts/generate-reference).
enum ZenityOptionTable {
    /// The help sections of the options no kind owns.
    enum Section: String {
        case general, beckon, misc, gtk
        /// Listed with the dialog flags under "Application Options" (`--display`).
        case application
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
        let text = OptionKey.string("text", "TEXT", "Set the dialog text")
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

    /// A kind's `Key` that takes the shared `--text`.
    protocol Text {}
    /// A kind's `Key` that takes the shared `--separator`.
    protocol Separator {}

    static let general: [ZenityOption] = CommonOptions.declared.listed(in: Section.general)

    static let misc: [ZenityOption] = declared.listed(in: Section.misc)

    static let gtk: [ZenityOption] = CommonOptions.declared.listed(in: Section.gtk) + declared.listed(in: Section.gtk)

    /// beckon's own, after `--button`, which the message dialogs own and
    /// help lists here.
    static let beckon: [ZenityOption] = [MessageOptions.Key.button.option] + CommonOptions.declared.listed(in: Section.beckon)
        + declared.listed(in: Section.beckon)

    /// zenity 4's options that zenity 3.44 lacks, listed with beckon's
    /// options in help: listing them in a dialog's own group would change the
    /// help that zenity 3.44's is compared with. Each dialog that takes one
    /// names it among its unlisted options. zenity 4.2.2 checks neither
    /// against the dialog, so every dialog takes them, as zenity 3.44's
    /// `--add-entry` (`--icon` shows only on the message dialogs and --notification).
    static let zenity4: [ZenityOption] = ([MessageOptions.Key.icon, FormsOptions.Key.addMultilineEntry]
        as [any DeclaredOption]).map(\.option)

    /// `--display`, listed with the dialog flags as zenity lists it.
    static let display = CommonOptions.Key.display.option

    /// GTK's options, which zenity 3.44 hands to gtk_init and zenity 4 refuses.
    static let gtkOnly: Set<String> = Set((gtk + [display]).map(\.name))

    /// The dialog flags, in zenity's help order, then `--display`.
    static let application: [ZenityOption] = ZenityDialogs.all.map { ZenityOption($0.name, .none, nil, $0.flagHelp) }
        + [display]

    /// The options the parser reads itself: help and the reference.
    static let parsers: [ZenityOption] = declared.unlisted

    /// Whether every dialog takes `option`: the general ones (unless a dialog
    /// refuses one), GTK's, `--display`, beckon's `--json`, `--countdown`, `--tty`, `--no-tty` and
    /// `--zenity-compat`, those zenity 3.44 never checks, and zenity 4's (``zenity4``).
    /// ``uncheckedByZenity``, which builds keys of six dialogs, is read only
    /// for an option the others do not name.
    static func everyDialogTakes(_ option: String) -> Bool {
        takenByAll.contains(option) || uncheckedByZenity.contains(option)
    }

    /// The options every dialog takes but those zenity leaves unchecked.
    private static let takenByAll: Set<String> = Set((general + gtk + beckon + [display]).map(\.name))
        .subtracting([MessageOptions.Key.button.name]).union(zenity4.map(\.name))

    /// Options of one dialog that zenity 3.44 accepts, and ignores, with any
    /// other: its checks for "not supported for this dialog" skip them. Found
    /// by running zenity with each option and each dialog (the differential
    /// suite keeps a sample of them).
    static let uncheckedByZenity: Set<String> = {
        typealias Forms = FormsOptions.Key
        typealias Text = TextInfoOptions.Key
        typealias Scale = ScaleOptions.Key
        typealias Message = MessageOptions.Key
        let options: [any DeclaredOption] = [
            Forms.addCalendar, Forms.addCombo, Forms.addEntry, Forms.addList, Forms.addPassword, Text.autoScroll,
            Text.checkbox, FileSelectionOptions.Key.confirmOverwrite, Message.defaultCancel, Scale.hideValue,
            NotificationOptions.Key.hints, Message.iconName, Scale.maxValue, Scale.minValue, Text.noInteraction,
            Message.noMarkup, Scale.printPartial, Scale.step, Message.switchMode, Key.text, Text.url, Scale.value,
        ]
        return Set(options.map(\.option.name))
    }()

    /// Whether `name` is a dialog-type flag: two of them in one command line
    /// is an error. `--version` and `--about` count, as in zenity.
    static func isDialogFlag(_ name: String) -> Bool {
        ZenityDialogs.names.contains(name) || misc.contains { $0.name == name }
    }

    /// The option named `name` as the parser reads it (its name and what
    /// follows it: the same as ``byName``'s, which a test checks name by
    /// name), or nil. The options every command line may hold and the dialog
    /// flags are found without ``byName``, which builds every dialog's type:
    /// `--question --text …` never needs it (docs/performance-notes.md, issue 36).
    static func option(named name: String) -> ZenityOption? {
        if let option = anywhere.first(where: { $0.name == name }) { return option }
        if ZenityDialogs.names.contains(name) { return ZenityOption(name) }
        return byName[name]
    }

    /// The options no one kind owns, the shared `--text` and `--separator`
    /// among them, and zenity 4's.
    private static let anywhere: [ZenityOption] = CommonOptions.declared.all + declared.all + beckon + zenity4

    /// Every option by name; the first that lists a name wins (`--text` is in
    /// most dialogs with the same meaning).
    static let byName: [String: ZenityOption] = {
        var table: [String: ZenityOption] = [:]
        let all = general + ZenityDialogs.all.flatMap(\.options) + misc + gtk + beckon + zenity4 + application
            + parsers
        for option in all where table[option.name] == nil { table[option.name] = option }
        return table
    }()

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

extension ZenityOptionTable.Text {
    static var text: OptionKey<String?> { ZenityOptionTable.Key.text }
}

extension ZenityOptionTable.Separator {
    static var separator: OptionKey<String?> { ZenityOptionTable.Key.separator }
}

import BeckonCore

/// One zenity dialog on the command line, once its options are read: what it
/// shows and how its ending prints. Each kind's folder has one.
protocol ZenityDialog: Sendable {
    /// Shows the dialog through `context.dialog` and returns what the process
    /// prints and exits with.
    @GtkActor func run(_ context: ZenityContext) async throws -> ZenityOutput
    /// Whether it shows a window. One that does not (a notification, sent over
    /// D-Bus) runs in GLib's loop without GTK, so it works with no display.
    var needsDisplay: Bool { get }
    /// What its `--timeout` does; the watchdog that holds the timeout when
    /// GTK's loop is stuck exits with its code.
    var timeoutRule: ZenityAnswer.Timeout { get }
    /// Its name in `--json`'s `"kind"`: the flag without dashes.
    var jsonKind: String { get }
}

extension ZenityDialog {
    var needsDisplay: Bool { true }
    var timeoutRule: ZenityAnswer.Timeout { .printsAnswer }
}

/// What a dialog kind is on the command line: the flag that picks it, its
/// help section, its kind's group of options, and how its options are read.
/// Making one builds no group: its options are read from the group when
/// asked for (``KindGroup``).
struct ZenityDialogType: Sendable {
    /// The flag without dashes: "entry".
    var name: String
    /// Its line under "Application Options": "Display text entry dialog".
    var flagHelp: String
    /// Its help section: "Text entry options", `--help-entry`'s "Show text entry options".
    var helpTitle: String
    var helpSummary: String
    /// Its kind's options, declared once in the kind's group.
    var group: KindGroup
    /// The sections of the group that it lists and takes (``DialogSection``):
    /// the message dialogs share one group, and only `--question` lists its
    /// question's section.
    var sections: Set<String>
    /// General options it refuses, as zenity does (`--cancel-label` on --info).
    var refusedGeneralOptions: Set<String> = []
    /// Takes its options, the general ones parsed already; throws the same
    /// errors zenity gives.
    var make: @Sendable (ZenityArguments) throws(CLIError) -> any ZenityDialog

    /// `--name`, its line `flagHelp`, and its help section `helpTitle`
    /// ("Text entry options", summed up as "Show text entry options"), which
    /// lists the options `Kind` declares in `sections`.
    init<Kind: KindOptions>(_ name: String, _ flagHelp: String, help helpTitle: String, options kind: Kind.Type,
                            sections: [DialogSection] = [.dialog], refusedGeneralOptions: [any DeclaredOption] = [],
                            make: @escaping @Sendable (ZenityArguments) throws(CLIError) -> any ZenityDialog) {
        self.name = name
        self.flagHelp = flagHelp
        self.helpTitle = helpTitle
        self.helpSummary = "Show " + helpTitle.prefix(1).lowercased() + helpTitle.dropFirst()
        self.group = KindGroup(kind)
        self.sections = Set(sections.map(\.rawValue))
        self.refusedGeneralOptions = Set(refusedGeneralOptions.map(\.option.name))
        self.make = make
    }

    /// Its own options, in help order (`--text` included where it lists it):
    /// those its kind declares in its sections.
    var options: [ZenityOption] {
        group.entries.filter { $0.section.map(sections.contains) ?? false }.map(\.option)
    }

    /// Options it takes without listing them, which its kind declares outside
    /// every dialog section: `--button`, zenity 4's `--icon`, and `--no-wrap`,
    /// which zenity accepts for --text-info without saying so.
    var unlistedOptions: Set<String> {
        Set(group.entries.filter { !Self.isDialogSection($0.section) }.map(\.option.name))
    }

    /// Whether `option` (by name) belongs to this dialog.
    func takes(_ option: String) -> Bool {
        group.entries.contains { entry in
            entry.option.name == option
                && (!Self.isDialogSection(entry.section) || entry.section.map(sections.contains) == true)
        }
    }

    /// Whether `section` is one a dialog lists (``DialogSection``), not one
    /// of the options it takes unlisted.
    private static func isDialogSection(_ section: String?) -> Bool {
        section.flatMap(DialogSection.init(rawValue:)) != nil
    }
}

/// What a running dialog needs from the command: where answers go, the
/// environment that overrides exit codes, the language of default labels.
struct ZenityContext: Sendable {
    var dialog: Dialog
    var environment: Environment
    var translations: Translations
    /// Whether the dialog asks on the terminal (``TerminalFallback``), not in a window.
    var onTerminal = false
    /// Which zenity to answer as where 3.44 and 4.2 disagree (``CommonOptions/dialect``).
    var dialect = ZenityDialect.zenity3_44
    /// A line for stderr, such as a warning about broken markup.
    var warn: @Sendable (String) -> Void
}

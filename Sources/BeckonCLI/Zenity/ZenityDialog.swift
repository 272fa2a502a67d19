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
/// help section, its own options, and how its options are read.
struct ZenityDialogType: Sendable {
    /// The flag without dashes: "entry".
    var name: String
    /// Its line under "Application Options": "Display text entry dialog".
    var flagHelp: String
    /// Its help section: "Text entry options", `--help-entry`'s "Show text entry options".
    var helpTitle: String
    /// Its line under `--help`'s "Help Options": "Show text entry options".
    /// Made when help asks for it: joining a String and a Substring runs the
    /// stdlib's unspecialised `append(contentsOf:)`, whose first call has the
    /// runtime scan every protocol conformance in the executable
    /// (docs/performance-notes.md, issue 36), on every dialog's start.
    var helpSummary: String {
        "Show " + helpTitle.prefix(1).lowercased() + helpTitle.dropFirst()
    }
    /// Its own options, in help order (`--text` included where it takes one).
    var options: [ZenityOption]
    /// Options of other groups that it takes without listing them, such as
    /// `--no-wrap`, which zenity accepts for --text-info without saying so.
    var unlistedOptions: Set<String> = []
    /// General options it refuses, as zenity does (`--cancel-label` on --info).
    var refusedGeneralOptions: Set<String> = []
    /// Takes its options, the general ones parsed already; throws the same
    /// errors zenity gives.
    var make: @Sendable (ZenityArguments) throws(CLIError) -> any ZenityDialog

    /// `--name`, its line `flagHelp`, and its help section `helpTitle`
    /// ("Text entry options", summed up as "Show text entry options").
    init(_ name: String, _ flagHelp: String, help helpTitle: String, options: [any DeclaredOption],
         unlistedOptions: [any DeclaredOption] = [], refusedGeneralOptions: [any DeclaredOption] = [],
         make: @escaping @Sendable (ZenityArguments) throws(CLIError) -> any ZenityDialog) {
        self.name = name
        self.flagHelp = flagHelp
        self.helpTitle = helpTitle
        self.options = options.map(\.option)
        self.unlistedOptions = Set(unlistedOptions.map(\.option.name))
        self.refusedGeneralOptions = Set(refusedGeneralOptions.map(\.option.name))
        self.make = make
    }

    /// Whether `option` (by name) belongs to this dialog.
    func takes(_ option: String) -> Bool {
        unlistedOptions.contains(option) || options.contains { $0.name == option }
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

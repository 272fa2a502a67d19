import Beckon

/// Everything the command line says about a `--entry` dialog.
struct EntryOptions: Sendable, Equatable {
    var common = CommonOptions()

    init(_ given: GivenOptions) throws(CLIError) {
        common = CommonOptions(given)
    }

    /// `--entry` as a command-line type: its options, in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "entry", flagHelp: "Display text entry dialog",
            helpTitle: "Text entry options", helpSummary: "Show text entry options",
            options: [
            .text,
            O("entry-text", .string, "TEXT", "Set the entry text"),
            O("hide-text", .none, nil, "Hide the entry text"),
            ],
            isProvided: false,
            make: { given throws(CLIError) in try EntryOptions(given) })
    }()
}

extension EntryOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        throw CLIError.dialogNotProvided("entry")
    }
}

import Beckon

/// Everything the command line says about a `--color-selection` dialog.
struct ColorOptions: Sendable, Equatable {
    var common = CommonOptions()

    init(_ given: GivenOptions) throws(CLIError) {
        common = CommonOptions(given)
    }

    /// `--color-selection` as a command-line type: its options, in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "color-selection", flagHelp: "Display color selection dialog",
            helpTitle: "Color selection options", helpSummary: "Show color selection options",
            options: [
            O("color", .string, "VALUE", "Set the color"),
            O("show-palette", .none, nil, "Show the palette"),
            ],
            isProvided: false,
            make: { given throws(CLIError) in try ColorOptions(given) })
    }()
}

extension ColorOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        throw CLIError.dialogNotProvided("color-selection")
    }
}

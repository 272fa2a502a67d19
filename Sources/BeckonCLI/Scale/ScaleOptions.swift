import Beckon

/// Everything the command line says about a `--scale` dialog.
struct ScaleOptions: Sendable, Equatable {
    var common = CommonOptions()

    init(_ given: GivenOptions) throws(CLIError) {
        common = CommonOptions(given)
    }

    /// `--scale` as a command-line type: its options, in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "scale", flagHelp: "Display scale dialog",
            helpTitle: "Scale options", helpSummary: "Show scale options",
            options: [
            .text,
            O("value", .int, "VALUE", "Set initial value"),
            O("min-value", .int, "VALUE", "Set minimum value"),
            O("max-value", .int, "VALUE", "Set maximum value"),
            O("step", .int, "VALUE", "Set step size"),
            O("print-partial", .none, nil, "Print partial values"),
            O("hide-value", .none, nil, "Hide value"),
            ],
            isProvided: false,
            make: { given throws(CLIError) in try ScaleOptions(given) })
    }()
}

extension ScaleOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        throw CLIError.dialogNotProvided("scale")
    }
}

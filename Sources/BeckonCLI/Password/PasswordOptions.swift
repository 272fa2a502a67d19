import Beckon

/// Everything the command line says about a `--password` dialog.
struct PasswordOptions: Sendable, Equatable {
    var common = CommonOptions()

    init(_ given: GivenOptions) throws(CLIError) {
        common = CommonOptions(given)
    }

    /// `--password` as a command-line type: its options, in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "password", flagHelp: "Display password dialog",
            helpTitle: "Password dialog options", helpSummary: "Show password dialog options",
            options: [
            O("username", .none, nil, "Display the username option"),
            ],
            isProvided: false,
            make: { given throws(CLIError) in try PasswordOptions(given) })
    }()
}

extension PasswordOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        throw CLIError.dialogNotProvided("password")
    }
}

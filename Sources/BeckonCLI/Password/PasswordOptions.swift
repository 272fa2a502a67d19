import Beckon

/// Everything the command line says about a `--password` dialog.
struct PasswordOptions: Sendable, Equatable {
    var common = CommonOptions()
    var username = false
    /// `--text`, which zenity accepts here and ignores; beckon shows it as the
    /// heading.
    var text: String?

    init() {}

    init(_ given: GivenOptions) throws(CLIError) {
        common = CommonOptions(given)
        username = given.flag("username")
        text = given.string("text")
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
            make: { given throws(CLIError) in try PasswordOptions(given) })
    }()
}

import Beckon

/// Everything the command line says about a `--password` dialog, read
/// through its ``Key``: `username`, and `text`, which zenity accepts here and
/// ignores; beckon shows it as the heading.
struct PasswordOptions: ZenityKind, Equatable {
    typealias Plan = PasswordPlan
    var arguments: ZenityArguments

    /// Its options, each declared once.
    enum Key {
        static let username = OptionKey.flag("username", "Display the username option")
        static let text = ZenityOptionTable.Key.text
    }

    /// `--password` as a command-line type: its options, in zenity's help order.
    static let type = ZenityDialogType(
        name: "password", flagHelp: "Display password dialog",
        helpTitle: "Password dialog options", helpSummary: "Show password dialog options",
        options: [Key.username],
        make: PasswordOptions.init(arguments:))
}

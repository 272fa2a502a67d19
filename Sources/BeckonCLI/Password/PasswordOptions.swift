import BeckonCore

/// Everything the command line says about a `--password` dialog, read
/// through its ``Key``: `username`, and `text`, which zenity accepts here and
/// ignores; beckon shows it as the heading.
struct PasswordOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options, each declared once.
    enum Key: ZenityOptionTable.Text {
        static let username = OptionKey.flag("username", "Display the username option")
    }

    /// `--password` as a command-line type: its options, in zenity's help order.
    static let type = ZenityDialogType(
        "password", "Display password dialog", help: "Password dialog options",
        options: [Key.username],
        make: PasswordOptions.init(arguments:))
}

import BeckonCore

/// Everything the command line says about a `--password` dialog, read
/// through its ``Key``: `username`, and `text`, which zenity accepts here and
/// ignores; beckon shows it as the heading.
struct PasswordOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options: `Key.username`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.username` (`Self.Key.username` in an instance): the built group.
    static let Key: Options = declared.group

    /// Its options, each declared once, in zenity's help order.
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        let username = OptionKey.flag("username", "Display the username option")
        /// The shared `--text`, read but not registered: zenity takes it with
        /// every dialog, and does not list it for this one.
        let text = ZenityOptionTable.Key.text
    }

    /// `--password` as a command-line type.
    static let type = ZenityDialogType(
        "password", "Display password dialog", help: "Password dialog options", options: Self.self,
        make: PasswordOptions.init(arguments:))
}

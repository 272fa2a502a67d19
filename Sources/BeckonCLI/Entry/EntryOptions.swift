import BeckonCore

/// Everything the command line says about a `--entry` dialog: `text` (GLib
/// escapes still to be expanded), `entryText` (what the field starts with)
/// and `hideText`, read through its ``Key``, and the combo's `choices`.
struct EntryOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// The arguments that are not options: the combo's entries.
    var choices: [String] { given.positional }

    /// Its options, each declared once.
    enum Key: ZenityOptionTable.Text {
        static let entryText = OptionKey.string("entry-text", "TEXT", "Set the entry text")
        static let hideText = OptionKey.flag("hide-text", "Hide the entry text")
    }

    /// `--entry` as a command-line type: its options, in zenity's help order.
    static let type = ZenityDialogType(
        "entry", "Display text entry dialog", help: "Text entry options",
        options: [Key.text, Key.entryText, Key.hideText],
        make: EntryOptions.init(arguments:))
}

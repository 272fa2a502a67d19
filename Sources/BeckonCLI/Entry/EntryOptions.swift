import Beckon

/// Everything the command line says about a `--entry` dialog: `text` (GLib
/// escapes still to be expanded), `entryText` (what the field starts with)
/// and `hideText`, read through its ``Key``, and the combo's `choices`.
struct EntryOptions: ZenityKind, Equatable {
    typealias Plan = EntryPlan
    var arguments: ZenityArguments

    /// The arguments that are not options: the combo's entries.
    var choices: [String] { given.positional }

    /// Its options, each declared once.
    enum Key {
        static let text = ZenityOptionTable.Key.text
        static let entryText = OptionKey.string("entry-text", "TEXT", "Set the entry text")
        static let hideText = OptionKey.flag("hide-text", "Hide the entry text")
    }

    /// `--entry` as a command-line type: its options, in zenity's help order.
    static let type = ZenityDialogType(
        name: "entry", flagHelp: "Display text entry dialog",
        helpTitle: "Text entry options", helpSummary: "Show text entry options",
        options: [Key.text, Key.entryText, Key.hideText],
        make: EntryOptions.init(arguments:))
}

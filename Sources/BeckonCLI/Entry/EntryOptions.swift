import BeckonCore

/// Everything the command line says about a `--entry` dialog: `text` (GLib
/// escapes still to be expanded), `entryText` (what the field starts with)
/// and `hideText`, read through its ``Key``, and the combo's `choices`.
struct EntryOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// The arguments that are not options: the combo's entries.
    var choices: [String] { given.positional }

    /// Its options: `Key.entryText`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.entryText` (`Self.Key.entryText` in an instance): the built group.
    static let Key: Options = declared.group

    /// Its options, each declared once, in zenity's help order.
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        let text = ZenityOptionTable.Key.text.reused()
        let entryText = OptionKey.string("entry-text", "TEXT", "Set the entry text")
        let hideText = OptionKey.flag("hide-text", "Hide the entry text")
    }

    /// `--entry` as a command-line type.
    static let type = ZenityDialogType(
        "entry", "Display text entry dialog", help: "Text entry options", options: Self.self,
        make: EntryOptions.init(arguments:))
}

import Beckon

/// Everything the command line says about a `--entry` dialog.
struct EntryOptions: Sendable, Equatable {
    var common = CommonOptions()
    /// `--text` as given: GLib escapes are still to be expanded.
    var text: String?
    /// `--entry-text`: what the field starts with.
    var entryText: String?
    var hideText = false
    /// The arguments that are not options: the combo's entries.
    var choices: [String] = []

    init() {}

    init(_ given: GivenOptions) throws(CLIError) {
        common = CommonOptions(given)
        text = given.string("text")
        entryText = given.string("entry-text")
        hideText = given.flag("hide-text")
        choices = given.positional
    }

    /// `--entry` as a command-line type: its options, in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "entry", flagHelp: "Display text entry dialog",
            helpTitle: "Text entry options", helpSummary: "Show text entry options",
            options: [
            .text,
            O("entry-text", .string, "TEXT", "Set the entry text"),
            O("hide-text", .none, nil, "Hide the entry text"),
            ],
            make: { given throws(CLIError) in try EntryOptions(given) })
    }()
}

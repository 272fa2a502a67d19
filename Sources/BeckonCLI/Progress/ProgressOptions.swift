import BeckonCore

/// Everything the command line says about a `--progress` dialog, read
/// through its ``Key``: `text` (escapes and markup still to be processed),
/// `percentage` (zenity ignores a value below 0) and the switches.
struct ProgressOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options: `Key.pulsate`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.pulsate` (`Self.Key.pulsate` in an instance): the built group.
    static let Key: Options = declared.group

    /// Its options, each declared once, in zenity's help order, then beckon's.
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        let text = ZenityOptionTable.Key.text.reused()
        let percentage = OptionKey.int("percentage", "PERCENTAGE", "Set initial percentage")
        let pulsate = OptionKey.flag("pulsate", "Pulsate progress bar")
        let autoClose = OptionKey.flag("auto-close", "Dismiss the dialog when 100% has been reached")
        let autoKill = OptionKey.flag("auto-kill", "Kill parent process if Cancel button is pressed")
        let noCancel = OptionKey.flag("no-cancel", "Hide Cancel button")
        let timeRemaining = OptionKey.flag("time-remaining", "Estimate when progress will reach 100%")
        /// Beyond zenity: Cancel, Escape or a close also stop the processes writing stdin.
        let killWriters = OptionKey.flag("kill-writers",
            "Cancel, Escape or a close also stop the processes writing stdin (beckon, beyond zenity)")
    }

    /// `--progress` as a command-line type.
    static let type = ZenityDialogType(
        "progress", "Display progress indication dialog", help: "Progress options", options: Self.self,
        make: ProgressOptions.init(arguments:))
}

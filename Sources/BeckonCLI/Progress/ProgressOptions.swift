import BeckonCore

/// Everything the command line says about a `--progress` dialog, read
/// through its ``Key``: `text` (escapes and markup still to be processed),
/// `percentage` (zenity ignores a value below 0) and the switches.
struct ProgressOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options, each declared once.
    enum Key: ZenityOptionTable.Text {
        /// Beyond zenity: Cancel, Escape or a close also stop the processes writing stdin.
        static let killWriters = OptionKey.flag("kill-writers",
            "Cancel, Escape or a close also stop the processes writing stdin (beckon, beyond zenity)")
        static let pulsate = OptionKey.flag("pulsate", "Pulsate progress bar")
        static let autoClose = OptionKey.flag("auto-close", "Dismiss the dialog when 100% has been reached")
        static let autoKill = OptionKey.flag("auto-kill", "Kill parent process if Cancel button is pressed")
        static let noCancel = OptionKey.flag("no-cancel", "Hide Cancel button")
        static let timeRemaining = OptionKey.flag("time-remaining", "Estimate when progress will reach 100%")
        static let percentage = OptionKey.int("percentage", "PERCENTAGE", "Set initial percentage")
    }

    /// `--progress` as a command-line type: its options, in zenity's help
    /// order, then beckon's `--kill-writers`.
    static let type = ZenityDialogType(
        "progress", "Display progress indication dialog", help: "Progress options",
        options: [Key.text, Key.percentage, Key.pulsate, Key.autoClose, Key.autoKill, Key.noCancel, Key.timeRemaining,
                  Key.killWriters],
        make: ProgressOptions.init(arguments:))
}

import Beckon

/// Everything the command line says about a `--progress` dialog.
struct ProgressOptions: Sendable, Equatable {
    var common = CommonOptions()
    /// `--text` as given: escapes and markup are still to be processed.
    var text: String?
    /// `--percentage`; zenity ignores a value below 0.
    var percentage: Int32?
    var pulsate = false
    var autoClose = false
    var autoKill = false
    var noCancel = false
    var timeRemaining = false
    /// Beyond zenity: Cancel, Escape or a close also stop the processes writing stdin.
    var killWriters = false

    init() {}

    init(_ given: GivenOptions) {
        common = CommonOptions(given)
        text = given.string("text")
        percentage = given.int("percentage")
        pulsate = given.flag("pulsate")
        autoClose = given.flag("auto-close")
        autoKill = given.flag("auto-kill")
        noCancel = given.flag("no-cancel")
        timeRemaining = given.flag("time-remaining")
        killWriters = given.flag("kill-writers")
    }

    /// `--progress` as a command-line type: its options, in zenity's help
    /// order, then beckon's `--kill-writers`.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "progress", flagHelp: "Display progress indication dialog",
            helpTitle: "Progress options", helpSummary: "Show progress options",
            options: [
            .text,
            O("percentage", .int, "PERCENTAGE", "Set initial percentage"),
            O("pulsate", .none, nil, "Pulsate progress bar"),
            O("auto-close", .none, nil, "Dismiss the dialog when 100% has been reached"),
            O("auto-kill", .none, nil, "Kill parent process if Cancel button is pressed"),
            O("no-cancel", .none, nil, "Hide Cancel button"),
            O("time-remaining", .none, nil, "Estimate when progress will reach 100%"),
            O("kill-writers", .none, nil,
              "Cancel, Escape or a close also stop the processes writing stdin (beckon, beyond zenity)"),
            ],
            make: { given throws(CLIError) in ProgressOptions(given) })
    }()
}

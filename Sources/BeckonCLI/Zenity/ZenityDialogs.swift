import Beckon

/// Every zenity 3.44 dialog, in zenity's help order. Each kind's type lives in
/// its own folder; the ones beckon does not show yet parse their options as
/// zenity does, then say so.
enum ZenityDialogs {
    static let all: [ZenityDialogType] = [
        CalendarOptions.type,
        EntryOptions.type,
        MessageOptions.type(.error),
        MessageOptions.type(.info),
        FileSelectionOptions.type,
        ListOptions.type,
        notProvided("notification", "Display notification", "Notification icon options",
                    "Show notification icon options", strings: ["text", "hint"], flags: ["listen"]),
        ProgressOptions.type,
        MessageOptions.type(.question),
        MessageOptions.type(.warning),
        ScaleOptions.type,
        TextInfoOptions.type,
        ColorOptions.type,
        PasswordOptions.type,
        notProvided("forms", "Display forms dialog", "Forms dialog options", "Show forms dialog options",
                    strings: ["add-entry", "add-password", "add-calendar", "add-list", "list-values",
                              "column-values", "add-combo", "combo-values", "text", "separator",
                              "forms-date-format"],
                    flags: ["show-header"]),
    ]

    /// A zenity dialog beckon does not show yet: its options parse as in
    /// zenity (a value is consumed, an integer is checked), then beckon says so.
    private static func notProvided(_ name: String, _ flagHelp: String, _ title: String, _ summary: String,
                                    strings: [String] = [], ints: [String] = [], flags: [String] = []) -> ZenityDialogType {
        let options = strings.map { ZenityOption($0, .string) } + ints.map { ZenityOption($0, .int) }
            + flags.map { ZenityOption($0, .none) }
        return ZenityDialogType(name: name, flagHelp: flagHelp, helpTitle: title, helpSummary: summary,
                                options: options, isProvided: false,
                                make: { _ throws(CLIError) in throw CLIError.dialogNotProvided(name) })
    }
}

import BeckonCore

/// Every zenity 3.44 dialog, in zenity's help order. Each kind's type lives in
/// its own folder.
enum ZenityDialogs {
    /// One row per dialog: its flag without dashes, and how to build its type.
    /// The types are built on demand, one at a time: a command line runs one
    /// dialog, and building the fifteen types, each with its keys, at every
    /// start cost some 300 one-time initialisations
    /// (docs/performance-notes.md, issue 36).
    private static let table: [(name: String, type: @Sendable () -> ZenityDialogType)] = [
        ("calendar", { CalendarOptions.type }),
        ("entry", { EntryOptions.type }),
        ("error", { MessageOptions.type(.error) }),
        ("info", { MessageOptions.type(.info) }),
        ("file-selection", { FileSelectionOptions.type }),
        ("list", { ListOptions.type }),
        ("notification", { NotificationOptions.type }),
        ("progress", { ProgressOptions.type }),
        ("question", { MessageOptions.type(.question) }),
        ("warning", { MessageOptions.type(.warning) }),
        ("scale", { ScaleOptions.type }),
        ("text-info", { TextInfoOptions.type }),
        ("color-selection", { ColorOptions.type }),
        ("password", { PasswordOptions.type }),
        ("forms", { FormsOptions.type }),
    ]

    /// The dialog flags without dashes, in zenity's help order: what the
    /// parser needs to tell a dialog flag from another option, known without
    /// building any dialog's type (``type(named:)``).
    static let names: [String] = table.map { $0.name }

    /// Every dialog's type, in ``names``' order: for help, the reference and
    /// the messages that say which dialogs take an option.
    static let all: [ZenityDialogType] = table.map { $0.type() }

    /// The type of the dialog `--name` picks, built alone. nil for a name not
    /// in ``names``.
    static func type(named name: String) -> ZenityDialogType? {
        table.first { $0.name == name }?.type()
    }
}

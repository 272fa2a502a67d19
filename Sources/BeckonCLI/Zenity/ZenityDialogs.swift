import BeckonCore

/// Every zenity 3.44 dialog, in zenity's help order. Each kind's type lives in
/// its own folder.
enum ZenityDialogs {
    /// The dialog flags without dashes, in zenity's help order: what the
    /// parser needs to tell a dialog flag from another option, known without
    /// building any dialog's type (``type(named:)``).
    static let names = [
        "calendar", "entry", "error", "info", "file-selection", "list", "notification", "progress", "question",
        "warning", "scale", "text-info", "color-selection", "password", "forms",
    ]

    /// Every dialog's type, in ``names``' order: for help, the reference and
    /// the messages that say which dialogs take an option.
    static let all: [ZenityDialogType] = names.compactMap(type(named:))

    /// The type of the dialog `--name` picks, built alone: a command line
    /// runs one dialog, and building the fifteen types, each with its keys,
    /// at every start cost some 300 one-time initialisations
    /// (docs/performance-notes.md, issue 36). nil for a name not in ``names``.
    static func type(named name: String) -> ZenityDialogType? {
        switch name {
        case "calendar": CalendarOptions.type
        case "entry": EntryOptions.type
        case "error": MessageOptions.type(.error)
        case "info": MessageOptions.type(.info)
        case "file-selection": FileSelectionOptions.type
        case "list": ListOptions.type
        case "notification": NotificationOptions.type
        case "progress": ProgressOptions.type
        case "question": MessageOptions.type(.question)
        case "warning": MessageOptions.type(.warning)
        case "scale": ScaleOptions.type
        case "text-info": TextInfoOptions.type
        case "color-selection": ColorOptions.type
        case "password": PasswordOptions.type
        case "forms": FormsOptions.type
        default: nil
        }
    }
}

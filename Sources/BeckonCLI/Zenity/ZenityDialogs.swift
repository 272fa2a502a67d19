import BeckonCore

/// Every zenity 3.44 dialog, in zenity's help order. Each kind's type lives in
/// its own folder.
enum ZenityDialogs {
    static let all: [ZenityDialogType] = [
        CalendarOptions.type, EntryOptions.type, MessageOptions.type(.error), MessageOptions.type(.info),
        FileSelectionOptions.type, ListOptions.type, NotificationOptions.type, ProgressOptions.type,
        MessageOptions.type(.question), MessageOptions.type(.warning), ScaleOptions.type, TextInfoOptions.type,
        ColorOptions.type, PasswordOptions.type, FormsOptions.type,
    ]
}

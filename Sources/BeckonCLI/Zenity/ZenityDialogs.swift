import BeckonCore

/// Every zenity 3.44 dialog, in zenity's help order. Each kind's type lives in
/// its own folder, and declares its options in its own group.
enum ZenityDialogs {
    static let all: [ZenityDialogType] = [
        CalendarOptions.type, EntryOptions.type, MessageOptions.type(.error), MessageOptions.type(.info),
        FileSelectionOptions.type, ListOptions.type, NotificationOptions.type, ProgressOptions.type,
        MessageOptions.type(.question), MessageOptions.type(.warning), ScaleOptions.type, TextInfoOptions.type,
        ColorOptions.type, PasswordOptions.type, FormsOptions.type,
    ]

    /// Each kind's group once, in ``all``'s order (the message dialogs share
    /// one); none is built until its options are read.
    static let groups: [KindGroup] = all.reduce(into: []) { groups, type in
        if !groups.contains(where: { $0.id == type.group.id }) { groups.append(type.group) }
    }

    /// The options the kinds declare in `section`, kind after kind, those
    /// with help: `--button` (beckon's), `--icon` (zenity 4's). Builds every
    /// kind's group, as help and the reference do.
    static func listed(in section: ZenityOptionTable.Section) -> [ZenityOption] {
        groups.flatMap { group in
            group.entries.filter { $0.section == section.rawValue && $0.option.help != nil }.map(\.option)
        }
    }

    /// The groups of the dialogs whose flags `arguments` hold, for the parser
    /// to search before the others: a command line names its dialog, and so
    /// builds that kind's group alone. A flag that turns out to be another
    /// option's value (`--title --entry`) only changes which group is
    /// searched first.
    static func groups(flaggedIn arguments: [String]) -> [KindGroup] {
        all.filter { type in arguments.contains { $0.utf8.count == type.name.utf8.count + 2 && $0 == "--" + type.name } }
            .map(\.group)
    }
}

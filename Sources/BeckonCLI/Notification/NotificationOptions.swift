import BeckonCore

/// Everything the command line says about a `--notification`, read through
/// its ``Key``: `text` ("summary\nbody" with GLib's escapes still to be
/// processed), `listen` (commands from stdin instead of one notification) and
/// every `hints` NAME:VALUE, in order.
struct NotificationOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options, each declared once.
    enum Key {
        static let listen = OptionKey.flag("listen", "Listen for commands on stdin")
        static let text = OptionKey.string("text", "TEXT", "Set the notification text")
        static let hints = OptionKey.strings("hint", "TEXT", "Set the notification hints")
    }

    /// `--notification` as a command-line type, its options in zenity's help order.
    static let type = ZenityDialogType(
        "notification", "Display notification", help: "Notification icon options",
        options: [Key.text, Key.listen, Key.hints],
        unlistedOptions: [MessageOptions.Key.icon],
        make: NotificationOptions.init(arguments:))

    /// The notification's icon: `--icon` (zenity 4) or `--window-icon` (zenity
    /// 3.44), the last given; zenity 4 takes `--icon-name`, then
    /// `--window-icon`, over `--icon`. Empty for none.
    var icon: String {
        typealias Message = MessageOptions.Key
        let windowIcon = CommonOptions.Key.windowIcon
        let icon = common.dialect.isZenity4
            ? [given[Message.iconName], given[windowIcon], given[Message.icon]].compactMap { $0 }.first
            : given.last(of: Message.icon, windowIcon)
        return icon ?? ""
    }

    /// The `--hint`s given, which zenity 4 ignores (it warns instead).
    var hints: [String] { common.dialect.isZenity4 ? [] : given[Key.hints] }

    /// The application name the server sees.
    static let appName = "beckon"

    /// zenity's one action: a click on the notification ends a `--timeout` wait with OK.
    static let clickAction = NotificationAction(key: "default", label: "Do Default Action")
}

extension NotificationOptions: ZenityDialog {
    /// A notification is a message on the session bus, not a window.
    var needsDisplay: Bool { false }
}

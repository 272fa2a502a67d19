import BeckonCore

/// Everything the command line says about a `--notification`, read through
/// its ``Key``: `text` ("summary\nbody" with GLib's escapes still to be
/// processed), `listen` (commands from stdin instead of one notification) and
/// every `hints` NAME:VALUE, in order.
struct NotificationOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options: `Key.listen`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.listen` (`Self.Key.listen` in an instance): the built group.
    static let Key: Options = declared.group

    /// Its options, each declared once, in zenity's help order.
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        /// Its own `--text`, worded as zenity words it here.
        let text = OptionKey.string("text", "TEXT", "Set the notification text")
        let listen = OptionKey.flag("listen", "Listen for commands on stdin")
        let hints = OptionKey.strings("hint", "TEXT", "Set the notification hints").uncheckedByZenity()
        // Taken, not listed: zenity 4's --icon, which the message dialogs declare.
        let unlisted = OptionSection()
        let icon = MessageOptions.Key.icon.reused()
    }

    /// `--notification` as a command-line type.
    static let type = ZenityDialogType(
        "notification", "Display notification", help: "Notification icon options", options: Self.self,
        make: NotificationOptions.init(arguments:))

    /// The notification's icon: `--icon` (zenity 4) or `--window-icon` (zenity
    /// 3.44), the last given; zenity 4 takes `--icon-name`, then
    /// `--window-icon`, over `--icon`. Empty for none.
    var icon: String {
        let iconName = MessageOptions.Key.iconName
        let windowIcon = CommonOptions.Key.windowIcon
        let icon = common.dialect.isZenity4
            ? [given[iconName], given[windowIcon], given[Self.Key.icon]].compactMap { $0 }.first
            : given.last(of: Self.Key.icon, windowIcon)
        return icon ?? ""
    }

    /// The `--hint`s given, which zenity 4 ignores (it warns instead).
    var hints: [String] { common.dialect.isZenity4 ? [] : given[Self.Key.hints] }

    /// The application name the server sees.
    static let appName = "beckon"

    /// zenity's one action: a click on the notification ends a `--timeout` wait with OK.
    static let clickAction = NotificationAction(key: "default", label: "Do Default Action")
}

extension NotificationOptions: ZenityDialog {
    /// A notification is a message on the session bus, not a window.
    var needsDisplay: Bool { false }
}

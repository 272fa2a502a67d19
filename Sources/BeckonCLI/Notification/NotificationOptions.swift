import Beckon

/// Everything the command line says about a `--notification`.
struct NotificationOptions: Sendable, Equatable {
    var common = CommonOptions()
    /// `--text` as given: "summary\nbody" with GLib's escapes still to be processed.
    var text: String?
    /// `--listen`: commands from stdin instead of one notification.
    var listen = false
    /// Every `--hint NAME:VALUE`, in order.
    var hints: [String] = []

    init() {}

    init(_ given: GivenOptions) {
        common = CommonOptions(given)
        text = given.string("text")
        listen = given.flag("listen")
        hints = given.strings("hint")
    }

    /// `--notification` as a command-line type, its options in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "notification", flagHelp: "Display notification",
            helpTitle: "Notification icon options", helpSummary: "Show notification icon options",
            options: [
                O("text", .string, "TEXT", "Set the notification text"),
                O("listen", .none, nil, "Listen for commands on stdin"),
                O("hint", .string, "TEXT", "Set the notification hints"),
            ],
            make: { given throws(CLIError) in NotificationOptions(given) })
    }()

    /// The application name the server sees.
    static let appName = "beckon"

    /// zenity's one action: a click on the notification ends a `--timeout` wait with OK.
    static let clickAction = NotificationAction(key: "default", label: "Do Default Action")
}

extension NotificationOptions: ZenityDialog {
    /// A notification is a message on the session bus, not a window.
    var needsDisplay: Bool { false }
}

import BeckonIO

/// A desktop notification as the session's notification server shows it
/// (org.freedesktop.Notifications): a summary, a body, an icon and hints.
public struct DesktopNotification: Sendable, Equatable {
    /// The first line, in bold on most servers.
    public var summary: String
    /// The text under the summary; empty for none. Servers may read a little markup in it.
    public var body: String
    /// A themed icon name, a file path or a `file://` URI; empty for none.
    public var icon: String
    /// Extra requests to the server (urgency, category, …), in order.
    public var hints: [NotificationHint]
    /// Buttons the server may show; the key `"default"` is a click on the notification itself.
    public var actions: [NotificationAction]
    /// How long the server shows it.
    public var expiration: NotificationExpiration
    /// The application the server shows it for.
    public var appName: String

    public init(summary: String, body: String = "", icon: String = "", hints: [NotificationHint] = [],
                actions: [NotificationAction] = [], expiration: NotificationExpiration = .serverDefault,
                appName: String = "beckon") {
        self.summary = summary
        self.body = body
        self.icon = icon
        self.hints = hints
        self.actions = actions
        self.expiration = expiration
        self.appName = appName
    }
}

/// A button of a notification: the key the server reports, the label it shows.
public struct NotificationAction: Sendable, Equatable {
    public var key: String
    public var label: String

    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }

    /// A click on the notification itself.
    public static func `default`(label: String = "Open") -> NotificationAction {
        NotificationAction(key: "default", label: label)
    }
}

/// How long the server shows a notification.
public enum NotificationExpiration: Sendable, Equatable {
    /// As the server likes (-1 on the bus).
    case serverDefault
    /// Until it is closed (0 on the bus).
    case never
    /// About this long.
    case after(Duration)

    /// The milliseconds of Notify's `expire_timeout`.
    var milliseconds: Int32 {
        switch self {
        case .serverDefault: return -1
        case .never: return 0
        case .after(let duration):
            // The one rounding (up, DialogDeadline), but never 0, which means "never" here.
            return Int32(clamping: max(1, duration.milliseconds))
        }
    }
}

/// How a posted notification ended, as its server reported it.
public enum NotificationEnding: Sendable, Equatable {
    /// The person chose an action: its key (`"default"` for a click on the notification).
    case action(String)
    /// The server closed it.
    case closed(NotificationCloseReason)
}

/// Why a server closed a notification (NotificationClosed's reason).
public enum NotificationCloseReason: Sendable, Equatable {
    /// Its time ran out.
    case expired
    /// The person dismissed it.
    case dismissed
    /// ``PostedNotification/close()`` (or another program) closed it.
    case closedByCall
    /// Any other reason the server gave.
    case other(UInt32)

    init(_ code: UInt32) {
        switch code {
        case 1: self = .expired
        case 2: self = .dismissed
        case 3: self = .closedByCall
        default: self = .other(code)
        }
    }
}

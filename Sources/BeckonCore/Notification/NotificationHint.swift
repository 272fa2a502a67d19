/// One hint of a notification: a name and a typed value, as Notify's a{sv} carries it.
public struct NotificationHint: Sendable, Equatable {
    /// A typed value of a hint; the type is part of what the server reads.
    public enum Value: Sendable, Equatable {
        case boolean(Bool)
        case string(String)
        case int32(Int32)
        case byte(UInt8)
        case int64(Int64)
    }

    public var name: String
    public var value: Value

    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }

    /// How urgent a notification is (the `urgency` byte).
    public enum Urgency: UInt8, Sendable {
        case low = 0, normal = 1, critical = 2
    }

    /// The `urgency` hint.
    public static func urgency(_ urgency: Urgency) -> NotificationHint {
        NotificationHint("urgency", .byte(urgency.rawValue))
    }

    /// The `category` hint ("email.arrived", "transfer.complete", …).
    public static func category(_ category: String) -> NotificationHint {
        NotificationHint("category", .string(category))
    }

    /// The `transient` hint: the server keeps no record of it.
    public static let transient = NotificationHint("transient", .boolean(true))

    /// The `resident` hint: it stays after an action is invoked.
    public static let resident = NotificationHint("resident", .boolean(true))
}

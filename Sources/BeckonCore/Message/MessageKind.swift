import CGtk

/// The kind of message a message dialog shows; it picks the icon and the window's role.
public enum MessageKind: String, Sendable, Hashable, CaseIterable {
    case info, warning, question, error
    /// No icon at all.
    case other

    var gtkType: GtkMessageType {
        // GtkMessageType by value (gtkenums.h): Swift 6.3 does not find the
        // GTK_MESSAGE_* constants from this file.
        switch self {
        case .info: GtkMessageType(rawValue: 0)
        case .warning: GtkMessageType(rawValue: 1)
        case .question: GtkMessageType(rawValue: 2)
        case .error: GtkMessageType(rawValue: 3)
        case .other: GtkMessageType(rawValue: 4)
        }
    }
}

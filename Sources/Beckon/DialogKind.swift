import CGtk

/// The kind of message a dialog shows; it picks the icon and the window's role.
public enum DialogKind: Sendable, Hashable {
    case info, warning, question, error
    /// No icon at all.
    case other

    var gtkType: GtkMessageType {
        switch self {
        case .info: GTK_MESSAGE_INFO
        case .warning: GTK_MESSAGE_WARNING
        case .question: GTK_MESSAGE_QUESTION
        case .error: GTK_MESSAGE_ERROR
        case .other: GTK_MESSAGE_OTHER
        }
    }
}

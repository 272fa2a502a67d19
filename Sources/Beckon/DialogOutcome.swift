/// How a message dialog ended.
public enum DialogOutcome: Sendable, Hashable {
    /// A button, by its index in ``DialogRequest/buttons`` (Return activates the default one).
    case button(Int)
    /// The Escape key.
    case escape
    /// The window manager's close button or shortcut.
    case close
    /// The dialog was destroyed by code before anyone answered.
    case destroyed
    /// The request's timeout passed.
    case timedOut

    /// Whether the dialog ended without any button: Escape, a close or a destroy.
    public var isDismissal: Bool {
        switch self {
        case .escape, .close, .destroyed: true
        case .button, .timedOut: false
        }
    }
}

/// How a dialog ended, whatever its kind.
public enum DialogOutcome: Sendable, Hashable {
    /// A button, by its index in ``DialogFrame/buttons`` (Return activates the default one).
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

extension DialogOutcome {
    /// The one mapping from how a window ended to an outcome: a response that
    /// is not one of the frame's buttons counts as destroyed by code.
    init(_ ending: DialogEnding, buttonCount: Int) {
        switch ending {
        case .response(let id) where id >= 0 && Int(id) < buttonCount: self = .button(Int(id))
        case .response, .destroyed: self = .destroyed
        case .escape: self = .escape
        case .close: self = .close
        case .timedOut: self = .timedOut
        }
    }
}

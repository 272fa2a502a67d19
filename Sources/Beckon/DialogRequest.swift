/// Everything a message dialog shows: text, buttons, and how its window behaves.
public struct DialogRequest: Sendable, Hashable {
    /// The window title; nil leaves GTK's default.
    public var title: String?
    /// The primary text.
    public var message: DialogText
    /// Secondary text under the primary text.
    public var detail: DialogText?
    /// Info, warning, question or error: picks the icon.
    public var kind: DialogKind
    /// The buttons, left to right as GTK lays them out.
    public var buttons: [DialogButton]
    /// How long before the dialog closes by itself with ``DialogOutcome/timedOut``.
    public var timeout: Duration?
    /// The window the dialog belongs to, if any.
    public var parent: DialogParent?
    /// How the window looks beyond its text and buttons.
    public var appearance: DialogAppearance

    public init(
        title: String? = nil, message: DialogText, detail: DialogText? = nil,
        kind: DialogKind = .question, buttons: [DialogButton],
        timeout: Duration? = nil, parent: DialogParent? = nil,
        appearance: DialogAppearance = DialogAppearance()
    ) {
        self.title = title
        self.message = message
        self.detail = detail
        self.kind = kind
        self.buttons = buttons
        self.timeout = timeout
        self.parent = parent
        self.appearance = appearance
    }

    /// The index of the button Return activates: the first with the default role.
    public var defaultButtonIndex: Int? {
        buttons.firstIndex { $0.role == .default }
    }
}

/// The window a dialog is transient for.
public enum DialogParent: Sendable, Hashable {
    /// A window of any X11 client, by its XID (zenity's `--attach`, `WINDOWID`).
    case x11Window(UInt)
}

/// Window details a message dialog can set beyond its text and buttons.
public struct DialogAppearance: Sendable, Hashable {
    /// The window's default width and height in pixels; nil leaves GTK's choice.
    public var width: Int?
    public var height: Int?
    /// Whether long lines wrap (zenity's `--no-wrap` turns this off).
    public var wrapsText: Bool = true
    /// Whether overlong text ends with an ellipsis instead of wrapping.
    public var ellipsizesText: Bool = false
    /// A themed icon name that replaces the kind's icon.
    public var iconName: String?
    /// The window's own icon: a themed icon name or an image file.
    public var windowIcon: String?
    /// Whether the dialog is modal for its parent.
    public var isModal: Bool = false
    /// Whether the default button is styled as GTK's `suggested-action`
    /// (zenity's dialogs do not style it; Return activates it either way).
    public var highlightsDefaultButton: Bool = true
    /// Whether the text can be selected and copied; it then takes a Tab stop,
    /// as zenity's text does.
    public var isTextSelectable: Bool = false
    /// Whether the dialog shows the seconds left before its timeout closes it.
    public var showsCountdown: Bool = false

    public init() {}
}

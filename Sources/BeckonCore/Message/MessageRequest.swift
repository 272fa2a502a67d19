/// A message dialog: text, an icon for its kind, and buttons. Its answer is
/// the button alone.
public struct MessageRequest: DialogRequest, Hashable {
    public typealias Value = Void

    /// Title, buttons, timeout and window.
    public var frame: DialogFrame
    /// The primary text.
    public var message: DialogText
    /// Secondary text under the primary text.
    public var detail: DialogText?
    /// Info, warning, question or error: picks the icon.
    public var kind: MessageKind
    /// How the text and icon look.
    public var appearance: MessageAppearance

    public init(
        title: String? = nil, message: DialogText, detail: DialogText? = nil,
        kind: MessageKind = .question, buttons: [DialogButton],
        timeout: Duration? = nil, parent: DialogParent? = nil,
        appearance: MessageAppearance = MessageAppearance()
    ) {
        self.frame = DialogFrame(title: title, buttons: buttons, timeout: timeout, parent: parent)
        self.message = message
        self.detail = detail
        self.kind = kind
        self.appearance = appearance
    }

    public func value(scripted: Void?) -> Void? {
        ()
    }

    public var builders: DialogBuilders<Void> { DialogBuilders(self) }
}

/// How a message dialog's text and icon look, beyond its frame.
public struct MessageAppearance: Sendable, Hashable {
    /// Whether long lines wrap (zenity's `--no-wrap` turns this off).
    public var wrapsText: Bool = true
    /// Whether overlong text ends with an ellipsis instead of wrapping.
    public var ellipsizesText: Bool = false
    /// The icon that replaces the kind's: an image file when it names an
    /// existing file (zenity 4's `--icon=PATH`), else a themed icon name.
    public var iconName: String?
    /// Whether the text can be selected and copied; it then takes a Tab stop,
    /// as zenity's text does.
    public var isTextSelectable: Bool = false

    public init() {}
}

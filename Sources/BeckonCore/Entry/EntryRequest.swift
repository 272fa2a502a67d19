/// A question answered with a line of text: a prompt, a text field, and
/// optionally suggestions to pick from.
///
/// Its value is the field's text when the dialog ends, whatever the ending:
/// ``DialogReply/accepted(in:)`` keeps it only for the default button.
public struct EntryRequest: DialogRequest, Hashable {
    public typealias Value = String

    /// Title, buttons, timeout and window.
    public var frame: DialogFrame
    /// The line above the field, shown literally (no markup). An underscore
    /// marks the mnemonic that puts the cursor in the field; write `__` for an
    /// underscore.
    public var prompt: String
    /// What the field holds when the dialog opens, selected so typing replaces it.
    public var text: String
    /// Whether the field shows bullets instead of what is typed.
    public var hidesText: Bool
    /// Values offered in a drop-down list beside the field; the field stays
    /// editable. Up and Down step through them. When ``text`` is one of them,
    /// that one starts selected.
    public var suggestions: [String]
    /// An icon left of the prompt and the field, at a message dialog's icon
    /// size: an image file when it names an existing file, else a themed icon
    /// name (as ``MessageAppearance/iconName``). nil, the default, shows none,
    /// as zenity does: 4.2.2's entry has no icon of its own.
    public var iconName: String?

    public init(
        title: String? = nil, prompt: String, text: String = "", hidesText: Bool = false,
        suggestions: [String] = [], buttons: [DialogButton] = DialogFrame.okCancel().buttons,
        timeout: Duration? = nil, parent: DialogParent? = nil
    ) {
        self.frame = DialogFrame(title: title, buttons: buttons, timeout: timeout, parent: parent)
        self.prompt = prompt
        self.text = text
        self.hidesText = hidesText
        self.suggestions = suggestions
    }

    /// The scripted text, or the initial ``text`` when nothing was typed.
    public func value(scripted: String?) -> String? {
        scripted ?? text
    }

    public var builders: DialogBuilders<String> { DialogBuilders(self) }

    /// Why GTK could not show this request faithfully, or nil when it can: C
    /// strings end at the first NUL, so such text would be cut short.
    var problem: String? {
        if ([prompt, text] + suggestions).contains(where: { $0.contains("\0") }) {
            return "the prompt, text and suggestions of a text entry cannot contain NUL characters"
        }
        return nil
    }
}

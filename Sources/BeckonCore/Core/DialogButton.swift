/// One button of a dialog request.
public struct DialogButton: Sendable, Hashable {
    /// The button's text; an underscore marks the mnemonic.
    public var label: String
    /// What the button means to GTK: default, cancel, destructive or plain.
    public var role: DialogRole

    public init(_ label: String, role: DialogRole = .plain) {
        self.label = label
        self.role = role
    }
}

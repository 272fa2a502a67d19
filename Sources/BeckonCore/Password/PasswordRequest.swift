/// A question answered with a password, and a user name when asked for.
///
/// Its value is what the fields hold when the dialog ends, whatever the
/// ending: ``DialogReply/accepted(in:)`` keeps it only for the default button,
/// so a declined dialog never hands the password on.
public struct PasswordRequest: DialogRequest, Hashable {
    public typealias Value = Credentials

    /// Title, buttons, timeout and window. Without a title GTK shows the
    /// program's name, as zenity's password dialog does.
    public var frame: DialogFrame
    /// Whether a user-name field comes before the password field.
    public var asksUsername: Bool
    /// What the user-name field starts with.
    public var username: String
    /// The line beside the icon, shown literally (no markup).
    public var heading: String
    /// The labels in front of the fields.
    public var usernameLabel: String = "Username:"
    public var passwordLabel: String = "Password:"
    /// The themed icon beside the heading; nil for none.
    public var iconName: String? = "dialog-password"

    /// A request whose `heading` is, when nil, "Type your password" or, with a
    /// user name, "Type your username and password".
    public init(
        title: String? = nil, asksUsername: Bool = false, username: String = "", heading: String? = nil,
        buttons: [DialogButton] = DialogFrame.okCancel().buttons, timeout: Duration? = nil,
        parent: DialogParent? = nil
    ) {
        self.frame = DialogFrame(title: title, buttons: buttons, timeout: timeout, parent: parent)
        self.asksUsername = asksUsername
        self.username = username
        self.heading = heading ?? (asksUsername ? "Type your username and password" : "Type your password")
    }

    /// The initial fields for nil; scripted credentials, whose user name
    /// fits only a request that asks for one (nil keeps the initial name).
    public func value(scripted: Credentials?) -> Credentials? {
        let name = asksUsername ? username : nil
        guard let scripted else { return Credentials(username: name, password: "") }
        if scripted.username != nil && !asksUsername { return nil }
        return Credentials(username: scripted.username ?? name, password: scripted.password)
    }

    public var builders: DialogBuilders<Credentials> { DialogBuilders(self) }

    /// Why GTK could not show this request faithfully, or nil when it can: C
    /// strings end at the first NUL, so such text would be cut short.
    var problem: String? {
        if [username, heading, usernameLabel, passwordLabel].contains(where: { $0.contains("\0") }) {
            return "the text of a password dialog cannot contain NUL characters"
        }
        return nil
    }
}

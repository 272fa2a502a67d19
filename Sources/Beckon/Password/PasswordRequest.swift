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

    /// The scripted password (with the initial user name), or a scripted login
    /// when the request asks for a user name; the initial fields for nil.
    public func value(scripted: ScriptedValue?) -> Credentials? {
        let name = asksUsername ? username : nil
        switch scripted {
        case nil: return Credentials(username: name, password: "")
        case .text(let password)?: return Credentials(username: name, password: password)
        case .login(let username, let password)? where asksUsername:
            return Credentials(username: username, password: password)
        default: return nil
        }
    }

    /// Why GTK could not show this request faithfully, or nil when it can: C
    /// strings end at the first NUL, so such text would be cut short.
    var problem: String? {
        if [username, heading, usernameLabel, passwordLabel].contains(where: { $0.contains("\0") }) {
            return "the text of a password dialog cannot contain NUL characters"
        }
        return nil
    }
}

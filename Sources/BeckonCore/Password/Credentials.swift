/// What a password dialog gives back: the password, and the user name when
/// the dialog asked for one.
public struct Credentials: Sendable, Hashable {
    /// The user name typed; nil when the dialog did not ask for one.
    public var username: String?
    /// The password typed.
    public var password: String

    public init(username: String? = nil, password: String) {
        self.username = username
        self.password = password
    }
}

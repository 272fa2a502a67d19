/// A password, and a user name when asked for, with Cancel and OK.
extension Dialog {
    /// Asks for a password (and a user name when `askUsername`) and returns
    /// them, or nil when the person declined.
    ///
    /// OK, or Return in the password field, give the credentials (their
    /// `username` is nil unless asked for); Cancel, Escape, a window-manager
    /// close or a destroyed dialog give nil, so a declined dialog never hands
    /// the typed password on. Throws ``DialogError/timedOut`` when `timeout`
    /// passes, ``DialogError/invalidRequest(_:)`` for text GTK cannot show (a
    /// NUL character), and `CancellationError` when the awaiting task is
    /// cancelled (the dialog closes).
    ///
    /// - Parameters:
    ///   - username: what the user-name field starts with.
    ///   - heading: the line beside the icon; nil for "Type your password"
    ///     ("Type your username and password" with a user name).
    public func password(
        title: String? = nil,
        askUsername: Bool = false,
        username: String = "",
        heading: String? = nil,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> Credentials? {
        let request = PasswordRequest(
            title: title, asksUsername: askUsername, username: username, heading: heading,
            timeout: timeout, parent: parent)
        if let problem = request.problem { throw DialogError.invalidRequest(problem) }
        return try await accepted(request)
    }

    /// A password asked in a real GTK dialog; see
    /// ``password(title:askUsername:username:heading:parent:timeout:)-swift.method``.
    public static func password(
        title: String? = nil,
        askUsername: Bool = false,
        username: String = "",
        heading: String? = nil,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> Credentials? {
        try await Dialog().password(
            title: title, askUsername: askUsername, username: username, heading: heading,
            parent: parent, timeout: timeout)
    }
}

/// A password dialog on a terminal: the heading, a user name when asked for,
/// and the password, never echoed (not even as bullets), as `sudo` asks.
extension PasswordRequest: TerminalDialogKind {
    @GtkActor
    package func makePrompt() -> any TerminalPrompt<Credentials> {
        PasswordPrompt(self)
    }
}

@GtkActor
private final class PasswordPrompt: TerminalPrompt {
    private let heading: String
    private let usernameLabel: String
    private let passwordLabel: String
    private var username: TerminalLineEditor?
    private var password = TerminalLineEditor("")

    init(_ request: PasswordRequest) {
        heading = request.heading
        usernameLabel = TerminalText.mnemonic(request.usernameLabel).text
        passwordLabel = TerminalText.mnemonic(request.passwordLabel).text
        username = request.asksUsername ? TerminalLineEditor(request.username) : nil
    }

    var fieldCount: Int { username == nil ? 1 : 2 }
    var value: Credentials { Credentials(username: username?.text, password: password.text) }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        var lines = heading.isEmpty ? [] : TerminalText.wrap(heading, width: layout.width)
        var cursor: (Int, Int)?
        if let username {
            let label = usernameLabel + " "
            let (shown, column) = username.shown(width: layout.width - TerminalText.width(label))
            lines.append(label + shown)
            if layout.focusedField == 0 { cursor = (lines.count - 1, TerminalText.width(label) + column) }
        }
        let label = passwordLabel + " "
        lines.append(label)
        if layout.focusedField == fieldCount - 1 { cursor = (lines.count - 1, TerminalText.width(label)) }
        return TerminalBody(lines, cursor: cursor)
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        guard let field else { return .ignored }
        if field == fieldCount - 1 {
            // Only what changes the password blindly: no cursor to move in it.
            switch key {
            case .enter: return .activate
            case .character, .backspace, .control("u"), .control("w"):
                // In place: a copy would copy the whole line at every key of a paste.
                if key == .control("w") { password.text = "" } else { _ = password.handle(key) }
                return .handled
            default: return .ignored
            }
        }
        // Return in the user-name field moves on to the password, as in the window.
        if key == .enter { return .focusNext }
        // In place: a copy would copy the whole line at every key of a paste.
        return username?.handle(key) == true ? .handled : .ignored
    }
}

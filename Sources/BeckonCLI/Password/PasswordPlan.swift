import BeckonCore
import BeckonJSON

/// A `--password` dialog worked out from its options, before any window
/// exists: the request to show and what each button means.
struct PasswordPlan: Sendable, Equatable {
    var request: PasswordRequest
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons
    /// Which zenity's timeout rule applies.
    var dialect = ZenityDialect.zenity3_44

    init(_ options: PasswordOptions, environment: Environment, translations: Translations) {
        let common = options.common
        // Unlike the dialogs from zenity's UI file, the password dialog adds
        // its extra buttons first: they stand before Cancel and OK.
        let buttons = ZenityButtons.cancelOK(common, translations: translations, extrasFirst: true)
        self.buttons = buttons
        dialect = common.dialect
        let heading = options.text.map(ZenityText.compress)
            ?? translations.zenity(options.username ? "Type your username and password" : "Type your password")
        request = PasswordRequest(asksUsername: options.username, heading: heading)
        request.usernameLabel = translations.zenity("Username:")
        request.passwordLabel = translations.zenity("Password:")
        // zenity sets no title of its own here: GTK shows the program's name.
        // Nor a window icon: --window-icon and --width, which zenity ignores
        // for this dialog, are honoured like everywhere else.
        let title = common.title
        request.frame = common.frame(buttons, defaultTitle: "", defaultWindowIcon: nil, environment: environment)
        request.frame.title = title
    }

    /// zenity's password dialog exits as if cancelled on a timeout, printing nothing.
    static let timeout = ZenityAnswer.Timeout.exits(.esc)

    /// zenity 4.2's exits with the TIMEOUT code (5), printing nothing.
    static func timeout(in dialect: ZenityDialect) -> ZenityAnswer.Timeout {
        dialect.isZenity4 ? .exits(.timeout) : timeout
    }

    /// How `credentials`, the fields as the dialog ended, print: on OK a line,
    /// `user|password` with a user name (always with the bar), else the
    /// password. The timeout exits as Escape does, printing nothing, and
    /// `--json` shows the value only on OK, so a declined password never leaks.
    static func answer(_ credentials: Credentials, dialect: ZenityDialect = .zenity3_44) -> ZenityAnswer {
        var members: [(String, JSONValue)] = []
        var printed = credentials.password + "\n"
        if let username = credentials.username {
            members.append(("username", .string(username)))
            printed = username + "|" + printed
        }
        members.append(("password", .string(credentials.password)))
        return ZenityAnswer(printed: printed, json: .object(members), timeout: timeout(in: dialect))
    }
}

extension PasswordPlan: ZenityPlan {
    @GtkActor init(_ options: PasswordOptions, context: ZenityContext) {
        self.init(options, environment: context.environment, translations: context.translations)
    }

    func answer(_ credentials: Credentials) -> ZenityAnswer { Self.answer(credentials, dialect: dialect) }
}

extension PasswordOptions: ZenityKind, SingleTypeDialog { typealias Plan = PasswordPlan }

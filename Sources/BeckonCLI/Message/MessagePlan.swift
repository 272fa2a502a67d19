import BeckonCore

/// A message dialog worked out from its options, before any window exists:
/// the request to show, what each button means, and any warning for stderr.
struct MessagePlan: Sendable, Equatable {
    var request: MessageRequest
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons
    /// A line for stderr, such as why the markup was shown as plain text.
    var warning: String?

    init(_ options: MessageOptions, environment: Environment, translations: Translations) {
        let kind = options.kind
        let common = options.common
        var buttons = ZenityButtons()
        if !options.buttons.isEmpty {
            buttons.addExtras(common.extraButtons)
            // Return activates the last (rightmost) one, or the first with --default-cancel.
            let defaultIndex = options.defaultCancel ? 0 : options.buttons.count - 1
            for (index, button) in options.buttons.enumerated() {
                buttons.add(button.label, index == defaultIndex ? .default : .plain, .custom(exitCode: button.exitCode))
            }
        } else if kind == .question {
            // zenity's question adds its extra buttons first, then No and Yes.
            buttons.addExtras(common.extraButtons)
            if !options.switchMode {
                buttons.add(common.cancelLabel ?? translations.gtk("_No"), options.defaultCancel ? .default : .cancel, .cancel)
                buttons.add(common.okLabel ?? translations.gtk("_Yes"), options.defaultCancel ? .plain : .default, .ok)
                buttons.areYesNo = true
            }
        } else {
            // The other three have OK from their UI file, and extra buttons after it.
            buttons.add(common.okLabel ?? translations.gtk("_OK"), .default, .ok)
            buttons.addExtras(common.extraButtons)
        }

        var warning: String?
        let text: DialogText
        if let given = options.text {
            if options.noMarkup {
                // zenity shows --no-markup text exactly as given: no escapes either.
                text = ZenityText.literalMarkup(given)
            } else {
                let label = ZenityText.labelText(given, default: "", option: "--text")
                warning = label.warning
                // Plain text as escaped markup: GtkMessageDialog sets plain primary text in bold.
                text = label.text.isMarkup ? label.text : ZenityText.literalMarkup(label.text.string)
            }
        } else {
            text = ZenityText.literalMarkup(translations.zenity(Self.defaultText(kind)))
        }

        var appearance = MessageAppearance()
        appearance.wrapsText = !options.noWrap
        appearance.ellipsizesText = options.ellipsize
        // zenity always shows the kind's icon; GTK's message dialogs no longer do.
        appearance.iconName = options.icon ?? "dialog-\(Self.iconSuffix(kind))"
        // zenity's text is selectable, so it is a Tab stop: Tab from Yes lands on it.
        // zenity 4's is not: one Tab from Yes reaches the first button.
        appearance.isTextSelectable = !common.dialect.isZenity4

        var request = MessageRequest(message: text, kind: kind, buttons: [], appearance: appearance)
        request.frame = common.frame(buttons, defaultTitle: translations.zenity(Self.defaultTitle(kind)),
                                     defaultWindowIcon: "dialog-\(Self.iconSuffix(kind))", environment: environment)
        self.request = request
        self.buttons = buttons
        self.warning = warning
    }

    static func defaultTitle(_ kind: MessageKind) -> String {
        switch kind {
        case .question: "Question"
        case .info: "Information"
        case .warning: "Warning"
        case .error: "Error"
        case .other: ""
        }
    }

    /// The text zenity's dialogs show without --text.
    static func defaultText(_ kind: MessageKind) -> String {
        switch kind {
        case .question, .warning: "Are you sure you want to proceed?"
        case .info: "All updates are complete."
        case .error: "An error has occurred."
        case .other: ""
        }
    }

    static func iconSuffix(_ kind: MessageKind) -> String {
        switch kind {
        case .question: "question"
        case .info: "information"
        case .warning: "warning"
        case .error, .other: "error"
        }
    }
}

extension MessagePlan: ZenityPlan {
    var warnings: [String] { warning.map { [$0] } ?? [] }

    @GtkActor init(_ options: MessageOptions, context: ZenityContext) {
        self.init(options, environment: context.environment, translations: context.translations)
    }

    /// A message dialog's answer is the button alone.
    func answer(_: Void) -> ZenityAnswer { ZenityAnswer() }

    /// The dialog's flag: question, info, warning or error.
    var jsonKind: String { request.kind.rawValue }
}

extension MessageOptions: ZenityKind {
    typealias Plan = MessagePlan

    /// The dialog's flag: question, info, warning or error.
    var jsonKind: String { kind.rawValue }
}

import Beckon
import Glibc

/// A message dialog worked out from its options, before any window exists:
/// the request to show, what each button means, and any warning for stderr.
public struct MessagePlan: Sendable, Equatable {
    /// What a button stands for, which decides the exit code and stdout.
    public enum ButtonMeaning: Sendable, Equatable {
        /// zenity's OK (or Yes).
        case ok
        /// zenity's Cancel (or No).
        case cancel
        /// `--extra-button`, by its position among the extra buttons.
        case extra(Int)
        /// beckon's `--button`, by its position among them.
        case custom(Int)
    }

    public var request: DialogRequest
    /// One meaning per button of `request`, in the same order.
    public var meanings: [ButtonMeaning]
    /// A line for stderr, such as why the markup was shown as plain text.
    public var warning: String?

    public init(_ options: MessageOptions, environment: Environment, translations: Translations) {
        let kind = options.kind
        var buttons: [DialogButton] = []
        var meanings: [ButtonMeaning] = []
        func add(_ label: String, _ role: DialogRole, _ meaning: ButtonMeaning) {
            buttons.append(DialogButton(label, role: role))
            meanings.append(meaning)
        }
        func addExtras() {
            for (index, label) in options.extraButtons.enumerated() { add(label, .plain, .extra(index)) }
        }
        if !options.buttons.isEmpty {
            addExtras()
            // Return activates the last (rightmost) one, or the first with --default-cancel.
            let defaultIndex = options.defaultCancel ? 0 : options.buttons.count - 1
            for (index, button) in options.buttons.enumerated() {
                add(button.label, index == defaultIndex ? .default : .plain, .custom(index))
            }
        } else if kind == .question {
            // zenity's question adds its extra buttons first, then No and Yes.
            addExtras()
            if !options.switchMode {
                add(options.cancelLabel ?? translations.gtk("_No"), options.defaultCancel ? .default : .cancel, .cancel)
                add(options.okLabel ?? translations.gtk("_Yes"), options.defaultCancel ? .plain : .default, .ok)
            }
        } else {
            // The other three have OK from their UI file, and extra buttons after it.
            add(options.okLabel ?? translations.gtk("_OK"), .default, .ok)
            addExtras()
        }

        var warning: String?
        let text: DialogText
        if let given = options.text {
            if options.noMarkup {
                // zenity shows --no-markup text exactly as given: no escapes either.
                text = ZenityText.literalMarkup(given)
            } else {
                let compressed = ZenityText.compress(given)
                if let error = ZenityText.markupError(compressed) {
                    warning = "beckon: warning: --text is not valid Pango markup (\(error)); "
                        + "showing it as plain text"
                    text = ZenityText.literalMarkup(compressed)
                } else {
                    text = .markup(compressed)
                }
            }
        } else {
            text = ZenityText.literalMarkup(translations.zenity(Self.defaultText(kind)))
        }

        var appearance = DialogAppearance()
        appearance.width = options.width.flatMap { $0 >= 0 ? Int($0) : nil }
        appearance.height = options.height.flatMap { $0 >= 0 ? Int($0) : nil }
        appearance.wrapsText = !options.noWrap
        appearance.ellipsizesText = options.ellipsize
        // zenity always shows the kind's icon; GTK's message dialogs no longer do.
        appearance.iconName = options.iconName.flatMap { $0.isEmpty ? nil : $0 } ?? "dialog-\(Self.defaultIconSuffix(kind))"
        appearance.windowIcon = Self.windowIcon(options.windowIcon, kind: kind)
        appearance.isModal = options.modal
        appearance.highlightsDefaultButton = false
        // zenity's text is selectable, so it is a Tab stop: Tab from Yes lands on it.
        appearance.isTextSelectable = true
        let timeout = options.effectiveTimeout
        appearance.showsCountdown = options.countdown && timeout != nil

        var parent: DialogParent?
        if let attach = options.attach, attach != 0 {
            parent = .x11Window(UInt(UInt32(bitPattern: attach)))
        } else if let windowID = environment["WINDOWID"], let xid = Self.windowID(windowID) {
            parent = .x11Window(xid)
        }

        request = DialogRequest(
            title: options.title ?? translations.zenity(Self.defaultTitle(kind)),
            message: text, kind: Self.dialogKind(kind), buttons: buttons,
            timeout: timeout.map { .seconds(Int($0)) }, parent: parent, appearance: appearance)
        self.meanings = meanings
        self.warning = warning
    }

    static func defaultTitle(_ kind: MessageKind) -> String {
        switch kind {
        case .question: "Question"
        case .info: "Information"
        case .warning: "Warning"
        case .error: "Error"
        }
    }

    /// The text zenity's dialogs show without --text.
    static func defaultText(_ kind: MessageKind) -> String {
        switch kind {
        case .question, .warning: "Are you sure you want to proceed?"
        case .info: "All updates are complete."
        case .error: "An error has occurred."
        }
    }

    static func dialogKind(_ kind: MessageKind) -> DialogKind {
        switch kind {
        case .question: .question
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }

    /// zenity's --window-icon: "error", "info", "question" and "warning" name the
    /// stock dialog icons, an existing file is an image, anything else an icon name.
    static func windowIcon(_ given: String?, kind: MessageKind) -> String {
        guard let given, !given.isEmpty else { return "dialog-\(defaultIconSuffix(kind))" }
        if ["error", "info", "question", "warning"].contains(given) {
            return "dialog-\(given == "info" ? "information" : given)"
        }
        if access(given, R_OK) == 0 {
            return given.contains("/") ? given : "./\(given)"
        }
        return given
    }

    static func defaultIconSuffix(_ kind: MessageKind) -> String {
        switch kind {
        case .question: "question"
        case .info: "information"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// An X11 window id from WINDOWID (decimal, or 0x hex), nil when absent or 0.
    static func windowID(_ text: String) -> UInt? {
        text.withCString { start -> UInt? in
            var end: UnsafeMutablePointer<CChar>?
            errno = 0
            let value = strtoul(start, &end, 0)
            guard errno == 0, let end, end.pointee == 0, start.pointee != 0, value != 0 else { return nil }
            return UInt(value)
        }
    }
}

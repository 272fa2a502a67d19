/// The four message dialogs beckon shows.
public enum MessageKind: String, Sendable, Equatable, CaseIterable {
    case question, info, warning, error
}

/// A button from beckon's `--button LABEL[:CODE]`.
public struct CustomButton: Sendable, Equatable {
    /// The button's text; an underscore marks the mnemonic.
    public var label: String
    /// The exit code the button ends the process with.
    public var exitCode: Int32
}

/// Everything the command line says about a message dialog.
public struct MessageOptions: Sendable, Equatable {
    public var kind: MessageKind
    public var title: String?
    /// `--text` as given: escapes and markup are still to be processed.
    public var text: String?
    public var windowIcon: String?
    public var width: Int32?
    public var height: Int32?
    /// Seconds; zero or less means no timeout, as in zenity.
    public var timeout: Int32?
    public var okLabel: String?
    public var cancelLabel: String?
    public var extraButtons: [String] = []
    public var modal = false
    public var attach: Int32?
    public var iconName: String?
    public var noWrap = false
    public var noMarkup = false
    public var ellipsize = false
    public var defaultCancel = false
    public var switchMode = false
    // GTK's own options.
    public var display: String?
    public var programClass: String?
    public var programName: String?
    // Beyond zenity.
    public var buttons: [CustomButton] = []
    public var json = false
    public var countdown = false

    public init(kind: MessageKind) {
        self.kind = kind
    }

    /// The timeout in seconds, when there is one (zenity ignores zero and less).
    public var effectiveTimeout: Int32? {
        guard let timeout, timeout > 0 else { return nil }
        return timeout
    }
}

import BeckonIO

/// What every dialog has, whatever it asks: its window, buttons and timeout.
public struct DialogFrame: Sendable, Hashable {
    /// The window title; nil leaves the kind's default.
    public var title: String?
    /// A heading inside the window, in big bold text above the dialog's
    /// content, as zenity 4's libadwaita dialogs show their title (on a
    /// terminal, a first line); shown literally. nil, the default, shows none.
    /// The file chooser, GTK's own window, shows none.
    public var heading: String?
    /// The buttons, left to right as GTK lays them out. Their indices are what
    /// ``DialogOutcome/button(_:)`` reports.
    public var buttons: [DialogButton]
    /// How long before the dialog closes by itself with ``DialogOutcome/timedOut``.
    public var timeout: Duration?
    /// When set, the moment the dialog closes by itself with
    /// ``DialogOutcome/timedOut``, however long it waited for its turn or took
    /// to build; ``timeout`` is then ignored. A command's `--timeout` that
    /// counts from the start of the program, as `beckon terms`' does.
    public var deadline: ContinuousClock.Instant?
    /// The window the dialog belongs to, if any.
    public var parent: DialogParent?
    /// The window's default width and height in pixels; nil leaves GTK's choice.
    public var width: Int?
    public var height: Int?
    /// The window's own icon: a themed icon name or an image file.
    public var windowIcon: String?
    /// Whether the dialog is modal for its parent.
    public var isModal: Bool = false
    /// Whether the default button is styled as GTK's `suggested-action`
    /// (zenity's dialogs do not style it; Return activates it either way).
    public var highlightsDefaultButton: Bool = true
    /// Whether the dialog shows the seconds left before its timeout closes it.
    public var showsCountdown: Bool = false

    public init(title: String? = nil, buttons: [DialogButton], timeout: Duration? = nil, parent: DialogParent? = nil) {
        self.title = title
        self.buttons = buttons
        self.timeout = timeout
        self.parent = parent
    }

    /// Cancel and OK, GTK's labels in the process's language; Return gives OK.
    public static func okCancel(title: String? = nil, ok: String? = nil, cancel: String? = nil,
                                timeout: Duration? = nil) -> DialogFrame {
        DialogFrame(title: title, buttons: [
            DialogButton(cancel ?? GtkLabels.cancel, role: .cancel),
            DialogButton(ok ?? GtkLabels.ok, role: .default),
        ], timeout: timeout)
    }

    /// How long the dialog has from now before it times out: what is left to
    /// ``deadline`` (at least a moment, so a window that took all of it to
    /// build still shows), else ``timeout``. The session makes its one
    /// deadline from this when the window shows.
    public var timeoutFromNow: Duration? {
        guard let deadline else { return timeout }
        return max(DialogDeadline(deadline).timeLeft(), .milliseconds(1))
    }

    /// The index of the button Return activates: the first with the default role.
    public var defaultButtonIndex: Int? {
        buttons.firstIndex { $0.role == .default }
    }
}

/// The window a dialog is transient for.
public enum DialogParent: Sendable, Hashable {
    /// A window of any X11 client, by its XID (zenity's `--attach`, `WINDOWID`).
    case x11Window(UInt)
}

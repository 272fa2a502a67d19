import BeckonCore

/// A button from beckon's `--button LABEL[:CODE]`.
public struct CustomButton: Sendable, Equatable {
    /// The button's text; an underscore marks the mnemonic.
    public var label: String
    /// The exit code the button ends the process with.
    public var exitCode: Int32
}

/// Everything the command line says about a message dialog, read through
/// its ``Key``: `text` (escapes and markup still to be processed), the icon,
/// the wrapping and markup switches, and beckon's `buttons`.
struct MessageOptions: KindOptions, Equatable {
    var kind: MessageKind
    var arguments = ZenityArguments()
    // Beyond zenity.
    var buttons: [CustomButton] = []

    init(kind: MessageKind) {
        self.kind = kind
    }

    init(kind: MessageKind, arguments: ZenityArguments) throws(CLIError) {
        self.kind = kind
        self.arguments = arguments
        for (position, value) in arguments.given[Key.button].enumerated() {
            buttons.append(try ZenityParser.customButton(value, position: position))
        }
    }

    /// Its options, each declared once.
    enum Key: ZenityOptionTable.Text {
        static let iconName = OptionKey.string("icon-name", "ICON-NAME", "Set the dialog icon")
        /// zenity 4's: a theme name or an image file, listed with beckon's options.
        static let icon = OptionKey.string("icon", "ICON-NAME|FILE",
            "Set the dialog's icon: a theme name or an image file (zenity 4; message dialogs, --notification)")
        static let noWrap = OptionKey.flag("no-wrap", "Do not enable text wrapping")
        static let noMarkup = OptionKey.flag("no-markup", "Do not enable Pango markup")
        static let defaultCancel = OptionKey.flag("default-cancel", "Give Cancel button focus by default")
        static let ellipsize = OptionKey.flag("ellipsize",
            "Enable ellipsizing in the dialog text. This fixes the high window size with long texts")
        static let switchMode = OptionKey.flag("switch", "Suppress OK and Cancel buttons")
        /// beckon's `--button LABEL[:CODE]`, listed with beckon's options.
        static let button = OptionKey.strings("button", "LABEL[:CODE]",
            "Add a button that exits with CODE (default: its position from 0); replaces OK and Cancel "
                + "(message dialogs)")
    }

    /// The icon the command line gives the message, nil for the kind's own.
    /// `--icon` and `--icon-name` are one option here, the last given wins;
    /// zenity 4 takes `--icon-name`, then `--window-icon`, over `--icon`.
    var icon: String? {
        let icon = common.dialect.isZenity4
            ? [given[Key.iconName], common.windowIcon, given[Key.icon]].compactMap { $0 }.first
            : given.last(of: Key.icon, Key.iconName)
        return icon.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// zenity's four message dialogs, as command-line types.
    static func type(_ kind: MessageKind) -> ZenityDialogType {
        let question = kind == .question
        let options: [any DeclaredOption] = [Key.text, Key.iconName, Key.noWrap, Key.noMarkup]
            + (question ? [Key.defaultCancel] : []) + [Key.ellipsize] + (question ? [Key.switchMode] : [])
        // A switch, not a dictionary keyed by kind: no Dictionary metadata to
        // build at start for one lookup.
        let (title, word) = switch kind {
        case .question: ("Question", "question")
        case .info: ("Info", "info")
        case .warning: ("Warning", "warning")
        case .error: ("Error", "error")
        case .other: ("", "")
        }
        return ZenityDialogType(
            kind.rawValue, "Display \(word) dialog", help: "\(title) options",
            options: options,
            unlistedOptions: [Key.button, Key.icon],
            refusedGeneralOptions: question ? [] : [CommonOptions.Key.cancelLabel],
            make: { arguments throws(CLIError) in try MessageOptions(kind: kind, arguments: arguments) })
    }
}

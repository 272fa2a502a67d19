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
        for (position, value) in arguments.given[Self.Key.button].enumerated() {
            buttons.append(try ZenityParser.customButton(value, position: position))
        }
    }

    /// Its options: `Key.noWrap`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.noWrap` (`Self.Key.noWrap` in an instance): the built group.
    static let Key: Options = declared.group
    /// The four message dialogs' one group, as the parser knows it, built or not.
    static let group = KindGroup(Self.self)

    /// The options of the four message dialogs, each declared once, in
    /// zenity's help order: `--question` lists, and takes, its own section
    /// too (``DialogSection/question``).
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        let text = ZenityOptionTable.Key.text.reused()
        let iconName = OptionKey.string("icon-name", "ICON-NAME", "Set the dialog icon").uncheckedByZenity()
        let noWrap = OptionKey.flag("no-wrap", "Do not enable text wrapping")
        let noMarkup = OptionKey.flag("no-markup", "Do not enable Pango markup").uncheckedByZenity()
        let question = OptionSection(DialogSection.question)
        let defaultCancel = OptionKey.flag("default-cancel", "Give Cancel button focus by default").uncheckedByZenity()
        let everyMessage = OptionSection(DialogSection.dialog)
        let ellipsize = OptionKey.flag("ellipsize",
            "Enable ellipsizing in the dialog text. This fixes the high window size with long texts")
        let questionAgain = OptionSection(DialogSection.question)
        let switchMode = OptionKey.flag("switch", "Suppress OK and Cancel buttons").uncheckedByZenity()
        // Taken by every message dialog, listed by none of their sections.
        let beckon = OptionSection(ZenityOptionTable.Section.beckon)
        /// beckon's `--button LABEL[:CODE]`, listed first with beckon's options.
        let button = OptionKey.strings("button", "LABEL[:CODE]",
            "Add a button that exits with CODE (default: its position from 0); replaces OK and Cancel "
                + "(message dialogs)")
        let zenity4 = OptionSection(ZenityOptionTable.Section.zenity4)
        /// zenity 4's: a theme name or an image file, listed with beckon's options.
        let icon = OptionKey.string("icon", "ICON-NAME|FILE",
            "Set the dialog's icon: a theme name or an image file (zenity 4; message dialogs, --notification)")
    }

    /// The icon the command line gives the message, nil for the kind's own.
    /// `--icon` and `--icon-name` are one option here, the last given wins;
    /// zenity 4 takes `--icon-name`, then `--window-icon`, over `--icon`.
    var icon: String? {
        let icon = common.dialect.isZenity4
            ? [given[Self.Key.iconName], common.windowIcon, given[Self.Key.icon]].compactMap { $0 }.first
            : given.last(of: Self.Key.icon, Self.Key.iconName)
        return icon.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// zenity's four message dialogs, as command-line types.
    static func type(_ kind: MessageKind) -> ZenityDialogType {
        let question = kind == .question
        let titles: [MessageKind: (String, String)] = [
            .question: ("Question", "question"), .info: ("Info", "info"),
            .warning: ("Warning", "warning"), .error: ("Error", "error"),
        ]
        let (title, word) = titles[kind] ?? ("", "")
        return ZenityDialogType(
            kind.rawValue, "Display \(word) dialog", help: "\(title) options", options: Self.self,
            sections: question ? [.dialog, .question] : [.dialog],
            refusedGeneralOptions: question ? [] : [CommonOptions.Key.cancelLabel],
            make: { arguments throws(CLIError) in try MessageOptions(kind: kind, arguments: arguments) })
    }
}

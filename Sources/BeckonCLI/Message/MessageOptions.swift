import Beckon

/// A button from beckon's `--button LABEL[:CODE]`.
public struct CustomButton: Sendable, Equatable {
    /// The button's text; an underscore marks the mnemonic.
    public var label: String
    /// The exit code the button ends the process with.
    public var exitCode: Int32
}

/// Everything the command line says about a message dialog.
struct MessageOptions: Sendable, Equatable {
    var kind: MessageKind
    var common = CommonOptions()
    /// `--text` as given: escapes and markup are still to be processed.
    var text: String?
    var iconName: String?
    var noWrap = false
    var noMarkup = false
    var ellipsize = false
    var defaultCancel = false
    var switchMode = false
    // Beyond zenity.
    var buttons: [CustomButton] = []

    init(kind: MessageKind) {
        self.kind = kind
    }

    init(kind: MessageKind, _ given: GivenOptions) throws(CLIError) {
        self.kind = kind
        common = CommonOptions(given)
        text = given.string("text")
        iconName = given.string("icon-name")
        noWrap = given.flag("no-wrap")
        noMarkup = given.flag("no-markup")
        ellipsize = given.flag("ellipsize")
        defaultCancel = given.flag("default-cancel")
        switchMode = given.flag("switch")
        for (position, value) in given.strings("button").enumerated() {
            buttons.append(try ZenityParser.customButton(value, position: position))
        }
    }

    /// zenity's four message dialogs, as command-line types.
    static func type(_ kind: MessageKind) -> ZenityDialogType {
        typealias O = ZenityOption
        var options = [
            O.text,
            O("icon-name", .string, "ICON-NAME", "Set the dialog icon"),
            O("no-wrap", .none, nil, "Do not enable text wrapping"),
            O("no-markup", .none, nil, "Do not enable Pango markup"),
        ]
        if kind == .question {
            options.append(O("default-cancel", .none, nil, "Give Cancel button focus by default"))
        }
        options.append(O("ellipsize", .none, nil,
                         "Enable ellipsizing in the dialog text. This fixes the high window size with long texts"))
        if kind == .question {
            options.append(O("switch", .none, nil, "Suppress OK and Cancel buttons"))
        }
        let titles: [MessageKind: (String, String)] = [
            .question: ("Question", "question"), .info: ("Info", "info"),
            .warning: ("Warning", "warning"), .error: ("Error", "error"),
        ]
        let (title, word) = titles[kind] ?? ("", "")
        return ZenityDialogType(
            name: kind.rawValue, flagHelp: "Display \(word) dialog",
            helpTitle: "\(title) options", helpSummary: "Show \(word) options",
            options: options,
            unlistedOptions: ["button"],
            refusedGeneralOptions: kind == .question ? [] : ["cancel-label"],
            make: { given throws(CLIError) in try MessageOptions(kind: kind, given) })
    }
}

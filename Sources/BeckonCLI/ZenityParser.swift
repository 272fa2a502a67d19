import Glibc

/// Parses a command line with GLib's GOption grammar, the way zenity 3.44 does.
///
/// `--opt=value` and `--opt value` (the next argument is the value even when
/// it starts with a dash), `-h`/`-?`, `--` ends the options, other arguments are
/// ignored. Reading is left to right and the first problem wins, as in GLib: a
/// help option ends parsing there, so `--help --bogus` prints help while
/// `--bogus --help` is an error.
public enum ZenityParser {
    /// Reads `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws(CLIError) -> ZenityInvocation {
        var state = State()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { break }
            if let long = LongOption(argument) {
                let name = long.name
                let inlineValue = long.inlineValue
                if let topic = helpTopic(name) { return .help(topic) }
                guard let option = ZenityOptionTable.byName[name] else { throw .notAvailable(argument) }
                var value: String?
                if option.argument != .none {
                    if let inlineValue {
                        value = inlineValue
                    } else if index < arguments.count {
                        value = arguments[index]
                        index += 1
                    } else {
                        throw .missingValue(name)
                    }
                }
                try state.take(option, value)
            } else if argument.hasPrefix("-"), argument.count > 1 {
                // Short options: GLib allows them grouped (-h?); zenity has only -h and -?.
                for flag in argument.dropFirst() {
                    guard flag == "h" || flag == "?" else { throw .notAvailable(argument) }
                    return .help(.summary)
                }
            }
            // Anything else is a stray argument; zenity ignores those.
        }
        return try state.finish()
    }

    private static func helpTopic(_ name: String) -> HelpTopic? {
        switch name {
        case "help": return .summary
        case "help-all": return .all
        default:
            guard name.hasPrefix("help-") else { return nil }
            let group = String(name.dropFirst(5))
            return ZenityOptionTable.helpGroups.contains { $0.name == group } ? .group(group) : nil
        }
    }

    /// Reads an integer as GLib's GOption does: `strtol` with base 0, the whole
    /// text, within a C int.
    public static func integer(_ text: String) -> Int32? {
        guard !text.isEmpty else { return nil }
        return text.withCString { start -> Int32? in
            var end: UnsafeMutablePointer<CChar>?
            errno = 0
            let value = strtol(start, &end, 0)
            guard errno == 0, let end, end.pointee == 0, value >= Int(Int32.min), value <= Int(Int32.max) else {
                return nil
            }
            return Int32(value)
        }
    }

    /// Splits `LABEL[:CODE]`: the text after the last colon is the code when it
    /// is a number from 0 to 255; otherwise the whole text is the label.
    public static func customButton(_ value: String, position: Int) throws(CLIError) -> CustomButton {
        if let colon = value.lastIndex(of: ":") {
            let codeText = value[value.index(after: colon)...]
            if !codeText.isEmpty, codeText.allSatisfy({ $0.isASCII && $0.isNumber }) {
                guard let code = Int32(codeText), code <= 255 else {
                    throw .badButton(value, "the exit code must be from 0 to 255")
                }
                let label = String(value[..<colon])
                guard !label.isEmpty else { throw .badButton(value, "the label is empty") }
                return CustomButton(label: label, exitCode: code)
            }
        }
        guard !value.isEmpty else { throw .badButton(value, "the label is empty") }
        return CustomButton(label: value, exitCode: Int32(clamping: min(position, 255)))
    }

    /// The options seen so far.
    private struct State {
        var dialog: String?
        var options = MessageOptions(kind: .info)
        /// Names of options given, for the checks that need the dialog type.
        var given: [String] = []

        mutating func take(_ option: ZenityOption, _ value: String?) throws(CLIError) {
            if ZenityOptionTable.dialogTypes.contains(option.name) {
                if let dialog { throw .twoDialogs(dialog, option.name) }
                dialog = option.name
                return
            }
            given.append(option.name)
            let text = value ?? ""
            var number: Int32 = 0
            if option.argument == .int {
                guard let parsed = ZenityParser.integer(text) else { throw .badInteger(option.name, text) }
                number = parsed
            }
            switch option.name {
            case "title": options.title = text
            case "window-icon": options.windowIcon = text
            case "width": options.width = number
            case "height": options.height = number
            case "timeout": options.timeout = number
            case "ok-label": options.okLabel = text
            case "cancel-label": options.cancelLabel = text
            case "extra-button": options.extraButtons.append(text)
            case "modal": options.modal = true
            case "attach": options.attach = number
            case "text": options.text = text
            case "icon-name": options.iconName = text
            case "no-wrap": options.noWrap = true
            case "no-markup": options.noMarkup = true
            case "ellipsize": options.ellipsize = true
            case "default-cancel": options.defaultCancel = true
            case "switch": options.switchMode = true
            case "display": options.display = text
            case "class": options.programClass = text
            case "name": options.programName = text
            case "button":
                options.buttons.append(try ZenityParser.customButton(text, position: options.buttons.count))
            case "json": options.json = true
            case "countdown": options.countdown = true
            default: break // zenity's other dialogs and GTK's debug flags: checked in finish()
            }
        }

        func finish() throws(CLIError) -> ZenityInvocation {
            guard let dialog else { throw .noDialog }
            // zenity refuses --switch without extra buttons before anything else.
            if options.switchMode && options.extraButtons.isEmpty && options.buttons.isEmpty {
                throw .switchNeedsButtons()
            }
            switch dialog {
            case "version", "about":
                // zenity lets general options through here, and refuses dialog ones.
                if let refused = given.first(where: { name in
                    let group = ZenityOptionTable.byName[name]?.group
                    return group != .general && group != .gtk && group != .application && group != .beckon
                }) {
                    throw .notSupported(refused)
                }
                return dialog == "version" ? .version : .about
            default:
                guard let kind = MessageKind(rawValue: dialog) else { throw .dialogNotProvided(dialog) }
                // zenity 3.44 accepts --hint with any dialog (it never checks it).
                if let refused = given.first(where: {
                    ZenityOptionTable.byName[$0]?.group == .otherDialog && $0 != "hint"
                }) {
                    throw .notSupported(refused)
                }
                if kind != .question, given.contains("cancel-label") { throw .notSupported("cancel-label") }
                var options = self.options
                options.kind = kind
                return .message(options)
            }
        }
    }
}

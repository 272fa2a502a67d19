import Glibc

/// Parses a command line with GLib's GOption grammar, the way zenity 3.44 does.
///
/// `--opt=value` and `--opt value` (the next argument is the value even when
/// it starts with a dash), `-h`/`-?`, `--` ends the options, other arguments are
/// kept as positional ones (`--entry` makes a combo of them). Reading is left
/// to right and the first problem wins, as in GLib: a help option ends parsing
/// there, so `--help --bogus` prints help while `--bogus --help` is an error.
/// Then the dialog's type checks which options it takes and reads them.
enum ZenityParser {
    /// Reads `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(CLIError) -> ZenityInvocation {
        var dialog: String?
        var given = GivenOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                let rest = arguments[index...]
                // GLib leaves the "--" among the arguments when one after it
                // starts with a dash, so that a caller can tell them from options.
                if rest.contains(where: { $0.hasPrefix("-") }) { given.positional.append("--") }
                given.positional += rest
                break
            }
            if let long = LongOption(argument) {
                let name = long.name
                if let topic = helpTopic(name) { return .help(topic) }
                if name == "beckon-reference" {
                    guard let format = ReferenceFormat(rawValue: long.inlineValue ?? "") else {
                        throw .notAvailable(argument)
                    }
                    return .reference(format)
                }
                guard let option = ZenityOptionTable.byName[name] else { throw .notAvailable(argument) }
                var value: String?
                if option.argument != .none {
                    if let inlineValue = long.inlineValue {
                        value = inlineValue
                    } else if index < arguments.count {
                        value = arguments[index]
                        index += 1
                    } else {
                        throw .missingValue(name)
                    }
                }
                if ZenityOptionTable.dialogFlags.contains(name) {
                    // zenity takes the same dialog twice (`--question --question`) as once.
                    if let dialog, dialog != name { throw .twoDialogs(dialog, name) }
                    dialog = name
                    continue
                }
                var number: Int32?
                if option.argument == .int {
                    guard let parsed = integer(value ?? "") else { throw .badInteger(name, value ?? "") }
                    number = parsed
                }
                // A bad --button is reported where it stands, as GOption reports a bad value.
                if name == "button" { _ = try customButton(value ?? "", position: 0) }
                given.entries.append(GivenOptions.Entry(name: name, value: value, number: number))
            } else if argument.hasPrefix("-"), argument.count > 1 {
                // Short options: GLib allows them grouped (-h?); zenity has only -h and -?.
                for flag in argument.dropFirst() {
                    guard flag == "h" || flag == "?" else { throw .notAvailable(argument) }
                    return .help(.summary)
                }
            } else {
                given.positional.append(argument)
            }
        }
        return try resolve(dialog, given)
    }

    /// The dialog's type takes the options it knows and refuses the rest.
    private static func resolve(_ dialog: String?, _ given: GivenOptions) throws(CLIError) -> ZenityInvocation {
        guard let dialog else { throw .noDialog }
        // zenity refuses --switch without extra buttons before anything else.
        if given.flag("switch") && !given.has("extra-button") && !given.has("button") {
            throw .switchNeedsButtons()
        }
        if dialog == "version" || dialog == "about" {
            // zenity lets general options through here, and refuses dialog ones.
            let general = Set((ZenityOptionTable.general + ZenityOptionTable.gtk + ZenityOptionTable.beckon).map(\.name))
            if let refused = given.firstRefused(by: { general.contains($0) || $0 == "display" }) {
                throw .notSupported(refused)
            }
            return dialog == "version" ? .version : .about
        }
        guard let type = ZenityDialogs.all.first(where: { $0.name == dialog }) else { throw .noDialog }
        // zenity checks --separator against its default: "|" passes everywhere.
        let defaultSeparator = given.string("separator") == "|"
        if let refused = given.firstRefused(by: { name in
            (ZenityOptionTable.everyDialogTakes.contains(name) && !type.refusedGeneralOptions.contains(name))
                || type.takes(name) || (name == "separator" && defaultSeparator)
        }) {
            throw .notSupported(refused)
        }
        return .dialog(try type.make(given), CommonOptions(given))
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
    static func integer(_ text: String) -> Int32? {
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
    static func customButton(_ value: String, position: Int) throws(CLIError) -> CustomButton {
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
}

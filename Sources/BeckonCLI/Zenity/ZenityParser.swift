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
    static let Key = ZenityOptionTable.Key

    /// Reads `arguments` (without the program name); `environment` may name
    /// the dialect (``ZenityDialect``); `program` is the command as run, for
    /// the advice in messages ("See 'beckon --help'").
    static func parse(_ arguments: [String], environment: Environment = .process,
                      program: String = "beckon") throws(CLIError) -> ZenityInvocation {
        var dialog: String?
        var given = GivenOptions()
        var scanner = OptionScanner(arguments) { ZenityOptionTable.option(named: $0) }
        scanning: while true {
            let token: OptionScanner.Token?
            do {
                token = try scanner.next()
            } catch {
                let synopsis = ZenityOptionTable.byName[error.name]?.synopsis ?? "--\(error.name)=VALUE"
                throw .missingValue(error.name, synopsis: synopsis)
            }
            switch token {
            case nil:
                break scanning
            case .endOfOptions(let rest):
                // GLib leaves the "--" among the arguments when one after it
                // starts with a dash, so that a caller can tell them from options.
                if rest.contains(where: { $0.hasPrefix("-") }) { given.positional.append("--") }
                given.positional += rest
                break scanning
            case .positional(let argument):
                given.positional.append(argument)
            case .short(let argument):
                // GLib allows short options grouped (-h?); zenity has only -h and -?.
                for flag in argument.dropFirst() {
                    guard flag == "h" || flag == "?" else {
                        throw .notAvailable(argument, suggesting: suggestions(forShort: argument))
                    }
                    return .help(.summary)
                }
            case .unknown(let argument, let name):
                if let topic = helpGroup(name) { return .help(topic) }
                throw .notAvailable(argument, suggesting: suggestions(for: name))
            case .option(let option, let value, let inlineValue):
                let name = option.name
                switch name {
                case Key.help.name: return .help(.summary)
                case Key.helpAll.name: return .help(.all)
                case Key.beckonVersion.name: return .beckonVersion
                case Key.beckonReference.name:
                    guard let format = Key.beckonReference.choice(inlineValue ?? "") else {
                        throw .notAvailable("--" + name + (inlineValue.map { "=" + $0 } ?? ""))
                    }
                    return .reference(format)
                default: break
                }
                if ZenityOptionTable.isDialogFlag(name) {
                    // zenity takes the same dialog twice (`--question --question`) as once.
                    if let dialog, dialog != name { throw .twoDialogs(dialog, name) }
                    dialog = name
                    continue
                }
                var number: Int32?
                if option.argument == .int {
                    guard let parsed = OptionScanner.integer(value ?? "") else { throw .badInteger(name, value ?? "") }
                    number = parsed
                }
                // A bad --button is reported where it stands, as GOption reports a bad value.
                if name == MessageOptions.Key.button.name { _ = try customButton(value ?? "", position: 0) }
                given.entries.append(GivenOptions.Entry(name: name, value: value, number: number))
            }
        }
        return try resolve(dialog, given, environment: environment, program: program)
    }

    /// The dialog's type takes the options it knows and refuses the rest; the
    /// general options are read once, here, and handed to it.
    private static func resolve(_ dialog: String?, _ given: GivenOptions, environment: Environment,
                                program: String) throws(CLIError) -> ZenityInvocation {
        guard let dialog else { throw .noDialog(program: program) }
        let common = try CommonOptions(given, environment: environment)
        // zenity 4 hands nothing to GTK (GTK 4 takes no options): its GOption
        // does not know GTK's, and refuses them as any unknown option.
        if common.dialect.isZenity4, let gtk = given.entries.first(where: { ZenityOptionTable.gtkOnly.contains($0.name) }) {
            throw .notAvailable("--" + gtk.name)
        }
        // zenity refuses --switch without extra buttons before anything else.
        if given[MessageOptions.Key.switchMode] && !given.has(CommonOptions.Key.extraButtons)
            && !given.has(MessageOptions.Key.button) {
            throw .switchNeedsButtons()
        }
        if dialog == Key.version.name || dialog == Key.about.name {
            // zenity lets general options through here, and refuses dialog ones.
            let general = Set((ZenityOptionTable.general + ZenityOptionTable.gtk + ZenityOptionTable.beckon
                               + [ZenityOptionTable.display]).map(\.name))
            if let refused = given.firstRefused(by: { general.contains($0) }) {
                throw .notSupported(refused, by: dialog, OptionApplicability(refused))
            }
            return dialog == Key.version.name ? .version(common.dialect) : .about
        }
        guard let type = ZenityDialogs.type(named: dialog) else { throw .noDialog(program: program) }
        // zenity checks --separator against its default: "|" passes everywhere.
        let separator = Key.separator.name
        let defaultSeparator = given[Key.separator] == "|"
        if let refused = given.firstRefused(by: { name in
            dialogTakes(type, name) || (name == separator && defaultSeparator)
        }) {
            throw .notSupported(refused, by: dialog, OptionApplicability(refused))
        }
        return .dialog(try type.make(ZenityArguments(given: given, common: common)), common)
    }

    /// Whether a dialog of `type` takes `option`: its own options, and the
    /// general ones it does not refuse. The one rule for the parser's check
    /// and for the message naming where a refused option belongs.
    static func dialogTakes(_ type: ZenityDialogType, _ option: String) -> Bool {
        type.takes(option)
            || (!type.refusedGeneralOptions.contains(option) && ZenityOptionTable.everyDialogTakes(option))
    }

    /// Every name an option could be meant as: the declared options and the
    /// `--help-<group>` ones, without the `--`.
    static let suggestable: [String] = {
        var names = ZenityOptionTable.byName.keys.filter { $0 != Key.beckonReference.name }.sorted()
        names += ZenityOptionTable.helpGroups.map { Key.help.name + "-" + $0.name }
        return names
    }()

    /// The options closest to the unknown `--name`, with their dashes.
    static func suggestions(for name: String) -> [String] {
        Suggestion.nearest(to: name, in: suggestable).map { "--" + $0 }
    }

    /// `-question` for `--question`: a long option with one dash, which GLib
    /// reads as short ones; only an exact name is suggested.
    static func suggestions(forShort argument: String) -> [String] {
        let name = String(argument.dropFirst().split(separator: "=", maxSplits: 1).first ?? "")
        return name.count > 1 && ZenityOptionTable.byName[name] != nil ? ["--" + name] : []
    }

    /// `--help-<group>`: the help of one group.
    private static func helpGroup(_ name: String) -> HelpTopic? {
        let prefix = Key.help.name + "-"
        guard name.hasPrefix(prefix) else { return nil }
        let group = String(name.dropFirst(prefix.count))
        return ZenityOptionTable.helpGroups.contains { $0.name == group } ? .group(group) : nil
    }

    /// Reads an integer as GLib's GOption does (``OptionScanner/integer(_:)``).
    static func integer(_ text: String) -> Int32? { OptionScanner.integer(text) }

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

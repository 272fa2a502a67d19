import BeckonConsent
import BeckonEnforcer

/// The option reference generated from the option tables, so the man page and
/// the bash completion never list an option the parser does not know (or miss
/// one it does). `beckon --beckon-reference=man|bash|options` (and the terms' pages,
/// ``TermsReference``); scripts/generate-reference
/// writes them into Resources/, and a test checks that the files are current.
enum ZenityReference {
    static func text(_ format: ReferenceFormat) -> String {
        switch format {
        case .man: man()
        case .bash: bash()
        case .options: options()
        case .manSubcommands: Subcommand.allCases.flatMap(\.manSynopsis).joined(separator: ".br\n")
        case .manTerms: TermsReference.options()
        case .manTermsConf: TermsReference.keys(ManagedTerms.keys)
        case .manEnforcerConf: TermsReference.keys(EnforcerConfiguration.keys)
        case .dialogMarkdown: DialogHelp.markdown
        case .dialogSFSymbols: DialogHelp.sfSymbolsMarkdown
        }
    }

    /// One line an option, `GROUP<TAB>--NAME<TAB>TYPE` (TYPE: none, string,
    /// int): GROUP is `dialog` for the dialog flags, `general` for what every
    /// dialog takes, else the dialog that takes it. scripts/fuzz-arguments
    /// builds its vectors from these lines.
    private static func options() -> String {
        func lines(_ group: String, _ options: [ZenityOption]) -> String {
            options.map { "\(group)\t--\($0.name)\t\($0.argument.rawValue)\n" }.joined()
        }
        var out = lines("dialog", ZenityDialogs.all.map { ZenityOption($0.name) })
        out += lines("general", ZenityOptionTable.general + ZenityOptionTable.beckon)
        for dialog in ZenityDialogs.all { out += lines(dialog.name, dialog.options + zenity4Options(of: dialog)) }
        return out
    }

    /// One `.SS` section per help group, each option a `.TP` entry.
    private static func man() -> String {
        var out = ""
        for group in ZenityOptionTable.helpGroups where !group.options.isEmpty {
            out += ".SS \(group.title)\n"
            if let dialog = ZenityDialogs.all.first(where: { $0.name == group.name }) {
                out += ".TP\n.B \(roff("--" + dialog.name))\n\(roff(dialog.flagHelp)).\n"
            }
            for option in group.options {
                let name = roff("--" + option.name)
                let synopsis = option.valueName.map { ".BI \(name)= \(roff($0))" } ?? ".B \(name)"
                out += ".TP\n\(synopsis)\n\(roff(option.help ?? "")).\n"
            }
        }
        return out
    }

    /// Shell assignments the completion script holds: the subcommands
    /// (``Subcommand``), the dialog flags, and
    /// per dialog the options it takes, `=` after those that take a value;
    /// then the words an option takes when its value is an enum's case
    /// (``OptionChoice``), zenity's and `beckon terms`'.
    private static func bash() -> String {
        func words(_ options: [ZenityOption]) -> String {
            options.map { "--\($0.name)" + ($0.argument == .none ? "" : "=") }.joined(separator: " ")
        }
        var out = "_beckon_subcommands=\"\(Subcommand.names.joined(separator: " "))\"\n"
        out += "_beckon_dialogs=\"\(ZenityDialogs.all.map { "--\($0.name)" }.joined(separator: " "))\"\n"
        out += "_beckon_general=\"\(words(ZenityOptionTable.general + ZenityOptionTable.beckon))\"\n"
        let Key = ZenityOptionTable.Key
        let others: [any DeclaredOption] = [Key.help, Key.helpAll, Key.version, CommonOptions.Key.display,
                                            CommonOptions.Key.programClass, CommonOptions.Key.programName]
        let groups = ZenityOptionTable.helpGroups.map { "--\(Key.help.name)-\($0.name)" }
        out += "_beckon_other=\"\(([words(others.map(\.option))] + groups).joined(separator: " "))\"\n"
        out += "declare -gA _beckon_dialog_options=(\n"
        for dialog in ZenityDialogs.all {
            out += "  [\(dialog.name)]=\"\(words(dialog.options + zenity4Options(of: dialog)))\"\n"
        }
        out += ")\n"
        out += choices("_beckon_values", ZenityOptionTable.helpGroups.flatMap(\.options))
        return out + choices("_beckon_terms_values", TermsArguments.groups.flatMap(\.options))
    }

    /// `name`, a bash array of the words each of `options` that takes one of
    /// an enum's cases (after `=` or as the next argument) may be.
    private static func choices(_ name: String, _ options: [ZenityOption]) -> String {
        var seen: Set<String> = []
        let lines = options.filter { !$0.choices.isEmpty && $0.argument != .none && seen.insert($0.name).inserted }
            .map { "  [\($0.name)]=\"\($0.choices.joined(separator: " "))\"\n" }
        return "declare -gA \(name)=(\n" + lines.joined() + ")\n"
    }

    /// zenity 4's options that `dialog` makes use of: help lists them with
    /// beckon's, the completion and the fuzzer with the dialog.
    private static func zenity4Options(of dialog: ZenityDialogType) -> [ZenityOption] {
        ZenityOptionTable.zenity4.filter { dialog.unlistedOptions.contains($0.name) }
    }

    /// `text` for roff: backslashes doubled, each hyphen a minus sign.
    static func roff(_ text: String) -> String {
        // No Foundation in the CLI: escape by character.
        text.reduce(into: "") { out, character in
            switch character {
            case "\\": out += "\\\\"
            case "-": out += "\\-"
            default: out.append(character)
            }
        }
    }
}

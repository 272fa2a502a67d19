import BeckonConsent
import BeckonEnforcer

/// The generated parts of the man pages of `beckon terms` and its key files:
/// the options of `beckon terms` in beckon(1), from ``TermsArguments/groups``
/// (as `beckon terms --help`), and the keys of beckon-terms.conf(5) and
/// beckon-enforcer.conf(5), from the declarations the readers check against
/// (``ManagedTerms/keys``, ``EnforcerConfiguration/keys``). scripts/generate-reference
/// writes them into Resources/; ReferenceTests fail when the files are stale.
enum TermsReference {
    /// One `.SS` per help section of `beckon terms`, each option a `.TP` entry.
    static func options() -> String {
        TermsArguments.groups.map { group in
            ".SS \(group.title)\n" + group.options.map { option in
                let name = ZenityReference.roff("--" + option.name)
                // An option whose value is one of an enum's cases shows the cases.
                let value = option.valueName
                    ?? (option.argument == .none || option.choices.isEmpty ? nil : option.choices.joined(separator: "|"))
                let synopsis = value.map { ".BI \(name)= \(ZenityReference.roff($0))" } ?? ".B \(name)"
                // Help breaks its lines for the terminal; a man page fills its own.
                let help = (option.help ?? "").split(separator: "\n").joined(separator: " ")
                return ".TP\n\(synopsis)\n\(ZenityReference.roff(help)).\n"
            }.joined()
        }.joined()
    }

    /// A key file's keys, each a `.TP` entry: `Key=` and its values, what it
    /// does, whether it takes a locale, and its default.
    static func keys(_ keys: [KeyFileKey]) -> String {
        keys.map { key in
            var text = ".TP\n.BI \(key.name)= \"\(ZenityReference.roff(key.value))\"\n\(ZenityReference.roff(key.help))\n"
            if key.isLocalizable {
                text += "Localizable: \\fB\(key.name)[\\fIll\\fB_\\fICC\\fB]=\\fR, chosen as in desktop files.\n"
            }
            if let defaultValue = key.defaultValue {
                text += "Default: \(ZenityReference.roff(defaultValue)).\n"
            }
            return text
        }.joined()
    }
}


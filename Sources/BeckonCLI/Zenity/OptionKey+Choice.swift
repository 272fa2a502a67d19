extension OptionKey {
    /// One of `Choice`'s cases, by one of its spellings; the last given wins.
    /// A word that names no case reads as nil: the command says so in its own
    /// words, through ``GivenOptions/unknownChoice(_:)``, where its checks run.
    /// `valueName` defaults to the cases, `changes|all`.
    static func choice<Choice: OptionChoice>(_ name: String, _ valueName: String? = nil, _ help: String?,
                                             argument: ZenityOption.Argument = .string) -> Self
        where Value == Choice? {
        var option = ZenityOption(name, argument, valueName, help)
        option.choices = Choice.rawValues
        return Self(option: option) { given, name in given.last(named: name)?.value.flatMap(Choice.init(spelling:)) }
    }

    /// The case `text` names, for a choice read before the options are gathered
    /// (`--beckon-reference=FORMAT`).
    func choice<Choice: OptionChoice>(_ text: String) -> Choice? where Value == Choice? {
        Choice(spelling: text)
    }
}

extension GivenOptions {
    /// The word last given for `key` when it names none of the choice's
    /// cases; nil when the option is absent or its value is one of them.
    func unknownChoice<Choice: OptionChoice>(_ key: OptionKey<Choice?>) -> String? {
        guard let text = last(named: key.name)?.value, Choice(spelling: text) == nil else { return nil }
        return text
    }

    /// The text last given for `key`, as typed, for a value read in more
    /// than one place (`--zenity-compat`, also read from the environment).
    func text(of key: some DeclaredOption) -> String? { last(named: key.option.name)?.value }
}

/// An option as a table lists it, whatever its value's type.
protocol DeclaredOption: Sendable {
    var option: ZenityOption { get }
}

extension ZenityOption: DeclaredOption {
    var option: ZenityOption { self }
}

/// One option, declared once: its name, what follows it, its placeholder and
/// its help, and the type its value is read as. The parser fills
/// ``GivenOptions`` from the tables these make, and a kind reads the value
/// through the same key, `given[Key.day]`, so a misspelt option is a compile
/// error rather than a nil.
struct OptionKey<Value: Sendable>: DeclaredOption {
    let option: ZenityOption
    /// How the value is read from what was given, by the option's name.
    let read: @Sendable (GivenOptions, String) -> Value

    /// A key made while an ``OptionGroup`` is built registers with it.
    init(option: ZenityOption, read: @escaping @Sendable (GivenOptions, String) -> Value) {
        self.option = option
        self.read = read
        OptionRegistration.record(option)
    }

    /// The name without the dashes.
    var name: String { option.name }

    /// This key, declared in another group, registered with the one being
    /// built too: one option and one rule, listed in both commands' help.
    func reused() -> Self {
        OptionRegistration.record(option)
        return self
    }

    /// The same, with help in this command's words (`beckon terms --title`
    /// sets the window's title, zenity's the dialog's): one name, type and
    /// rule, two help lines.
    func reused(help: String?) -> Self {
        var option = option
        option.help = help
        return Self(option: option, read: read)
    }
}

extension OptionKey where Value == Bool {
    /// A flag: whether it was given.
    static func flag(_ name: String, _ help: String?) -> Self {
        Self(option: ZenityOption(name, .none, nil, help)) { given, name in given.has(named: name) }
    }

    /// Whether `arguments` hold this flag, bare, before they are parsed: for
    /// what must be known even when parsing them fails (`--json` asks for
    /// the error as JSON too).
    func isWritten(in arguments: [String]) -> Bool {
        arguments.contains { argument in
            LongOption(argument).map { $0.name == name && $0.inlineValue == nil } ?? false
        }
    }
}

extension OptionKey where Value == String? {
    /// Text; the last one given wins, as in GOption.
    static func string(_ name: String, _ valueName: String, _ help: String?) -> Self {
        Self(option: ZenityOption(name, .string, valueName, help)) { given, name in given.last(named: name)?.value }
    }
}

extension OptionKey where Value == [String] {
    /// Text that may be given again and again: every value, in order.
    static func strings(_ name: String, _ valueName: String, _ help: String?) -> Self {
        Self(option: ZenityOption(name, .string, valueName, help)) { given, name in
            given.entries.filter { $0.name == name }.compactMap(\.value)
        }
    }
}

extension OptionKey where Value == Int32? {
    /// An integer as GOption reads it; the last one given wins.
    static func int(_ name: String, _ valueName: String, _ help: String?) -> Self {
        Self(option: ZenityOption(name, .int, valueName, help)) { given, name in given.last(named: name)?.number }
    }
}

extension GivenOptions {
    /// The value of `key` as the command line gave it.
    subscript<Value>(key: OptionKey<Value>) -> Value { key.read(self, key.name) }

    /// Whether `key` was given at all.
    func has(_ key: some DeclaredOption) -> Bool { has(named: key.option.name) }
}

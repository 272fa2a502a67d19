/// The options zenity 4 keeps only as deprecated, and the warning zenity
/// 4.2.2 prints on stderr for each (`src/option.c`, `src/tree.c`), word for word.
enum ZenityDeprecation {
    /// What zenity 4 does with a deprecated option instead.
    enum Fate: String {
        case treatedAsIcon = "; Treating as --icon."
        case ignored = ". Ignoring."
    }

    /// The deprecated options in the order zenity 4.2.2 warns about them, with their fate.
    static let options: [(key: any DeclaredOption, fate: Fate)] = [
        (CommonOptions.Key.windowIcon, .treatedAsIcon), (MessageOptions.Key.iconName, .treatedAsIcon),
        (CommonOptions.Key.attach, .ignored), (FileSelectionOptions.Key.confirmOverwrite, .ignored),
        (NotificationOptions.Key.hints, .ignored), (ListOptions.Key.midSearch, .ignored),
    ]

    /// zenity 4.2.2's warning for `--name`.
    static func warning(_ name: String, _ fate: Fate) -> String {
        "Warning: --\(name) is deprecated and will be removed in a future version of zenity\(fate.rawValue)"
    }

    /// The warnings for the deprecated options in `given`, each once. zenity
    /// warns about `--attach` only when it names a window (not 0).
    static func warnings(for given: GivenOptions) -> [String] {
        options.compactMap { key, fate in
            let name = key.option.name
            guard given.has(named: name) else { return nil }
            if name == CommonOptions.Key.attach.name, given[CommonOptions.Key.attach] == 0 { return nil }
            return warning(name, fate)
        }
    }
}

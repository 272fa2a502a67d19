/// The options a command line gave, in order, with their values read as
/// GOption reads them; each dialog kind takes what it needs from here, through
/// its ``OptionKey``s.
struct GivenOptions: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var name: String
        /// The text after the option; nil for a flag.
        var value: String?
        /// The value as an integer, for options that take one.
        var number: Int32?
    }

    /// Every option in command-line order, the dialog flag excluded.
    var entries: [Entry] = []
    /// Arguments that are not options (zenity's --entry turns them into a combo).
    var positional: [String] = []

    /// Whether an option of this name was given.
    func has(named name: String) -> Bool { entries.contains { $0.name == name } }
    /// The last given of this name, as GOption keeps the last of a repeated option.
    func last(named name: String) -> Entry? { entries.last { $0.name == name } }

    /// The value of the last given of `keys`, which name one option (an alias).
    func last(of keys: OptionKey<String?>...) -> String? {
        entries.last { entry in keys.contains { $0.name == entry.name } }?.value
    }

    /// The first given option that `accepts` refuses, for zenity's
    /// "--X is not supported for this dialog".
    func firstRefused(by accepts: (String) -> Bool) -> String? {
        entries.first { !accepts($0.name) }?.name
    }
}

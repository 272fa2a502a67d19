/// The options a command line gave, in order, with their values read as
/// GOption reads them; each dialog kind takes what it needs from here.
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

    /// Whether `name` was given.
    func has(_ name: String) -> Bool { entries.contains { $0.name == name } }
    /// A flag: given or not.
    func flag(_ name: String) -> Bool { has(name) }
    /// The last value of `name`, as GOption keeps the last of a repeated option.
    func string(_ name: String) -> String? { entries.last { $0.name == name }?.value }
    /// Every value of a repeatable option, in order.
    func strings(_ name: String) -> [String] { entries.filter { $0.name == name }.compactMap(\.value) }
    /// The last integer value of `name`.
    func int(_ name: String) -> Int32? { entries.last { $0.name == name }?.number }

    /// The first given option that `accepts` refuses, for zenity's
    /// "--X is not supported for this dialog".
    func firstRefused(by accepts: (String) -> Bool) -> String? {
        entries.first { !accepts($0.name) }?.name
    }
}

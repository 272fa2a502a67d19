import BeckonLoginGate
import Glibc

/// The warden's arguments read in the grammar of every command of the binary
/// (``OptionScanner``): the warden module names them
/// (``GateWarden/Arguments/Name``) and writes them; the CLI reads them.
extension GateWarden.Arguments {
    /// The warden's options: `Self.Key.window`, declared in ``Options``.
    /// Built, and so registered, once (``Declarations``).
    static let declared = Declarations<Options>()
    /// The keys, read as `Self.Key.title` as the kinds' `Key` enums are: the built
    /// group itself, so a key is a stored property and no key path is made at
    /// start-up (a `@dynamicMemberLookup` over key paths cost every dialog
    /// some 1.7 M instructions of runtime metadata look-ups).
    static let Key: Options = declared.group

    /// The warden's options, in the grammar of every command of the binary
    /// (``OptionScanner``); none has help, as no one types them.
    struct Options: OptionGroup {
        /// The window's process id, in decimal.
        let window = OptionKey.string(GateWarden.Arguments.Name.window, "PID", nil)
        /// At most one.
        let endSessionCommand = OptionKey.string(GateWarden.Arguments.Name.endSessionCommand, "COMMAND", nil)
        /// `NAME=VALUE`, once per field; a later one of a name wins.
        let journal = OptionKey.strings(GateWarden.Arguments.Name.journal, "NAME=VALUE", nil)
    }

    /// `--for PID [--end-session-command CMD] [--journal NAME=VALUE]…`; nil for anything else.
    init?(_ arguments: [String]) {
        var journal: [String: String] = [:]
        let byName = Dictionary(Self.declared.all.map { ($0.name, $0) }) { first, _ in first }
        var given = GivenOptions()
        var scanner = OptionScanner(arguments) { byName[$0] }
        scanning: while true {
            do {
                switch try scanner.next() {
                case nil: break scanning
                case .option(let option, let value, _): given.entries.append(.init(name: option.name, value: value))
                default: return nil // nothing but the options above, each with its value
                }
            } catch {
                return nil
            }
        }
        let once = [Self.Key.window.name, Self.Key.endSessionCommand.name].map { name in
            given.entries.count { $0.name == name }
        }
        guard once[0] == 1, once[1] <= 1, let pid = given[Self.Key.window].flatMap({ pid_t($0) }), pid > 0 else {
            return nil
        }
        for value in given[Self.Key.journal] {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else { return nil }
            journal[String(value[..<equals])] = String(value[value.index(after: equals)...])
        }
        self.init(window: pid, endSessionCommand: given[Self.Key.endSessionCommand], journal: journal)
    }
}

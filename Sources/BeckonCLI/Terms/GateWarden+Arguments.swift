import BeckonLoginGate
import Glibc

/// The warden's arguments read in the grammar of every command of the binary
/// (``OptionScanner``): the warden module names them
/// (``GateWarden/Arguments/Name``) and writes them; the CLI reads them.
extension GateWarden.Arguments {
    /// The warden's options: `Key.window`, declared in ``Options``.
    enum Key: OptionKeys {
        static let declared = Declarations<Options>()
    }

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
        let byName = Dictionary(Key.declared.all.map { ($0.name, $0) }) { first, _ in first }
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
        let once = [Key.window.name, Key.endSessionCommand.name].map { name in
            given.entries.count { $0.name == name }
        }
        guard once[0] == 1, once[1] <= 1, let pid = given[Key.window].flatMap({ pid_t($0) }), pid > 0 else {
            return nil
        }
        for value in given[Key.journal] {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else { return nil }
            journal[String(value[..<equals])] = String(value[value.index(after: equals)...])
        }
        self.init(window: pid, endSessionCommand: given[Key.endSessionCommand], journal: journal)
    }
}

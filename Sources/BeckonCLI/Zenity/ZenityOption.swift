/// One command-line option as GLib's GOption knows it in zenity 3.44, its
/// value type erased: what the parser, help, the man page, the completion and
/// the fuzzer's list read. A kind declares it once, as an ``OptionKey``.
struct ZenityOption: Sendable, Equatable {
    /// What follows the option.
    enum Argument: String, Sendable, Equatable {
        /// A flag: nothing.
        case none
        /// Any text.
        case string
        /// An integer as GLib reads it (`strtol` with base 0: 10, 010, 0x10).
        case int
    }

    var name: String
    var argument: Argument
    /// The placeholder in `--name=VALUE`, for help: the one given, or the
    /// choices joined (`changes|all`). Joined when help asks, not when the
    /// table is made: the stdlib's unspecialised `joined(separator:)` has the
    /// runtime scan every protocol conformance in the executable on its
    /// first call (docs/performance-notes.md, issue 36).
    var valueName: String? {
        namedValue ?? (choices.isEmpty ? nil : choices.joined(separator: "|"))
    }
    /// The placeholder given by the declaration, if any.
    private var namedValue: String?
    /// One line of help; nil keeps the option out of help.
    var help: String?
    /// The words the value may be, for completion, when an enum's cases
    /// are the only ones (``OptionKey/choice(_:_:_:argument:)``).
    var choices: [String] = []

    init(_ name: String, _ argument: Argument = .none, _ valueName: String? = nil, _ help: String? = nil) {
        self.name = name
        self.argument = argument
        self.namedValue = valueName
        self.help = help
    }

    /// `--name` as help lists it: `--title=TITLE`.
    var synopsis: String {
        valueName.map { "--\(name)=\($0)" } ?? "--\(name)"
    }
}

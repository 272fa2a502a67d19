/// One command-line option as GLib's GOption knows it in zenity 3.44.
struct ZenityOption: Sendable, Equatable {
    /// What follows the option.
    enum Argument: Sendable, Equatable {
        /// A flag: nothing.
        case none
        /// Any text.
        case string
        /// An integer as GLib reads it (`strtol` with base 0: 10, 010, 0x10).
        case int
    }

    /// The help section the option is listed under, which is also the dialog it belongs to.
    enum Group: String, Sendable, Equatable, CaseIterable {
        case general, application, question, info, warning, error, misc, gtk, beckon
        /// Options of zenity's other dialogs: parsed, then refused.
        case otherDialog
    }

    var name: String
    var argument: Argument
    var group: Group
    /// The placeholder in `--name=VALUE`, for help.
    var valueName: String?
    /// One line of help; nil keeps the option out of help (zenity's other dialogs).
    var help: String?

    init(_ name: String, _ argument: Argument = .none, _ group: Group, _ valueName: String? = nil, _ help: String? = nil) {
        self.name = name
        self.argument = argument
        self.group = group
        self.valueName = valueName
        self.help = help
    }

    /// `--name` as help lists it: `--title=TITLE`.
    var synopsis: String {
        valueName.map { "--\(name)=\($0)" } ?? "--\(name)"
    }
}

/// Which dialogs take an option, for the message that refuses it elsewhere:
/// zenity's "--button is not supported for this dialog" leaves the reader to
/// find out where it does belong.
struct OptionApplicability: Equatable {
    /// The dialogs (their flags' names, in help order) that take the option.
    var takenBy: [String]
    /// The dialogs that do not.
    var refusedBy: [String]

    /// The dialogs of ``ZenityDialogs/all`` that take `option`, by the rule the
    /// parser checks a command line with (``ZenityParser/dialogTakes(_:_:)``).
    init(_ option: String) {
        let types = ZenityDialogs.all
        takenBy = types.filter { ZenityParser.dialogTakes($0, option) }.map(\.name)
        refusedBy = types.filter { !ZenityParser.dialogTakes($0, option) }.map(\.name)
    }

    init(takenBy: [String], refusedBy: [String]) {
        self.takenBy = takenBy
        self.refusedBy = refusedBy
    }

    /// Counts `dialog` among those that refuse the option: for a refusal made
    /// by a dialog's own type after the parser's check (`--file-selection
    /// --ok-label`).
    mutating func refuse(_ dialog: String) {
        guard let index = takenBy.firstIndex(of: dialog) else { return }
        takenBy.remove(at: index)
        let order = ZenityDialogs.all.map(\.name)
        refusedBy.append(dialog)
        refusedBy.sort { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
    }

    /// `only --list takes it`, or, when most dialogs do, the few that do not:
    /// `every dialog but --file-selection takes it`.
    var sentence: String {
        if takenBy.isEmpty { return "no dialog takes it" }
        if refusedBy.isEmpty { return "every dialog takes it" }
        if takenBy.count <= refusedBy.count { return "only \(Self.list(takenBy)) take\(takenBy.count == 1 ? "s" : "") it" }
        return "every dialog but \(Self.list(refusedBy)) takes it"
    }

    /// `--a`, `--a and --b`, `--a, --b and --c`.
    private static func list(_ names: [String]) -> String {
        let flags = names.map { "--" + $0 }
        guard flags.count > 1 else { return flags.first ?? "" }
        return flags.dropLast().joined(separator: ", ") + " and " + flags[flags.count - 1]
    }
}

/// Every option zenity 3.44 accepts, plus beckon's own, in help order.
///
/// The dialogs' own options come from their types (``ZenityDialogs``), so a
/// kind's folder is the one place its options are written down; help, the man
/// page's option list and the bash completion are all generated from here
/// (`beckon --beckon-reference`, scripts/generate-reference).
enum ZenityOptionTable {
    typealias O = ZenityOption

    static let general: [O] = [
        O("title", .string, "TITLE", "Set the dialog title"),
        O("window-icon", .string, "ICONPATH", "Set the window icon"),
        O("width", .int, "WIDTH", "Set the width"),
        O("height", .int, "HEIGHT", "Set the height"),
        O("timeout", .int, "TIMEOUT", "Set dialog timeout in seconds"),
        O("ok-label", .string, "TEXT", "Set the label of the OK button"),
        O("cancel-label", .string, "TEXT", "Set the label of the Cancel button"),
        O("extra-button", .string, "TEXT", "Add an extra button"),
        O("modal", .none, nil, "Set the modal hint"),
        O("attach", .int, "WINDOW", "Set the parent window to attach to"),
    ]

    static let misc: [O] = [
        O("about", .none, nil, "About zenity"),
        O("version", .none, nil, "Print version"),
    ]

    static let gtk: [O] = [
        O("class", .string, "CLASS", "Program class as used by the window manager"),
        O("name", .string, "NAME", "Program name as used by the window manager"),
        O("gtk-module", .string, "MODULES", "Load additional GTK+ modules"),
        O("g-fatal-warnings", .none, nil, "Make all warnings fatal"),
    ]

    static let beckon: [O] = [
        O("button", .string, "LABEL[:CODE]",
          "Add a button that exits with CODE (default: its position from 0); replaces OK and Cancel "
            + "(message dialogs)"),
        O("json", .none, nil, "Print one JSON object: the button, its label, the exit code, how the dialog ended, "
            + "and the dialog's value"),
        O("countdown", .none, nil, "Show the seconds left before --timeout closes the dialog"),
        O("tty", .none, nil, "Ask on the terminal (/dev/tty) instead of in a window"),
        O("no-tty", .none, nil, "Never ask on the terminal: without a display, fail (exit 255)"),
    ]

    /// `--display`, listed with the dialog flags as zenity lists it.
    static let display = O("display", .string, "DISPLAY", "X display to use")

    /// The dialog flags, in zenity's help order, then `--display`.
    static let application: [O] = ZenityDialogs.all.map { O($0.name, .none, nil, $0.flagHelp) }
        + [display]

    /// Options that every dialog takes: the general ones (unless a dialog
    /// refuses one), GTK's, `--display`, beckon's `--json`, `--countdown`, `--tty` and `--no-tty`,
    /// and those zenity 3.44 never checks.
    static let everyDialogTakes: Set<String> = Set((general + gtk).map(\.name))
        .union(["display", "json", "countdown", "tty", "no-tty"]).union(uncheckedByZenity)

    /// Options of one dialog that zenity 3.44 accepts, and ignores, with any
    /// other: its checks for "not supported for this dialog" skip them. Found
    /// by running zenity with each option and each dialog (the differential
    /// suite keeps a sample of them).
    static let uncheckedByZenity: Set<String> = [
        "add-calendar", "add-combo", "add-entry", "add-list", "add-password", "auto-scroll", "checkbox",
        "confirm-overwrite", "default-cancel", "hide-value", "hint", "icon-name", "max-value", "min-value",
        "no-interaction", "no-markup", "print-partial", "step", "switch", "text", "url", "value",
    ]

    /// The dialog-type flags: two of them in one command line is an error.
    /// `--version` and `--about` count, as in zenity.
    static let dialogFlags: Set<String> = Set(ZenityDialogs.all.map(\.name) + ["version", "about"])

    /// Every option by name; the first that lists a name wins (`--text` is in
    /// most dialogs with the same meaning).
    static let byName: [String: O] = {
        var table: [String: O] = [:]
        let all = general + ZenityDialogs.all.flatMap(\.options) + misc + gtk + beckon + application
        for option in all where table[option.name] == nil { table[option.name] = option }
        return table
    }()

    /// A help section: `--help-<name>`.
    struct HelpGroup: Sendable {
        var name: String
        var title: String
        var summary: String
        var options: [O]
    }

    /// The help sections in zenity's order, beckon's before misc and GTK's.
    static let helpGroups: [HelpGroup] = {
        var groups = [HelpGroup(name: "general", title: "General options", summary: "Show general options", options: general)]
        for dialog in ZenityDialogs.all {
            groups.append(HelpGroup(name: dialog.name, title: dialog.helpTitle, summary: dialog.helpSummary,
                                    options: dialog.options.filter { $0.help != nil }))
        }
        groups.append(HelpGroup(name: "beckon", title: "Beckon options (beyond zenity)",
                                summary: "Show beckon's own options", options: beckon))
        groups.append(HelpGroup(name: "misc", title: "Miscellaneous options", summary: "Show miscellaneous options",
                                options: misc))
        groups.append(HelpGroup(name: "gtk", title: "GTK+ Options", summary: "Show GTK+ Options", options: gtk))
        return groups
    }()
}

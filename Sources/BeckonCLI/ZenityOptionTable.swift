/// Every option zenity 3.44 accepts, plus beckon's own, in help order.
///
/// Options of zenity's other dialogs (--entry, --list, …) are listed so they
/// parse as zenity parses them (a value is consumed, an integer is checked) and
/// are then refused by name, instead of being reported as unknown.
enum ZenityOptionTable {
    typealias O = ZenityOption

    static let general: [O] = [
        O("title", .string, .general, "TITLE", "Set the dialog title"),
        O("window-icon", .string, .general, "ICONPATH", "Set the window icon"),
        O("width", .int, .general, "WIDTH", "Set the width"),
        O("height", .int, .general, "HEIGHT", "Set the height"),
        O("timeout", .int, .general, "TIMEOUT", "Set dialog timeout in seconds"),
        O("ok-label", .string, .general, "TEXT", "Set the label of the OK button"),
        O("cancel-label", .string, .general, "TEXT", "Set the label of the Cancel button"),
        O("extra-button", .string, .general, "TEXT", "Add an extra button"),
        O("modal", .none, .general, nil, "Set the modal hint"),
        O("attach", .int, .general, "WINDOW", "Set the parent window to attach to"),
    ]

    /// The options the four message dialogs share, and the question's own.
    static func message(_ group: O.Group) -> [O] {
        var options = [
            O("text", .string, group, "TEXT", "Set the dialog text"),
            O("icon-name", .string, group, "ICON-NAME", "Set the dialog icon"),
            O("no-wrap", .none, group, nil, "Do not enable text wrapping"),
            O("no-markup", .none, group, nil, "Do not enable Pango markup"),
        ]
        if group == .question {
            options.append(O("default-cancel", .none, group, nil, "Give Cancel button focus by default"))
        }
        options.append(O("ellipsize", .none, group, nil,
                         "Enable ellipsizing in the dialog text. This fixes the high window size with long texts"))
        if group == .question {
            options.append(O("switch", .none, group, nil, "Suppress OK and Cancel buttons"))
        }
        return options
    }

    static let misc: [O] = [
        O("about", .none, .misc, nil, "About zenity"),
        O("version", .none, .misc, nil, "Print version"),
    ]

    static let gtk: [O] = [
        O("class", .string, .gtk, "CLASS", "Program class as used by the window manager"),
        O("name", .string, .gtk, "NAME", "Program name as used by the window manager"),
        O("gtk-module", .string, .gtk, "MODULES", "Load additional GTK+ modules"),
        O("g-fatal-warnings", .none, .gtk, nil, "Make all warnings fatal"),
    ]

    static let beckon: [O] = [
        O("button", .string, .beckon, "LABEL[:CODE]",
          "Add a button that exits with CODE (default: its position from 0); replaces OK and Cancel"),
        O("json", .none, .beckon, nil, "Print one JSON object: the button, its label, the exit code, how the dialog ended"),
        O("countdown", .none, .beckon, nil, "Show the seconds left before --timeout closes the dialog"),
    ]

    /// The dialog types beckon shows, in zenity's help order.
    static let messageDialogs = ["error", "info", "question", "warning"]

    static let application: [O] = [
        O("calendar", .none, .application, nil, nil),
        O("entry", .none, .application, nil, nil),
        O("error", .none, .application, nil, "Display error dialog"),
        O("info", .none, .application, nil, "Display info dialog"),
        O("file-selection", .none, .application, nil, nil),
        O("list", .none, .application, nil, nil),
        O("notification", .none, .application, nil, nil),
        O("progress", .none, .application, nil, nil),
        O("question", .none, .application, nil, "Display question dialog"),
        O("warning", .none, .application, nil, "Display warning dialog"),
        O("scale", .none, .application, nil, nil),
        O("text-info", .none, .application, nil, nil),
        O("color-selection", .none, .application, nil, nil),
        O("password", .none, .application, nil, nil),
        O("forms", .none, .application, nil, nil),
        O("display", .string, .application, "DISPLAY", "X display to use"),
    ]

    /// Options of the dialogs beckon does not provide, so they parse as in zenity.
    static let otherDialogs: [O] = {
        let strings = ["entry-text", "date-format", "filename", "separator", "file-filter", "column",
                       "print-column", "hide-column", "hint", "font", "checkbox", "url", "color",
                       "add-entry", "add-password", "add-calendar", "add-list", "list-values",
                       "column-values", "add-combo", "combo-values", "forms-date-format"]
        let ints = ["day", "month", "year", "percentage", "value", "min-value", "max-value", "step"]
        let flags = ["hide-text", "multiple", "directory", "save", "confirm-overwrite", "checklist",
                     "radiolist", "imagelist", "editable", "hide-header", "mid-search", "listen",
                     "pulsate", "auto-close", "auto-kill", "no-cancel", "time-remaining", "print-partial",
                     "hide-value", "html", "no-interaction", "auto-scroll", "show-palette", "username",
                     "show-header"]
        return strings.map { O($0, .string, .otherDialog) } + ints.map { O($0, .int, .otherDialog) }
            + flags.map { O($0, .none, .otherDialog) }
    }()

    /// The dialog-type flags: two of them in one command line is an error.
    /// `--version` and `--about` count, as in zenity.
    static let dialogTypes: Set<String> = Set(application.filter { $0.argument == .none }.map(\.name) + ["version", "about"])

    /// Every option by name; the first group that lists a name wins (`--text`
    /// is in every message group with the same meaning).
    static let byName: [String: O] = {
        var table: [String: O] = [:]
        let all = general + message(.question) + message(.info) + misc + gtk + beckon + application + otherDialogs
        for option in all where table[option.name] == nil { table[option.name] = option }
        return table
    }()

    /// The help options: `--help-<group>` and their sections.
    static let helpGroups: [(name: String, group: O.Group, title: String, summary: String)] = [
        ("general", .general, "General options", "Show general options"),
        ("error", .error, "Error options", "Show error options"),
        ("info", .info, "Info options", "Show info options"),
        ("question", .question, "Question options", "Show question options"),
        ("warning", .warning, "Warning options", "Show warning options"),
        ("beckon", .beckon, "Beckon options (beyond zenity)", "Show beckon's own options"),
        ("misc", .misc, "Miscellaneous options", "Show miscellaneous options"),
        ("gtk", .gtk, "GTK+ Options", "Show GTK+ Options"),
    ]
}

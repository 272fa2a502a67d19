/// Help text in GLib's layout, listing what beckon provides.
enum ZenityHelp {
    static func text(_ topic: HelpTopic, program: String) -> String {
        var out = "Usage:\n  \(program) [OPTION…]\n"
        // Called as zenity, help stays zenity's; as beckon, it points at the subcommands.
        if program != "zenity" {
            let width = Subcommand.names.map(\.count).max() ?? 0
            for name in Subcommand.names {
                let padding = String(repeating: " ", count: width - name.count)
                out += "  \(program) \(name) [OPTION…]\(padding)    (see '\(program) \(name) --help')\n"
            }
        }
        out += "\n"
        switch topic {
        case .summary:
            out += helpOptions() + "\n" + applicationOptions()
        case .all:
            out += helpOptions() + "\n"
            for section in ZenityOptionTable.helpGroups {
                out += section.title + "\n" + lines(section.options) + "\n"
            }
            out += applicationOptions()
        case .group(let name):
            guard let section = ZenityOptionTable.helpGroups.first(where: { $0.name == name }) else {
                return text(.summary, program: program)
            }
            var shown = section.options
            // zenity lists the dialog's own flag first in its section.
            if let dialog = ZenityOptionTable.application.first(where: { $0.name == name }) {
                shown.insert(dialog, at: 0)
            }
            out += section.title + "\n" + lines(shown)
        }
        return out + "\n"
    }

    private static func helpOptions() -> String {
        var entries: [(String, String)] = [
            ("-h, --help", "Show help options"),
            ("--help-all", "Show all help options"),
        ]
        for section in ZenityOptionTable.helpGroups {
            entries.append(("--help-\(section.name)", section.summary))
        }
        return "Help Options:\n" + entries.map { line($0) }.joined()
    }

    private static func applicationOptions() -> String {
        "Application Options:\n" + lines(ZenityOptionTable.application.filter { $0.help != nil })
    }

    /// The entries of `options` that have help, descriptions from `column`
    /// (after the two spaces of indent); a help of several lines keeps to it.
    static func lines(_ options: [ZenityOption], column: Int = 50) -> String {
        options.compactMap { option in option.help.map { line((option.synopsis, $0), column: column) } }.joined()
    }

    /// One entry, its description in the column where GLib puts zenity's.
    private static func line(_ entry: (String, String), column: Int = 50) -> String {
        let padding = max(column - entry.0.count, 1)
        let help = entry.1.split(separator: "\n", omittingEmptySubsequences: false)
            .joined(separator: "\n" + String(repeating: " ", count: column + 2))
        return "  " + entry.0 + String(repeating: " ", count: padding) + help + "\n"
    }
}

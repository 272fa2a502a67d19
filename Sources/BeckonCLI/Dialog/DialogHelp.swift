import BeckonLiveDialog

/// `beckon dialog --help`: every option of the table, grouped as swiftDialog's
/// documentation groups them, with what Linux makes of it.
enum DialogHelp {
    static var text: String {
        var lines = [
            "Usage: beckon dialog [OPTION…]",
            "",
            "A dialog in swiftDialog's vocabulary that a script can change while it is shown:",
            "write 'key: value' lines to the command file ($XDG_RUNTIME_DIR/beckon/dialog.log,",
            "or --commandfile FILE). Exit codes: 0 button 1, 2 button 2, 3 info button,",
            "4 timer or --timeout, 5 quit:, 10 the quit key, 15 the window closed,",
            "30 no authorisation key, 40 SIGTERM or SIGINT, 201 image not found,",
            "202 file not found or JSON not read, 255 an error. See docs/dialog.md.",
            "",
        ]
        for option in LiveDialogOption.all {
            let value: String = switch option.shape {
            case .flag: ""
            case .text(let placeholder), .repeated(let placeholder): " " + placeholder
            case .optionalText(let placeholder, _): " [" + placeholder + "]"
            }
            let short = option.short.map { ", -\($0)" } ?? ""
            var line = "  --\(option.name)\(short)\(value)"
            line = line.count < 34 ? line + String(repeating: " ", count: 34 - line.count) : line + "\n" + String(repeating: " ", count: 34)
            var help = option.help
            if case .notApplicable(let why) = option.support { help += " (ignored: \(why))" }
            lines.append(line + help)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// docs/dialog.md's table: every option of swiftDialog's "Command Line
    /// Options" page (and Beckon's few), what it takes, whether a command-file
    /// line can set it, and how far Linux supports it.
    static var markdown: String {
        var lines = ["| option | value | command file | on Linux |", "|---|---|---|---|"]
        for option in LiveDialogOption.all {
            let value: String = switch option.shape {
            case .flag: "—"
            case .text(let placeholder): "`\(placeholder)`"
            case .repeated(let placeholder): "`\(placeholder)`, repeatable"
            case .optionalText(let placeholder, _): "`[\(placeholder)]`"
            }
            let support: String = switch option.support {
            case .supported: option.help.hasPrefix("Beckon:") ? "Beckon's own: " + option.help.dropFirst(8) : "supported"
            case .differently(let how): "supported differently: \(how)"
            case .notApplicable(let why): "not applicable: \(why)"
            }
            let live = option.live && !isNotApplicable(option) ? "yes" : "—"
            let names = (["--" + option.name] + option.aliases.map { "--" + $0 } + (option.short.map { ["-" + $0] } ?? []))
                .map { "`\($0)`" }.joined(separator: ", ")
            // A bar inside a cell, even in code, ends the cell in GitHub's tables.
            let cells = [names, value, live, String(support)].map { $0.replacing("|", with: "\\|") }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// docs/dialog.md's "SF Symbols" table: each SF Symbol of
    /// ``SFSymbolMap`` and the icon shown for it, in the declaration's order.
    static var sfSymbolsMarkdown: String {
        var lines = ["| SF Symbol | icon shown |", "|---|---|"]
        for entry in SFSymbolMap.entries {
            let symbol = entry.symbol.replacing("#", with: "N")
            lines.append("| `\(symbol)` | `\(entry.icon)` |")
        }
        lines.append("| any other | `\(SFSymbolMap.fallbackIcon)`, and one warning naming it |")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func isNotApplicable(_ option: LiveDialogOption) -> Bool {
        if case .notApplicable = option.support { return true }
        return false
    }
}

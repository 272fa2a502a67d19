import BeckonIO

extension LiveDialogSpec {
    /// Applies one command-file command and says whether it changed the spec
    /// or asks the window to act. A command that cannot be applied throws an
    /// error naming what was wrong; the caller warns and goes on (a bad line
    /// never ends the dialog).
    public mutating func apply(_ command: LiveDialogCommand,
                               context: LiveDialogContext = .init()) throws(LiveDialogError) -> LiveDialogChanges {
        let value = command.value
        let word = value.lowercased()
        switch command.key {
        case "message":
            Self.append(value, to: &message, context: context)
        case "infobox":
            var text = infoBox ?? ""
            infoBox = nil // the one reference, so that appending does not copy
            Self.append(value, to: &text, context: context)
            infoBox = text
        case "icon":
            try applyIcon(value)
        case "button1", "button2":
            guard let enabled = ["enable": true, "show": true, "disable": false, "hide": false][word] else {
                throw LiveDialogError("\(command.key): wants enable or disable, not '\(value)'")
            }
            if command.key == "button1" {
                button1.enabled = enabled
                button1.commandsApplied &+= 1
                if enabled { button1Delay = nil }
            } else {
                if button2 == nil && enabled { button2 = .init(label: "Cancel") }
                button2?.enabled = enabled
            }
        case "infobutton":
            infoButton = ["disable", "hide", "none"].contains(word) ? nil : .init(label: value)
        case "infotext":
            infoText = ["disable", "hide", "reset", "clear"].contains(word) ? nil : value
        case "progress":
            try applyProgress(word)
        case "list":
            try applyList(value)
        case "listitem":
            try applyListItem(value)
        case "bannertext":
            switch word {
            case "enable", "shadow": bannerTitle = bannerTitle ?? title
            case "disable": bannerTitle = nil
            default: bannerTitle = value
            }
        case "quit": return LiveDialogChanges(action: .quit)
        case "activate": return LiveDialogChanges(action: .activate)
        case "show": return LiveDialogChanges(action: .show)
        case "hide": return LiveDialogChanges(action: .hide)
        case "minimize", "minimise": return LiveDialogChanges(action: .minimise)
        case "maximize", "maximise": return LiveDialogChanges(action: .restore)
        default:
            guard let option = LiveDialogOption.named(command.key) else {
                throw LiveDialogError("unknown command '\(command.key)'")
            }
            if case .notApplicable(let why) = option.support {
                throw LiveDialogError("\(command.key): has no meaning here: \(why)")
            }
            guard option.live else {
                throw LiveDialogError("\(command.key): can only be given before the dialog opens")
            }
            try option.apply(.text(value), to: &self, context: context)
        }
        var changes = LiveDialogChanges()
        changes.specChanged = true
        return changes
    }

    /// `+ text` appends on a new line; anything else replaces (a file path
    /// is read). Past ``LiveDialogLimits/markdownBytes`` the oldest lines go,
    /// down to three quarters of it, so a script appending in a loop costs
    /// amortised constant time per line, not a copy of the whole message.
    static func append(_ value: String, to text: inout String, context: LiveDialogContext) {
        if value.hasPrefix("+") {
            let added = String(value.dropFirst()).trimmingWhitespace.replacing("\\n", with: "\n")
            if !text.isEmpty { text.append("\n") }
            text.append(added)
        } else {
            text = context.markdown(value)
        }
        guard text.utf8.count > LiveDialogLimits.markdownBytes else { return }
        var bytes = Array(text.utf8.suffix(LiveDialogLimits.markdownBytes * 3 / 4))
        if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) { bytes.removeSubrange(...newline) }
        text = String(decoding: bytes, as: UTF8.self)
    }

    private mutating func applyIcon(_ value: String) throws(LiveDialogError) {
        let word = value.lowercased()
        switch word {
        case "centre", "center": iconCentred = true
        case "left", "default": iconCentred = false
        default:
            if word.hasPrefix("size:") || word.hasPrefix("size ") {
                let number = LiveDialogValue.text(String(value.dropFirst(5)))
                iconSize = try number.integer("icon: size", in: 16...512)
            } else {
                icon = LiveDialogOption.iconName(value)
            }
        }
    }

    private mutating func applyProgress(_ word: String) throws(LiveDialogError) {
        var bar = progress ?? Progress(total: 100)
        switch word {
        case "complete": bar.value = bar.total
        case "reset", "indeterminate": bar.value = nil
        case "show", "enable", "create": bar.visible = true
        case "hide", "disable", "delete", "remove": bar.visible = false
        default:
            if word.hasPrefix("increment") {
                let step = word.dropFirst("increment".count).trimmingWhitespace
                let by = step.isEmpty ? 1 : try LiveDialogValue.text(String(step)).integer("progress: increment", in: 0...1_000_000_000)
                bar.value = min(bar.total, (bar.value ?? 0) + by)
            } else {
                bar.value = min(bar.total, try LiveDialogValue.text(word).integer("progress", in: 0...1_000_000_000))
            }
        }
        progress = bar
    }

    private mutating func applyList(_ value: String) throws(LiveDialogError) {
        switch value.lowercased() {
        case "clear": listItems = []; listVisible = false
        case "show": listVisible = true
        case "hide": listVisible = false
        default:
            let titles = value.split(separator: ",").map { String($0.trimmingWhitespace) }.filter { !$0.isEmpty }
            guard titles.count <= LiveDialogLimits.listRows else {
                throw LiveDialogError("list: \(titles.count) rows; a list holds at most \(LiveDialogLimits.listRows)")
            }
            listItems = titles.map { ListItem(title: $0) }
            listVisible = true
        }
    }
}

extension LiveDialogOption {
    private static let byName: [String: LiveDialogOption] = {
        var table: [String: LiveDialogOption] = [:]
        for option in all {
            table[option.name] = option
            for alias in option.aliases { table[alias] = option }
        }
        return table
    }()

    private static let byShort: [String: LiveDialogOption] = {
        var table: [String: LiveDialogOption] = [:]
        for option in all { if let short = option.short { table[short] = option } }
        return table
    }()

    /// The option with this long name or alias (without dashes, any case).
    public static func named(_ name: String) -> LiveDialogOption? { byName[name.lowercased()] }

    /// The option with this short name (without the dash; `t`, `2`, `bg`).
    public static func short(_ name: String) -> LiveDialogOption? { byShort[name] }

    /// Every long name and alias, for "did you mean".
    public static var names: [String] { Array(byName.keys).sorted() }
}

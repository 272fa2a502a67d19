import BeckonIO

extension LiveDialogSpec {
    /// Applies one command-file command and says what it changed. A command
    /// that cannot be applied throws an error naming what was wrong; the caller
    /// warns and goes on (a bad line never ends the dialog).
    public mutating func apply(_ command: LiveDialogCommand,
                               context: LiveDialogContext = .init()) throws(LiveDialogError) -> LiveDialogChanges {
        var changes = LiveDialogChanges()
        let value = command.value
        let word = value.lowercased()
        switch command.key {
        case "message":
            Self.append(value, to: &message, context: context)
            changes.parts = .message
        case "infobox":
            var text = infoBox ?? ""
            infoBox = nil // the one reference, so that appending does not copy
            Self.append(value, to: &text, context: context)
            infoBox = text
            changes.parts = .infoBox
        case "icon":
            try applyIcon(value)
            changes.parts = .icon
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
            changes.parts = .buttons
        case "infobutton":
            infoButton = ["disable", "hide", "none"].contains(word) ? nil : .init(label: value)
            changes.parts = .buttons
        case "infotext":
            infoText = ["disable", "hide", "reset", "clear"].contains(word) ? nil : value
            changes.parts = .buttons
        case "progress":
            try applyProgress(word)
            changes.parts = .progress
        case "list":
            try applyList(value)
            changes.parts = .listRows
        case "listitem":
            changes = try applyListItem(value)
        case "bannertext":
            switch word {
            case "enable", "shadow": bannerTitle = bannerTitle ?? title
            case "disable": bannerTitle = nil
            default: bannerTitle = value
            }
            changes.parts = .banner
        case "quit": changes.actions = [.quit]
        case "activate": changes.actions = [.activate]
        case "show": changes.actions = [.show]
        case "hide": changes.actions = [.hide]
        case "minimize", "minimise": changes.actions = [.minimise]
        case "maximize", "maximise": changes.actions = [.restore]
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
            changes.parts = Self.parts(changedBy: option.name)
        }
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

    /// What to redraw after a generic option changed.
    static func parts(changedBy name: String) -> LiveDialogChanges.Parts {
        switch name {
        case "title", "subtitle": .title
        case "message", "messagealignment": .message
        case "icon", "iconsize", "iconalpha", "iconalttext", "overlayicon", "hideicon", "centreicon": .icon
        case "bannerimage", "bannertitle", "bannertext": [.banner, .title]
        case "infobox": .infoBox
        case "helpmessage": .help
        case "timer", "hidetimerbar", "hidetimer": .timer
        case "progress", "progresstext": .progress
        case "width", "height", "small", "big", "position", "ontop", "resizable", "appearance", "mini", "style",
             "blurscreen": .window
        case "textfieldlivevalidation", "textfield", "checkbox", "selecttitle", "selectvalues", "selectdefault": .inputs
        default: .buttons
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

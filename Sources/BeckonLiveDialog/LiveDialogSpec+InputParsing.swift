import BeckonIO
import BeckonJSON

extension LiveDialogSpec.TextField {
    /// From `--textfield "Label,required,secure,prompt=…,value=…,regex=…,regexerror=…,name=…"`
    /// or a JSON object with the same names (`title` for the label).
    init(_ value: LiveDialogValue) throws(LiveDialogError) {
        switch value {
        case .object(let members):
            let json = JSONObjectReader(members: members, option: "textfield")
            self.init(title: try json.string("title", or: "label") ?? "")
            name = try json.string("name")
            required = try json.bool("required") ?? false
            secure = try json.bool("secure") ?? false
            editor = try json.bool("editor") ?? false
            prompt = try json.string("prompt")
            self.value = try json.string("value") ?? ""
            regex = try json.string("regex")
            regexError = try json.string("regexerror")
        default:
            let list = ModifierList(parsing: try value.text("--textfield"))
            self.init(title: list.label)
            name = list.value("name")
            required = list.words.contains("required")
            secure = list.words.contains("secure")
            editor = list.words.contains("editor")
            prompt = list.value("prompt")
            self.value = list.value("value") ?? ""
            regex = list.value("regex")
            regexError = list.value("regexerror")
        }
    }
}

extension LiveDialogSpec.Checkbox {
    /// From `--checkbox "label,checked,disabled,enableButton1,name=…"` or a
    /// JSON object (`label`, `checked`, `disabled`, `enableButton1`).
    init(_ value: LiveDialogValue) throws(LiveDialogError) {
        switch value {
        case .object(let members):
            let json = JSONObjectReader(members: members, option: "checkbox")
            self.init(label: try json.string("label", or: "title") ?? "")
            name = try json.string("name")
            checked = try json.bool("checked") ?? false
            disabled = try json.bool("disabled") ?? false
            enablesButton1 = try json.bool("enableButton1", or: "enablebutton1") ?? false
        default:
            let list = ModifierList(parsing: try value.text("--checkbox"))
            self.init(label: list.label)
            name = list.value("name")
            checked = list.words.contains("checked")
            disabled = list.words.contains("disabled")
            enablesButton1 = list.words.contains("enablebutton1")
        }
    }
}

extension LiveDialogSpec.SelectList {
    /// From `--selecttitle "Title,radio,required,searchable,multiselect,name=…"`
    /// or a `selectitems` JSON object (`title`, `values`, `default`, `style`,
    /// `required`, `name`).
    init(_ value: LiveDialogValue) throws(LiveDialogError) {
        switch value {
        case .object(let members):
            let json = JSONObjectReader(members: members, option: "selectitems")
            self.init(title: try json.string("title") ?? "")
            name = try json.string("name")
            values = try json.strings("values") ?? []
            defaultValue = try json.string("default")
            required = try json.bool("required") ?? false
            if let word = try json.string("style") {
                guard let style = Style(rawValue: word.lowercased()) else {
                    throw LiveDialogError("selectitems.style: wants default, radio, searchable or multiselect, not '\(word)'")
                }
                self.style = style
            }
        default:
            let list = ModifierList(parsing: try value.text("--selecttitle"))
            self.init(title: list.label)
            name = list.value("name")
            required = list.words.contains("required")
            for style in [Style.radio, .searchable, .multiselect] where list.words.contains(style.rawValue) {
                self.style = style
            }
        }
    }
}

extension LiveDialogSpec.ListItem {
    /// From `--listitem "title,status=…,statustext=…,icon=…,subtitle=…"`, a
    /// JSON string (the title) or object (`title`, `subtitle`, `icon`,
    /// `status`, `statustext`, `progress`).
    init(_ value: LiveDialogValue) throws(LiveDialogError) {
        switch value {
        case .object(let members):
            let json = JSONObjectReader(members: members, option: "listitem")
            self.init(title: try json.string("title") ?? "")
            subtitle = try json.string("subtitle")
            icon = try json.string("icon")
            if let alpha = try json.number("iconalpha") { iconAlpha = min(1, max(0, alpha)) }
            statusText = try json.string("statustext") ?? ""
            status = try Self.status(try json.string("status"), progress: try json.number("progress"))
        default:
            let list = ModifierList(parsing: try value.text("--listitem"))
            self.init(title: list.label)
            subtitle = list.value("subtitle")
            icon = list.value("icon")
            if let alpha = list.value("iconalpha").flatMap(Double.init) { iconAlpha = min(1, max(0, alpha)) }
            statusText = list.value("statustext") ?? ""
            status = try Self.status(list.value("status"), progress: list.value("progress").flatMap(Double.init))
        }
    }

    /// A status keyword, and a percentage for `progress`. An unknown word is an
    /// error that names it.
    static func status(_ word: String?, progress: Double?) throws(LiveDialogError) -> LiveDialogSpec.ItemStatus {
        if let progress, word == nil || word?.lowercased() == "progress" {
            return .progress(Int(min(100, max(0, progress)).rounded()))
        }
        guard let word else { return .none }
        guard let status = LiveDialogSpec.ItemStatus(keyword: word) ?? SFSymbol(status: word).map({ .symbol($0) }) else {
            throw LiveDialogError("listitem: unknown status '\(word)' (wait, success, fail, error, pending, progress, or an SF Symbol such as lock.shield-green)")
        }
        if case .progress = status, let progress { return .progress(Int(min(100, max(0, progress)).rounded())) }
        return status
    }
}

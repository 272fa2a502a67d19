extension LiveDialogSpec {
    /// `--textfield "Label[,required][,secure][,prompt=…][,value=…][,regex=…][,regexerror=…][,name=…]"`.
    public struct TextField: Sendable, Equatable {
        public var title: String
        /// The key in the output; the title when not given.
        public var name: String?
        public var required = false
        public var secure = false
        public var editor = false
        public var prompt: String?
        public var value: String = ""
        public var regex: String?
        public var regexError: String?
        public init(title: String) { self.title = title }

        /// What the output calls it.
        public var key: String { name ?? title }
    }

    /// `--checkbox "label[,checked][,disabled][,enableButton1]"`.
    public struct Checkbox: Sendable, Equatable {
        public var label: String
        public var name: String?
        public var checked = false
        public var disabled = false
        /// Ticking this box enables button 1 and unticking it disables it
        /// again (``LiveDialogSpec/button1Enabled(afterToggling:checked:)``);
        /// it does not disable button 1 by itself: give `--button1disabled`
        /// too, as swiftDialog's "Checkboxes" page says.
        public var enablesButton1 = false
        public init(label: String) { self.label = label }
        public var key: String { name ?? label }
    }

    /// `--selecttitle` with `--selectvalues` and `--selectdefault`.
    public struct SelectList: Sendable, Equatable {
        public var title: String
        public var name: String?
        public var values: [String] = []
        public var defaultValue: String?
        public var style: Style = .dropdown
        public var required = false
        public init(title: String) { self.title = title }
        public var key: String { name ?? title }

        public enum Style: String, Sendable, Equatable {
            case dropdown = "default", radio, searchable, multiselect
        }
    }

    /// A row of the item list.
    public struct ListItem: Sendable, Equatable {
        public var title: String
        public var subtitle: String?
        public var icon: String?
        /// The row icon's opacity, 0 to 1 (swiftDialog's `iconalpha`).
        public var iconAlpha: Double = 1
        public var status: ItemStatus = .none
        public var statusText: String = ""
        public init(title: String, status: ItemStatus = .none, statusText: String = "") {
            self.title = title
            self.status = status
            self.statusText = statusText
        }
    }

    /// swiftDialog's row statuses.
    public enum ItemStatus: Sendable, Equatable {
        case none, wait, success, fail, error, pending
        /// A percentage, 0 to 100.
        case progress(Int)
        /// Any other word in the full forms: an SF Symbol, `NAME-COLOUR`
        /// (swiftDialog's ListView.swift, StatusView's `default:`).
        case symbol(SFSymbol)

        /// The keywords swiftDialog reads; `progress` alone is 0 %.
        public init?(keyword: String) {
            switch keyword.lowercased() {
            case "none", "": self = .none
            case "wait": self = .wait
            case "success", "complete", "completed", "done": self = .success
            case "fail", "failed": self = .fail
            case "error": self = .error
            case "pending": self = .pending
            case "progress": self = .progress(0)
            default: return nil
            }
        }

        /// The word for output and for screen readers.
        public var keyword: String {
            switch self {
            case .none: "none"
            case .wait: "wait"
            case .success: "success"
            case .fail: "fail"
            case .error: "error"
            case .pending: "pending"
            case .progress: "progress"
            case .symbol(let symbol): symbol.words
            }
        }
    }
}

extension LiveDialogSpec {
    /// Button 1's state once checkbox `index` is ticked (`checked`) or
    /// unticked, or nil when that box leaves button 1 alone.
    ///
    /// As swiftDialog's CheckboxView.swift (lines 67-71) does it: a box with
    /// `enableButton1` writes `button1Disabled = !checked` when it changes, so
    /// ticking enables button 1, unticking disables it, and of several such
    /// boxes the one toggled last decides (not all of them together). Nothing
    /// happens before a box is toggled: button 1 starts as `--button1disabled`
    /// says, ticked boxes or not.
    public func button1Enabled(afterToggling index: Int, checked: Bool) -> Bool? {
        guard checkboxes.indices.contains(index), checkboxes[index].enablesButton1 else { return nil }
        return checked
    }
}

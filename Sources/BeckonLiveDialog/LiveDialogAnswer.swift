import BeckonJSON

/// How a `beckon dialog` ended and what its inputs held: what the window hands
/// back, and what `beckon dialog` prints in swiftDialog's format.
public struct LiveDialogAnswer: Sendable, Equatable {
    public var ending: Ending
    /// Each text field's key and value, in order.
    public var textFields: [Field<String>] = []
    /// Each select list's key, chosen value ("" when none) and its index (-1 when none).
    public var selects: [Selection] = []
    public var checkboxes: [Field<Bool>] = []

    public init(ending: Ending) { self.ending = ending }

    public struct Field<Value: Sendable & Equatable>: Sendable, Equatable {
        public var key: String
        public var value: Value
        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    public struct Selection: Sendable, Equatable {
        public var key: String
        public var value: String
        public var index: Int
        public init(key: String, value: String, index: Int) {
            self.key = key
            self.value = value
            self.index = index
        }
    }

    /// How the dialog ended, each with swiftDialog's exit code.
    public enum Ending: Sendable, Equatable {
        case button1, button2, infoButton, timer, quitCommand, quitKey
        /// Closed by the window manager (allowed only while button 2 could be
        /// pressed): swiftDialog's 15, "quit via window close button".
        case closed
        /// `--timeout`, Beckon's own, as in every Beckon dialog.
        case timeout

        public var exitCode: Int32 {
            switch self {
            case .button1: LiveDialogExit.button1
            case .button2: LiveDialogExit.button2
            case .closed: LiveDialogExit.windowClosed
            case .infoButton: LiveDialogExit.infoButton
            case .timer: LiveDialogExit.timer
            case .quitCommand: LiveDialogExit.quitCommand
            case .quitKey: LiveDialogExit.quitKey
            case .timeout: LiveDialogExit.timer
            }
        }
    }

    /// Whether inputs are printed: after button 1, or always with `--alwaysreturninput`.
    public func printsInputs(always: Bool) -> Bool { ending == .button1 || always }

    /// swiftDialog's plain output: `Field : value` for text fields, the
    /// selected option with quotes, checkboxes as `"Label" : "true"`.
    public var text: String {
        var lines: [String] = textFields.map { "\($0.key) : \($0.value)" }
        if selects.count == 1, let only = selects.first {
            lines.append("\"SelectedOption\" : \"\(only.value)\"")
            lines.append("\"SelectedIndex\" : \(only.index)")
        }
        for select in selects {
            lines.append("\"\(select.key)\" : \"\(select.value)\"")
            lines.append("\"\(select.key)\" index : \"\(select.index)\"")
        }
        lines += checkboxes.map { "\"\($0.key)\" : \"\($0.value)\"" }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The same answers as one JSON object (swiftDialog's `--json`).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = textFields.map { ($0.key, .string($0.value)) }
        if selects.count == 1, let only = selects.first {
            members.append(("SelectedOption", .string(only.value)))
            members.append(("SelectedIndex", .int(Int64(only.index))))
        }
        for select in selects {
            members.append((select.key, .object([("selectedValue", .string(select.value)),
                                                 ("selectedIndex", .int(Int64(select.index)))])))
        }
        members += checkboxes.map { ($0.key, .bool($0.value)) }
        // A key given twice keeps its last value, as swiftDialog's dictionary does.
        var seen: Set<String> = []
        let unique = members.reversed().filter { seen.insert($0.0).inserted }.reversed()
        return .object(Array(unique))
    }
}

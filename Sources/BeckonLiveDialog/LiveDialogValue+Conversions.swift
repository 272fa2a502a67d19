import BeckonIO
import BeckonJSON

extension LiveDialogValue {
    /// The value as text; an option that wants text and is given `true` in
    /// JSON is told so by name.
    func text(_ option: String) throws(LiveDialogError) -> String {
        switch self {
        case .text(let text): return text
        case .flag: throw LiveDialogError("\(option): wants a text value, not true or false")
        case .object: throw LiveDialogError("\(option): wants a text value, not an object")
        }
    }

    /// A flag: true when given bare, or the words swiftDialog and its command
    /// file use for on and off.
    func bool(_ option: String) throws(LiveDialogError) -> Bool {
        switch self {
        case .flag(let on): return on
        case .text(let text):
            switch text.trimmingWhitespace.lowercased() {
            case "", "true", "yes", "1", "enable", "enabled", "show", "on": return true
            case "false", "no", "0", "disable", "disabled", "hide", "off": return false
            default: throw LiveDialogError("\(option): wants true or false (enable or disable), not '\(text)'")
            }
        case .object: throw LiveDialogError("\(option): wants true or false, not an object")
        }
    }

    /// A whole number within `range`.
    func integer(_ option: String, in range: ClosedRange<Int> = 0...1_000_000) throws(LiveDialogError) -> Int {
        let text = try self.text(option).trimmingWhitespace
        guard let number = Int(text) ?? Double(text).flatMap({ $0.isFinite ? Int(exactly: $0.rounded()) : nil }),
              range.contains(number) else {
            throw LiveDialogError("\(option): wants a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// A number from 0 to 1 (opacities).
    func fraction(_ option: String) throws(LiveDialogError) -> Double {
        let text = try self.text(option).trimmingWhitespace
        guard let number = Double(text), (0...1).contains(number) else {
            throw LiveDialogError("\(option): wants a number from 0.0 to 1.0, not '\(text)'")
        }
        return number
    }
}


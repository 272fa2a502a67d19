import BeckonIO

/// One line of a command file (`key: value`), parsed; swiftDialog's "Command
/// File" page is the list, and every live option of ``LiveDialogOption/all``
/// is a command too.
public struct LiveDialogCommand: Sendable, Equatable {
    /// The key, lower-cased (`listitem`, `progress`).
    public var key: String
    /// The value with the white space around it dropped.
    public var value: String

    /// The command on `line`, or nil for a blank line. A line without a colon
    /// is an error naming what was expected.
    public init?(line: String) throws(LiveDialogError) {
        let text = line.trimmingWhitespace
        if text.isEmpty { return nil }
        guard let colon = text.firstIndex(of: ":") else {
            throw LiveDialogError("not a command: want 'key: value', as in 'message: Installing…'")
        }
        key = text[..<colon].trimmingWhitespace.lowercased()
        value = String(text[text.index(after: colon)...].trimmingWhitespace)
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw LiveDialogError("not a command: '\(key)' is not a command name")
        }
    }
}

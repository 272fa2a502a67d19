/// What stops a `beckon dialog` before or while it runs, with the exit code the
/// process ends with: 255 for a wrong option or JSON, as everywhere in Beckon,
/// and swiftDialog's 201 and 202 for an image or a file that is not there.
public struct LiveDialogError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public var exitCode: Int32
    /// For an option or JSON key that does not exist: the name as given, so the
    /// command line can add the closest ones ("did you mean").
    public var unknownName: String?

    public init(_ message: String, exitCode: Int32 = LiveDialogExit.error) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }

    static func wrongType(_ key: String, wants: String, got value: JSONValueKind) -> LiveDialogError {
        LiveDialogError("JSON key \"\(key)\": wants \(wants), not \(value.description)")
    }
}

/// swiftDialog's exit codes (its documentation's "Exit Codes"), and Beckon's
/// 255 for errors.
public enum LiveDialogExit {
    public static let button1: Int32 = 0
    public static let button2: Int32 = 2
    public static let infoButton: Int32 = 3
    public static let timer: Int32 = 4
    public static let quitCommand: Int32 = 5
    public static let quitKey: Int32 = 10
    public static let imageNotFound: Int32 = 201
    public static let fileNotFound: Int32 = 202
    public static let error: Int32 = 255
}

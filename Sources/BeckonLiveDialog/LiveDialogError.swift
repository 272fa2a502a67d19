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

/// swiftDialog's exit codes, as its source declares them (AppVariables.swift,
/// `exit0` … `exit202`, lines 55-68) where they differ from its "Exit Codes"
/// page, and Beckon's 255 for errors.
public enum LiveDialogExit {
    public static let button1: Int32 = 0
    public static let button2: Int32 = 2
    public static let infoButton: Int32 = 3
    /// The timer ran out. The source quits with `exit4` (TimerView.swift,
    /// lines 102 and 140); the "Exit Codes" page says 20, a code the source
    /// declares ("Timeout Exceeded") but never exits with.
    public static let timer: Int32 = 4
    public static let quitCommand: Int32 = 5
    public static let quitKey: Int32 = 10
    /// The window manager closed the window: `exit15`, "quit via window close
    /// button" (dialogApp.swift, `.onDisappear`).
    public static let windowClosed: Int32 = 15
    /// The authorisation key (`--key` or `DIALOG_AUTH_KEY`) does not match the
    /// stored hash: `exit30`, "Key authorisation required".
    public static let unauthorised: Int32 = 30
    /// SIGTERM or SIGINT: `exit40`, "SIGTERM received"; swiftDialog's `dialog`
    /// command exits 40 on SIGINT (dialogcli.swift, lines 51-55) and its app
    /// when the process that started it ends (dialogApp.swift, line 60).
    public static let terminated: Int32 = 40
    public static let imageNotFound: Int32 = 201
    /// A file that cannot be read, and JSON that cannot be parsed
    /// (ProcessCLOptions.swift, processJSON and processJSONString).
    public static let fileNotFound: Int32 = 202
    public static let error: Int32 = 255
}

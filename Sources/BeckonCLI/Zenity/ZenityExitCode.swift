import Glibc

/// zenity's exit statuses, each with the environment variables that override it.
///
/// zenity reads `ZENITY_<NAME>` first, then `DIALOG_<NAME>`, and takes the
/// value with C's `atoi` (so "abc" is 0 and 300 exits as 44, as in zenity).
public enum ZenityExitCode: String, Sendable, CaseIterable {
    case ok = "OK"
    case cancel = "CANCEL"
    case esc = "ESC"
    case error = "ERROR"
    case extra = "EXTRA"
    case timeout = "TIMEOUT"

    /// The code when no variable overrides it.
    public var defaultValue: Int32 {
        switch self {
        case .ok: 0
        case .cancel, .esc, .extra: 1
        case .error: 255 // zenity's -1
        case .timeout: 5
        }
    }

    /// The override from `environment`, if one is set.
    public func override(in environment: Environment) -> Int32? {
        guard let text = environment["ZENITY_\(rawValue)"] ?? environment["DIALOG_\(rawValue)"] else { return nil }
        return text.withCString { atoi($0) }
    }

    /// The code to exit with under `environment`.
    public func value(in environment: Environment) -> Int32 {
        override(in: environment) ?? defaultValue
    }
}

/// Read access to environment variables, so exit codes are testable without `setenv`.
public struct Environment: Sendable {
    private let lookup: @Sendable (String) -> String?

    public init(_ lookup: @escaping @Sendable (String) -> String?) {
        self.lookup = lookup
    }

    /// A fixed set of variables.
    public init(_ variables: [String: String]) {
        self.lookup = { variables[$0] }
    }

    /// The process's environment.
    public static let process = Environment { name in
        getenv(name).map { String(cString: $0) }
    }

    public subscript(name: String) -> String? { lookup(name) }
}

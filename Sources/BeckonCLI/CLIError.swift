import BeckonCore
import BeckonIO

/// A failure of the `beckon` command line, zenity's dialogs and `beckon terms`
/// alike, with the exit code it ends the process with.
///
/// Every message follows zenity's wording where zenity has one, so scripts that
/// match on stderr keep working, but names the option at fault as well.
public struct CLIError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for stderr (without the program name or a newline).
    public var message: String
    /// The process's exit code; zenity uses 255 for every command-line error.
    public var exitCode: Int32 = ZenityExitCode.error.defaultValue

    public var description: String { message }

    /// Writes the message on stderr after `program` and returns the exit code.
    func report(as program: String) -> Int32 {
        StandardError.write("\(program): \(message)\n")
        return exitCode
    }

    /// zenity's message for an option GLib cannot parse.
    static let notAvailableText = "This option is not available. Please see --help for all possible usages."

    /// An option no dialog knows, or one given without the value it needs.
    static func notAvailable(_ argument: String) -> CLIError {
        CLIError(message: "\(argument): \(notAvailableText)")
    }

    /// A value that is not an integer, or does not fit in one.
    static func badInteger(_ option: String, _ value: String) -> CLIError {
        CLIError(message: "--\(option): cannot parse integer value '\(value)'. \(notAvailableText)")
    }

    /// An option with no value after it.
    static func missingValue(_ option: String) -> CLIError {
        CLIError(message: "--\(option): missing argument. \(notAvailableText)")
    }

    static let noDialog = CLIError(message: "You must specify a dialog type. See 'zenity --help' for details")

    static func twoDialogs(_ first: String, _ second: String) -> CLIError {
        CLIError(message: "Two or more dialog options specified (--\(first) and --\(second))")
    }

    static func notSupported(_ option: String) -> CLIError {
        CLIError(message: "--\(option) is not supported for this dialog")
    }

    static func switchNeedsButtons() -> CLIError {
        CLIError(message: "--switch needs at least one --extra-button or --button. \(notAvailableText)")
    }

    static func badButton(_ value: String, _ why: String) -> CLIError {
        CLIError(message: "--button '\(value)': \(why)")
    }

    /// A value zenity takes but beckon refuses because it cannot be shown
    /// truthfully (an impossible date, a range with no room).
    static func badValue(_ option: String, _ why: String) -> CLIError {
        CLIError(message: "--\(option): \(why)")
    }

    /// A mistake on `beckon terms`' command line.
    static func termsUsage(_ message: String) -> CLIError {
        CLIError(message: "\(message) (see beckon terms --help)")
    }

    /// Anything else that keeps a dialog from being shown or its answer kept.
    static func failure(_ message: String) -> CLIError {
        CLIError(message: message)
    }
}

extension CLIError {
    /// Any error from the library as a command failure: no display (or no
    /// terminal for --tty) is always 255; a failure while the dialog ran honours ZENITY_ERROR, as zenity does.
    init(_ error: any Error, environment: Environment) {
        switch error {
        case let error as CLIError: self = error
        case let error as GtkRuntimeError: self = CLIError(message: error.description)
        case let error as TerminalError: self = CLIError(message: error.description)
        default:
            self = CLIError(message: "\(error)", exitCode: ZenityExitCode.error.value(in: environment))
        }
    }
}

/// A failure of the `beckon` command line, with the exit code it ends the process with.
///
/// Every message follows zenity's wording where zenity has one, so scripts that
/// match on stderr keep working, but names the option at fault as well.
public struct CLIError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, for stderr (without the program name or a newline).
    public var message: String
    /// The process's exit code; zenity uses 255 for every command-line error.
    public var exitCode: Int32 = 255

    public var description: String { message }

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

    /// A zenity dialog that beckon does not provide.
    static func dialogNotProvided(_ dialog: String) -> CLIError {
        CLIError(message: "--\(dialog) is a zenity dialog that beckon does not provide; "
            + "beckon shows --question, --info, --warning and --error")
    }

    static func switchNeedsButtons() -> CLIError {
        CLIError(message: "--switch needs at least one --extra-button or --button. \(notAvailableText)")
    }

    static func badButton(_ value: String, _ why: String) -> CLIError {
        CLIError(message: "--button '\(value)': \(why)")
    }
}

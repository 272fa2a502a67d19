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

    /// An option no dialog knows: zenity's words, then the declared names
    /// closest to it (``Suggestion``), if any.
    static func notAvailable(_ argument: String, suggesting names: [String] = []) -> CLIError {
        CLIError(message: "\(argument): \(notAvailableText)" + Suggestion.phrase(names))
    }

    /// A value that is not an integer, or does not fit in one. zenity adds
    /// "This option is not available" to GLib's words, which contradicts them:
    /// the option is available, its value is wrong.
    static func badInteger(_ option: String, _ value: String) -> CLIError {
        CLIError(message: "--\(option): cannot parse integer value '\(value)': it takes a whole number, such as --\(option)=10")
    }

    /// An option with no value after it: how to give one (`synopsis` is
    /// `--text=TEXT`), not zenity's "This option is not available", which
    /// contradicts "missing argument".
    static func missingValue(_ option: String, synopsis: String) -> CLIError {
        CLIError(message: "--\(option): missing argument: give it a value, as in \(synopsis)")
    }

    /// No dialog option; `program` is the command as it was run (`beckon`,
    /// or `zenity` through its symlink), so the advice works when typed.
    static func noDialog(program: String) -> CLIError {
        CLIError(message: "You must specify a dialog type. See '\(program) --help' for details")
    }

    static func twoDialogs(_ first: String, _ second: String) -> CLIError {
        CLIError(message: "Two or more dialog options specified (--\(first) and --\(second))")
    }

    /// An option this dialog does not take: zenity's words, then `dialog`
    /// and the dialogs that do take it (``OptionApplicability``).
    static func notSupported(_ option: String, by dialog: String, _ applicability: OptionApplicability) -> CLIError {
        CLIError(message: "--\(option) is not supported for this dialog (--\(dialog)); \(applicability.sentence)")
    }

    /// zenity 3.44 refuses `--switch` alone with "This option is not
    /// available"; beckon says what it needs instead.
    static func switchNeedsButtons() -> CLIError {
        CLIError(message: "--switch needs at least one --extra-button or --button")
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

/// Why `beckon terms` stopped without an answer, with the exit code it gives.
struct TermsCommandError: Error, Equatable, CustomStringConvertible {
    var message: String
    var exitCode: Int32

    var description: String { message }

    /// A mistake on the command line.
    static func usage(_ message: String) -> TermsCommandError {
        TermsCommandError(message: "\(message) (see beckon terms --help)", exitCode: TermsExitCode.error)
    }

    /// Anything else that keeps the terms from being shown or recorded.
    static func failure(_ message: String) -> TermsCommandError {
        TermsCommandError(message: message, exitCode: TermsExitCode.error)
    }
}

/// The exit codes of `beckon terms`, as docs/terms.md lists them.
enum TermsExitCode {
    /// Accepted, now or before (`--once`); `--status` found a record; `--revoke` removed one.
    static let accepted: Int32 = 0
    /// Declined or closed; `--status` or `--revoke` found no record.
    static let declined: Int32 = 1
    /// `--timeout` passed.
    static let timeout: Int32 = 5
    /// Bad options, unreadable terms, no display, a record that cannot be written.
    static let error: Int32 = 255
}

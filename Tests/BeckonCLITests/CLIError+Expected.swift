@testable import BeckonCLI

extension CLIError {
    /// The refusal the parser gives `--option` on `--dialog`, with the
    /// dialogs that take it as the parser works them out: the tests check
    /// which option is refused where; MessagesTests checks the words.
    static func notSupported(_ option: String, by dialog: String) -> CLIError {
        .notSupported(option, by: dialog, OptionApplicability(option))
    }

    /// The parser's error for `--option` given last without its value.
    static func missingValue(_ option: String) -> CLIError {
        .missingValue(option, synopsis: ZenityOptionTable.byName[option]?.synopsis ?? "--\(option)")
    }
}

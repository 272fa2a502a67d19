import BeckonCore
import BeckonJSON
import Glibc

/// What a dialog leaves for the script: its stdout and its exit code.
struct ZenityOutput: Sendable, Equatable {
    var stdout: String
    var exitCode: Int32
}

/// How a kind's answer prints, the one mapping from an outcome to stdout and
/// an exit code that every kind shares.
///
/// zenity 3.44 exits with the ESC code for Escape, a window close and an extra
/// button (whose label it prints). beckon keeps that, and adds what zenity
/// documents but ignores: ZENITY_EXTRA and ZENITY_TIMEOUT (and their DIALOG_
/// forms) take effect when set. `BECKON_CLOSE` gives a window-manager close
/// its own code, apart from Escape and Cancel. In zenity 4.2's dialect an
/// extra button exits with the EXTRA code (default 1), not the ESC one.
struct ZenityAnswer: Sendable {
    /// What zenity does when `--timeout` passes, which differs per dialog.
    enum Timeout: Sendable {
        /// Exit with the TIMEOUT code (5) and print ``ZenityAnswer/printed``
        /// (entry, scale, calendar; nothing for the message dialogs).
        case printsAnswer
        /// Exit as if cancelled, with nothing on stdout (password, colour).
        case exits(ZenityExitCode)

        /// The exit code the timeout gives under `environment`.
        func exitCode(in environment: Environment) -> Int32 {
            switch self {
            case .printsAnswer: ZenityExitCode.timeout.value(in: environment)
            case .exits(let code): code.value(in: environment)
            }
        }
    }

    /// What OK prints ("" for nothing; zenity ends a value with a newline).
    var printed: String = ""
    /// `--json`'s `value`, when the kind has one (docs/json.md); null in the
    /// object when the dialog gives none.
    var json: JSONValue?
    /// More members for `--json` after `value`, such as a list's row indices;
    /// null wherever `value` is null.
    var jsonDetails: [(String, JSONValue)] = []
    var timeout: Timeout = .printsAnswer
    /// Whether an OK ending came from the dialog itself, not a person: a
    /// progress window with `--auto-close` "presses" its OK when the work is
    /// done, which `--json` reports as `"ended": "auto-close"`, no button.
    var closedItself = false

    /// The stdout and exit code for `outcome` with `buttons`, in `dialect`;
    /// `kind` names the dialog in `--json`'s object.
    func output(_ outcome: DialogOutcome, buttons: ZenityButtons, environment: Environment,
                asJSON: Bool, kind: String, dialect: ZenityDialect = .zenity3_44) -> ZenityOutput {
        var stdout = ""
        var exitCode: Int32
        var ended = "escape"
        var meaning: ButtonMeaning?
        var showsValue = false
        switch outcome {
        case .button(let index) where index < buttons.meanings.count:
            ended = "button"
            meaning = buttons.meanings[index]
            switch buttons.meanings[index] {
            case .ok:
                exitCode = ZenityExitCode.ok.value(in: environment)
                stdout = printed
                showsValue = true
            case .cancel:
                exitCode = ZenityExitCode.cancel.value(in: environment)
            case .extra(let label):
                stdout = label + "\n"
                exitCode = dialect.isZenity4 ? ZenityExitCode.extra.value(in: environment)
                    : ZenityExitCode.extra.override(in: environment) ?? ZenityExitCode.esc.value(in: environment)
            case .custom(let code):
                exitCode = code
            }
        case .close:
            ended = "close"
            exitCode = environment["BECKON_CLOSE"].map { $0.withCString { atoi($0) } }
                ?? ZenityExitCode.esc.value(in: environment)
        case .timedOut:
            ended = "timeout"
            exitCode = timeout.exitCode(in: environment)
            if case .printsAnswer = timeout {
                stdout = printed
                showsValue = true
            }
        case .button, .escape, .destroyed:
            exitCode = ZenityExitCode.esc.value(in: environment)
        }
        guard asJSON else { return ZenityOutput(stdout: stdout, exitCode: exitCode) }
        var answer = JSONAnswer(kind: kind, ended: ended, exitCode: exitCode)
        if case .button = outcome, meaning == .ok, closedItself {
            // No one pressed OK: the window went when the work was done.
            answer.ended = "auto-close"
        } else if case .button(let index) = outcome, meaning != nil {
            answer.button = JSONAnswer.Button(name: buttons.jsonName(at: index), index: index,
                                              label: JSONAnswer.withoutMnemonic(buttons.buttons[index].label))
        }
        if showsValue, let json {
            answer.value = json
            answer.details = jsonDetails
        } else {
            answer.details = jsonDetails.map { ($0.0, .null) }
        }
        return ZenityOutput(stdout: answer.line, exitCode: exitCode)
    }
}

import Glibc
import Beckon

/// How a message dialog's ending becomes an exit code and stdout, as in zenity 3.44.
public struct MessageResult: Sendable, Equatable {
    /// How the dialog ended, as `--json` names it.
    public enum Ending: String, Sendable {
        case button, escape, close, timeout
    }

    public var exitCode: Int32
    /// Exactly what goes to stdout (zenity prints an extra button's label and a newline).
    public var stdout: String
    public var ending: Ending
    /// The button pressed, if any, by its index in the request.
    public var buttonIndex: Int?

    /// The result of `outcome` for `plan`.
    ///
    /// zenity 3.44 exits with the ESC code for Escape, a window close and an
    /// extra button, and with 5 for a timeout. Beckon keeps that, and adds what
    /// zenity documents but ignores: ZENITY_EXTRA and ZENITY_TIMEOUT (and their
    /// DIALOG_ forms) take effect when set. `BECKON_CLOSE` gives a window-manager
    /// close its own code, apart from Escape and Cancel.
    public init(_ outcome: DialogOutcome, plan: MessagePlan, options: MessageOptions, environment: Environment) {
        var stdout = ""
        switch outcome {
        case .button(let index) where index < plan.meanings.count:
            ending = .button
            buttonIndex = index
            switch plan.meanings[index] {
            case .ok: exitCode = ZenityExitCode.ok.value(in: environment)
            case .cancel: exitCode = ZenityExitCode.cancel.value(in: environment)
            case .extra(let extra):
                stdout = options.extraButtons[extra] + "\n"
                exitCode = ZenityExitCode.extra.override(in: environment) ?? ZenityExitCode.esc.value(in: environment)
            case .custom(let custom):
                exitCode = options.buttons[custom].exitCode
            }
        case .close:
            ending = .close
            exitCode = environment["BECKON_CLOSE"].map { $0.withCString { atoi($0) } }
                ?? ZenityExitCode.esc.value(in: environment)
        case .timedOut:
            ending = .timeout
            exitCode = ZenityExitCode.timeout.value(in: environment)
        case .button, .escape, .destroyed:
            ending = .escape
            exitCode = ZenityExitCode.esc.value(in: environment)
        }
        if options.json {
            stdout = Self.json(ending: ending, index: buttonIndex, plan: plan, exitCode: exitCode) + "\n"
        }
        self.stdout = stdout
    }
}

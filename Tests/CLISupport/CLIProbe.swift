import Beckon
@testable import BeckonCLI
import Testing

/// A zenity kind read, planned and printed as the `beckon` command does it,
/// without a display: what every CLI test needs, written once.
enum CLIProbe {
    /// `arguments` (the dialog flag included) read as `beckon` reads them
    /// under the environment `env` (which may name the dialect), taken as the kind `Options`.
    static func options<Options: ZenityDialog>(_ arguments: [String], as _: Options.Type = Options.self,
                                               env: [String: String] = [:]) throws(CLIError) -> Options {
        guard case .dialog(let dialog, _) = try ZenityParser.parse(arguments, environment: Environment(env)),
              let options = dialog as? Options else {
            throw CLIError(message: "\(arguments) is not a \(Options.self) dialog")
        }
        return options
    }

    /// What `plan` prints and exits with when the dialog ends as `outcome`
    /// holding `value`, through the shared output step, in `dialect`.
    static func output<Plan: ZenityPlan>(_ plan: Plan, _ value: Plan.Request.Value, _ outcome: DialogOutcome,
                                         env: [String: String] = [:], json: Bool = false,
                                         dialect: ZenityDialect = .zenity3_44) -> ZenityOutput {
        plan.answer(value).output(outcome, buttons: plan.buttons, environment: Environment(env), asJSON: json,
                                  kind: plan.jsonKind, dialect: dialect)
    }

    /// The error `body` throws; records an issue, and returns nil, when it throws none.
    static func error<T>(of arguments: [String], sourceLocation: SourceLocation = #_sourceLocation,
                         _ body: () throws -> T) -> CLIError? {
        do {
            _ = try body()
            Issue.record("expected an error for \(arguments)", sourceLocation: sourceLocation)
            return nil
        } catch let error as CLIError {
            return error
        } catch {
            Issue.record("\(arguments) threw \(error), not a CLIError", sourceLocation: sourceLocation)
            return nil
        }
    }
}

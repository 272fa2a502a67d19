import BeckonJSON
import BeckonTerms

extension TermsOutcome {
    /// The exit code `beckon terms` ends with: zenity's defaults, as terms
    /// take no ZENITY_* overrides.
    var exitCode: Int32 {
        switch self {
        case .accepted, .alreadyAccepted: ZenityExitCode.ok.defaultValue
        case .declined, .dismissed: ZenityExitCode.cancel.defaultValue
        case .timedOut: ZenityExitCode.timeout.defaultValue
        }
    }

    /// `beckon terms --json`'s line: the envelope every kind shares
    /// (docs/json.md), `ended` the outcome's name, `outcome` the same name
    /// as before `ended` existed, and the record when there is one.
    var jsonLine: String {
        var answer = JSONAnswer(shape: .terms, kind: TermsOutcome.jsonKind, ended: name, exitCode: exitCode)
        if let record { answer.details.append(("record", record.json)) }
        return answer.line
    }

    /// The kind's name in `--json`.
    static let jsonKind = "terms"
}

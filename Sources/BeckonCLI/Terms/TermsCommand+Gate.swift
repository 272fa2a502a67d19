import BeckonConsent
import BeckonCore
import BeckonLoginGate
import BeckonTerms
import Glibc

/// `beckon terms --gate`: the warden that ends the session unless the terms
/// are accepted (``GateWarden``, ``GateWardenLink``).
extension TermsCommand {
    /// The warden of the gate now being shown, from its start to the answer.
    nonisolated(unsafe) private static var gateWarden: GateWardenLink?

    /// Under `--gate`, starts the warden before anything of the gate is
    /// built or read, so that from here on every end but Accept ends the
    /// session. When it cannot be started the session is ended from here and
    /// the command fails (exit 255): a gate is never shown without a warden.
    /// `journal` is what the session-ended entry says (nil: none is written).
    static func startGateWarden(_ arguments: TermsArguments, journal: ConsentJournal.Context? = nil) throws(CLIError) {
        guard arguments.gate else { return }
        let ending = SessionEnding(command: arguments.endSessionCommand)
        do {
            gateWarden = try GateWardenLink(ending: ending, journal: journal)
        } catch {
            GateWardenLink.endSession(ending, why: "\(error)", reason: .wardenNotStarted, journal: journal)
            throw .failure("the gate was not shown: \(error)")
        }
    }

    /// Tells the warden an Accept (or an acceptance already on record under
    /// `--once`), once the record is written; any other outcome is left to
    /// the warden, which ends the session when this process exits.
    static func reportToGateWarden(_ outcome: TermsOutcome) {
        guard let warden = gateWarden else { return }
        switch outcome {
        case .accepted, .alreadyAccepted:
            warden.reportAccepted()
            gateWarden = nil
        case .declined, .dismissed, .timedOut:
            break
        }
    }
}

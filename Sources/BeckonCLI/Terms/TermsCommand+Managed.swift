import BeckonConsent
import BeckonCore
import BeckonIO
import BeckonTerms
import Glibc

/// `beckon terms --managed [ID…]`: terms an administrator configured
/// (``ManagedTerms``), each turned into the arguments of `terms` and run by
/// the same ``TermsCommand/run(_:harness:)``. See docs/administrators.md, "Managed terms".
extension TermsCommand {
    /// Runs `--managed`; nil when it is not given (the hook at the top of ``run(_:harness:)``).
    ///
    /// Each id in turn (every configured one when none is given, sorted by
    /// id), skipping those whose acceptance holds under their policy, stopping
    /// at the first that is not accepted with its exit code. No managed terms
    /// at all is exit 0 with no output: the login entry runs this at every login.
    static func runManaged(_ arguments: TermsArguments, harness: TermsHarness?) throws -> Int32? {
        guard arguments.isManaged, arguments.managed == nil else { return nil }
        // Every configured terms, or those named. A broken file is reported,
        // and the run ends with 255, but only after the terms that do read
        // were shown: a copy left beside a gate's file must not disable it.
        let (configured, broken) = try mapManagedErrors { () throws(ManagedTermsError) in
            arguments.managedIDs.isEmpty
                ? try ManagedTerms.scan()
                : (try arguments.managedIDs.map { id throws(ManagedTermsError) in try ManagedTerms.load(id: id) }, [])
        }
        for error in broken { StandardError.write("beckon terms: \(error)\n") }
        let finished = broken.isEmpty ? ZenityExitCode.ok.defaultValue : ZenityExitCode.error.defaultValue
        for terms in configured {
            let merged = try arguments.merged(with: terms)
            if arguments.status { return try managedStatus(merged) }
            if !arguments.revoke, let record = try holdingAcceptance(merged) {
                if arguments.json { try StandardOutput.writeAnswer(TermsOutcome.alreadyAccepted(record).jsonLine) }
                continue
            }
            // MARK: the enforcer follows this process from the moment the text is read (managedTextRead)
            showing = arguments.revoke ? nil : terms
            displayedSHA256 = nil
            let code: Int32
            do {
                code = try run(merged, harness: harness)
                showing = nil
            } catch {
                showing = nil
                throw error
            }
            if arguments.revoke {
                if code == ZenityExitCode.ok.defaultValue { reportToEnforcer(terms, .revoked, sha256: nil) }
            } else {
                reportToEnforcer(terms, code == ZenityExitCode.ok.defaultValue ? .accepted : .declined,
                                 sha256: displayedSHA256)
            }
            if code != ZenityExitCode.ok.defaultValue { return code }
            if merged.gate { try arguments.revoke ? awaitTrustedRevocation(merged) : awaitTrustedAcceptance(merged) }
        }
        return finished
    }

    /// The managed terms ``run(_:harness:)`` is showing now (nil for a
    /// revocation, or other terms), as their key file gives them.
    nonisolated(unsafe) private static var showing: ManagedTerms?
    /// The digest of the text the window of ``showing`` displays, once read:
    /// what `shown` and `accepted` tell the enforcer. Never the key file's
    /// text read apart from the window's, which could be another (issue 51).
    nonisolated(unsafe) private static var displayedSHA256: String?

    /// The hook in ``run(_:harness:)`` once the text to show is read: for
    /// managed terms, the enforcer is told they are shown, with the digest
    /// of `document`, the very text the window displays.
    static func managedTextRead(_ document: TermsDocument) {
        guard let terms = showing else { return }
        displayedSHA256 = document.sha256
        reportToEnforcer(terms, .shown, sha256: document.sha256)
    }

    /// What the window of a managed gate calls when its windows stayed
    /// hidden (TermsWindow+Sight.swift): the enforcer is told, and ends the
    /// session. Nil for other terms: the hook in ``makeOptions``.
    static func gateHiddenReporter() -> (@Sendable (String) -> Void)? {
        guard let terms = showing, terms.gate else { return nil }
        let id = terms.id
        return { reason in
            guard let link = enforcerLink() else { return }
            do {
                try link.hidden(id: id, reason: reason)
            } catch {
                StandardError.write("beckon terms: warning: \(error)\n")
            }
        }
    }

    /// The record's managed details for `arguments`: the hook in ``makeOptions``.
    static func managedConsentDetails(_ arguments: TermsArguments) -> ConsentDetails? {
        arguments.managed?.consentDetails(login: .current())
    }

    /// `--status --managed ID`: 0 and the record when the user need not be
    /// asked, 1 and why when they must; with --json one object.
    private static func managedStatus(_ arguments: TermsArguments) throws -> Int32 {
        let decision = try decision(arguments)
        if arguments.json {
            try StandardOutput.writeAnswer(decision.json.serialized() + "\n")
        } else {
            var text = "must_ask: \(decision.mustAsk)\nreason: \(decision.reason.name)\nwhy: \(oneLine(decision.explanation))\n"
            if let record = decision.record {
                text += describe(record) + "\n"
                if let language = record.language { text += "language: \(oneLine(language))\n" }
                if let file = record.file { text += "file: \(oneLine(file))\n" }
            }
            try StandardOutput.writeAnswer(text)
        }
        return decision.mustAsk ? ZenityExitCode.cancel.defaultValue : ZenityExitCode.ok.defaultValue
    }

    /// Under a gate, stays until the acceptance just written can be read back
    /// from the journal as this user's beckon's, at most ``journalWait``: journald
    /// reads `_EXE` from /proc when it handles the entry, and a process gone by
    /// then leaves an entry without it, which no gate trusts. Warns when it
    /// never shows: the user will be asked again.
    private static func awaitTrustedAcceptance(_ arguments: TermsArguments) throws {
        let deadline = ContinuousClock.now + journalWait
        while try decision(arguments).mustAsk {
            guard ContinuousClock.now < deadline else {
                StandardError.write("beckon terms: warning: the acceptance of \(arguments.managed?.id ?? "") is not in the "
                                    + "system journal as this user's beckon's; under a gate it will be asked again\n")
                return
            }
            usleep(50_000)
        }
    }

    /// Under a gate, waits until the revocation is in the journal as this
    /// user's beckon's: journald takes `_EXE` from the process when it reads
    /// the entry, so one written just before exit may lack it and be taken
    /// for a forgery, leaving the earlier acceptance in force. Not seen in
    /// time is an error (exit 255): the gate would still open.
    private static func awaitTrustedRevocation(_ arguments: TermsArguments) throws {
        let deadline = ContinuousClock.now + journalWait
        while try !decision(arguments).mustAsk {
            guard ContinuousClock.now < deadline else {
                throw CLIError.failure("the revocation of \(arguments.managed?.id ?? "") is not in the system journal "
                                       + "as this user's beckon's; the gate still takes the earlier acceptance")
            }
            usleep(50_000)
        }
    }

    /// How long an acceptance under a gate is waited for in the journal.
    static let journalWait: Duration = .seconds(3)

    /// The acceptance that spares the user the window, if it holds.
    private static func holdingAcceptance(_ arguments: TermsArguments) throws -> ConsentRecord? {
        let decision = try decision(arguments)
        return decision.mustAsk ? nil : decision.record
    }

    /// Whether the user must be asked: the journal's answer, and where an
    /// enforcer runs, its answer over it (an acceptance the enforcer did not
    /// check is none, whatever the user's journal entries say).
    private static func decision(_ arguments: TermsArguments) throws -> TermsAskDecision {
        guard let terms = arguments.managed else { throw CLIError.failure("no managed terms") }
        let decision = try mapManagedErrors { () throws(ManagedTermsError) in try terms.mustAsk() }
        guard !decision.mustAsk, let enforcer = enforcerHeld(terms), !enforcer.held else { return decision }
        return TermsAskDecision(reason: .noJournalEntry, record: nil,
                                explanation: "a gate, and the enforcer holds no acceptance it checked")
    }

    private static func mapManagedErrors<T>(_ body: () throws(ManagedTermsError) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw .failure(error.description) }
    }
}

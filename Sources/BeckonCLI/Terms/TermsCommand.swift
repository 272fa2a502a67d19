import BeckonConsent
import BeckonCore
import BeckonIO
import BeckonJSON
import BeckonTerms
import Glibc

/// `beckon terms`: the terms-of-use acceptance dialog. See docs/terms.md.
enum TermsCommand {
    /// Runs `beckon terms` with the arguments after `terms`; returns the exit code.
    /// A test build passes a `harness` to answer without a person (``TermsHarness``).
    static func main(_ arguments: [String], harness: TermsHarness? = nil) -> Int32 {
        // Until the arguments are read, a --json among them is taken as asked.
        var json = TermsArguments.Key.json.isWritten(in: arguments)
        guardProcessForEnforcer(arguments) // MARK: the enforcer (TermsCommand+Enforcer.swift)
        do {
            let parsed = try TermsArguments.parse(arguments)
            json = parsed.json
            return try run(parsed, harness: harness)
        } catch {
            // Terms' codes are zenity's defaults: no ZENITY_* overrides here.
            let failure = CLIError(error, environment: Environment([:]))
            // A script that asked for JSON reads stdout, not stderr.
            if json {
                StandardOutput.write(JSONAnswer.error(failure, kind: TermsOutcome.jsonKind, shape: .terms).line)
            }
            return failure.report(as: "beckon terms")
        }
    }

    static func run(_ arguments: TermsArguments, harness: TermsHarness? = nil) throws -> Int32 {
        if arguments.help {
            try StandardOutput.writeAnswer(TermsHelp.text)
            return 0
        }
        if arguments.checkConfig { return try checkConfig(arguments) } // MARK: --check-config (TermsCommand+CheckConfig.swift)
        if arguments.audit { return try audit(arguments) } // MARK: --audit (TermsCommand+Audit.swift)
        if let code = try runManaged(arguments, harness: harness) { return code }
        // --timeout holds from here: while the terms are read, then for the window.
        let deadline = arguments.timeout.map { ContinuousClock.now + .seconds($0) }
        // The locale's charset decides how non-UTF-8 terms are read.
        setlocale(LC_ALL, "")
        var options = try makeOptions(arguments, harness)
        if arguments.status { return try status(arguments, options) }
        if arguments.revoke { return try revoke(arguments, options) }
        // MARK: the gate's warden (TermsCommand+Gate.swift): up before the terms are read.
        try startGateWarden(arguments, journal: gateJournalContext(arguments, options))

        let document: TermsDocument
        do {
            document = try readDocument(arguments, deadline: deadline)
        } catch let error as TermsError {
            // Only a timeout comes through as a TermsError: exit 5, as for a window.
            StandardError.write("beckon terms: \(error.description)\n")
            Terms.journalTimeoutBeforeShowing(options: options) // MARK: every outcome in the journal
            return try finish(.timedOut, arguments)
        }
        for warning in document.warnings { options.consent.onWarning(warning) }
        managedTextRead(document) // MARK: managed terms: the enforcer told what is shown (TermsCommand+Managed.swift)

        if arguments.once, let id = arguments.id,
           let record = try mapErrors({ () throws(TermsError) in
               try Terms.existingConsent(for: document, id: id, version: arguments.version, options: options)
           }) {
            return try finish(.alreadyAccepted(record), arguments)
        }
        // What is left of --timeout after reading; a window gets at least a moment.
        // The window ends at the deadline itself, however long it takes to build
        // (megabytes of terms): the timeout is measured again when it shows.
        if let deadline {
            options.timeout = max(ContinuousClock.now.duration(to: deadline), .milliseconds(1))
            options.deadline = deadline
        }
        // Rendering starts now, on its own thread, while GTK starts up.
        let prepared = Terms.prepare(document)
        let outcome: TermsOutcome
        do {
            let fallback = TerminalFallback(tty: arguments.tty, noTTY: arguments.noTTY)
            let options = options
            let timeoutJSON = arguments.json ? TermsOutcome.timedOut.jsonLine : nil
            let journal = Terms.journalContext(document, options: options)
            let show: @GtkActor @Sendable (Dialog, Bool) async throws -> TermsOutcome = { dialog, onTerminal in
                // MARK: every outcome in the journal: a signal's or the watchdog's
                // ending sends an entry prepared now, before either can come.
                if let journal { ConsentJournal.prepareEndings(journal) }
                TerminationSignals.exitWhenReceived(hangUpAnswer: onTerminal ? ZenityExitCode.cancel.defaultValue : nil)
                if let timeout = options.timeout {
                    LoopWatchdog.hold(timeout, exitCode: ZenityExitCode.timeout.defaultValue, program: "beckon terms",
                                      stdout: timeoutJSON)
                }
                defer {
                    LoopWatchdog.release()
                    ConsentJournal.forgetPreparedEndings()
                }
                return try await Terms.present(prepared, options: options, dialog: dialog)
            }
            outcome = try harness.map { try $0.run(show) } ?? fallback.run(show)
        } catch let error as TermsError {
            throw CLIError.failure(error.description)
        }
        return try finish(outcome, arguments)
    }

    private static func makeOptions(_ arguments: TermsArguments, _ harness: TermsHarness?) throws -> TermsOptions {
        var options = TermsOptions()
        if let title = arguments.title { options.labels.title = title }
        if let accept = arguments.acceptLabel { options.labels.accept = accept }
        if let decline = arguments.declineLabel { options.labels.decline = decline }
        options.checkboxLabel = arguments.checkbox
        options.requiresScroll = arguments.requiresScroll
        options.gate = arguments.gate
        options.reread = arguments.reread
        options.timeout = arguments.timeout.map { .seconds($0) }
        if let width = arguments.width { options.width = width }
        if let height = arguments.height { options.height = height }
        options.consent.id = arguments.id
        options.consent.version = arguments.version
        options.consent.details = managedConsentDetails(arguments)
        options.onGateHidden = gateHiddenReporter()
        options.consent.onWarning = { StandardError.write("beckon terms: warning: \($0)\n") }
        if arguments.id != nil {
            let warn = options.consent.onWarning
            var store = try mapErrors { () throws(ConsentStoreError) in try ConsentStore.standard(onWarning: warn) }
            harness?.adjustStore(&store)
            options.consent.store = store
        }
        return options
    }

    /// The terms from --file or stdin; throws ``TermsError/readTimedOut(source:)``
    /// as it is (a timeout, not an error), every other failure as a ``CLIError``.
    private static func readDocument(_ arguments: TermsArguments,
                                     deadline: ContinuousClock.Instant?) throws -> TermsDocument {
        do {
            if let file = arguments.file {
                return try TermsDocument.read(path: file, encoding: arguments.encoding, deadline: deadline)
            }
            guard isatty(0) == 0 else {
                throw TermsError.unreadableInput(reason: "it is a terminal; give the terms with --file or pipe them in")
            }
            return try TermsDocument.read(fileDescriptor: 0, encoding: arguments.encoding, deadline: deadline)
        } catch let error as TermsError {
            if case .readTimedOut = error { throw error }
            throw CLIError.failure(error.description)
        }
    }

    private static func status(_ arguments: TermsArguments, _ options: TermsOptions) throws -> Int32 {
        guard let store = options.consent.store, let id = arguments.id else { return ZenityExitCode.error.defaultValue }
        guard let record = try mapErrors({ () throws(ConsentStoreError) in try store.record(id: id) }) else {
            if arguments.json { try StandardOutput.writeAnswer(JSONValue.null.serialized() + "\n") }
            return ZenityExitCode.cancel.defaultValue
        }
        try StandardOutput.writeAnswer((arguments.json ? record.json.serialized() : describe(record)) + "\n")
        return ZenityExitCode.ok.defaultValue
    }

    private static func revoke(_ arguments: TermsArguments, _ options: TermsOptions) throws -> Int32 {
        guard let store = options.consent.store, let id = arguments.id else { return ZenityExitCode.error.defaultValue }
        let removed = try mapErrors { () throws(ConsentStoreError) in try store.remove(id: id) }
        // Under a gate the journal, not the record file, says whether the
        // terms were accepted (ManagedTerms+Decision.swift): with no record
        // file left to remove, the revocation must still reach the journal,
        // or the gate would go on taking the old acceptance (issue 32).
        if removed == nil, options.gate, store.logsToJournal {
            var context = ConsentJournal.Context(termsID: id, document: nil, consent: options.consent)
            context.acceptedAt = nil
            guard ConsentJournal.write(.revoked, context) else {
                throw CLIError.failure("cannot record the revocation of \(id) in the journal; "
                                       + "the gate would still take the earlier acceptance")
            }
            if arguments.json { try StandardOutput.writeAnswer(JSONValue.null.serialized() + "\n") }
            return ZenityExitCode.ok.defaultValue
        }
        if arguments.json { try StandardOutput.writeAnswer((removed?.json ?? JSONValue.null).serialized() + "\n") }
        return removed == nil ? ZenityExitCode.cancel.defaultValue : ZenityExitCode.ok.defaultValue
    }

    /// Prints the outcome (with --json) and returns its exit code. A record is
    /// already written whole by now; a failed write of the answer is exit 255.
    private static func finish(_ outcome: TermsOutcome, _ arguments: TermsArguments) throws(CLIError) -> Int32 {
        reportToGateWarden(outcome) // MARK: the gate's warden, told of an Accept first
        if arguments.json { try StandardOutput.writeAnswer(outcome.jsonLine) }
        return outcome.exitCode
    }

    static func describe(_ record: ConsentRecord) -> String {
        """
        id: \(oneLine(record.id))
        version: \(oneLine(record.version ?? ""))
        sha256: \(oneLine(record.sha256))
        accepted_at: \(oneLine(record.acceptedAt))
        user: \(oneLine(record.user))
        """
    }

    /// `value` on one line: control characters (a newline written into the
    /// file by hand) as JSON escapes, so no value can forge another line; the
    /// same rule as `--audit`'s table.
    static func oneLine(_ value: String) -> String {
        ConsentAuditFormat.escapingControlCharacters(value)
    }

    /// Library errors become command errors with exit code 255.
    private static func mapErrors<T, E: Error & CustomStringConvertible>(
        _ body: () throws(E) -> T
    ) throws(CLIError) -> T {
        do { return try body() } catch { throw .failure(error.description) }
    }
}

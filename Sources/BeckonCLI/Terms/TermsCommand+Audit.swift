import BeckonCore
import BeckonConsent

// MARK: --audit: the consent events in the journal (docs/audit.md, "Auditing consent")

extension TermsCommand {
    /// `--audit`: prints the events the query keeps as a table, JSON lines or
    /// CSV, or with `--summary` their counts per terms version and host.
    /// Exit 0 with events, 1 with none (the header alone), as `--status`
    /// exits 1 without a record; 255 when the journal cannot be read.
    static func audit(_ arguments: TermsArguments) throws(CLIError) -> Int32 {
        let query = try auditQuery(arguments)
        let output: String
        let found: Bool
        do {
            if arguments.summary {
                let summary = ConsentAuditSummary(events: try query.eventsInTimeRange(), query: query)
                found = !summary.rows.isEmpty
                output = arguments.json ? ConsentAuditFormat.jsonLines(summary) : ConsentAuditFormat.table(summary)
            } else {
                let events = try query.events()
                found = !events.isEmpty
                output = arguments.json ? ConsentAuditFormat.jsonLines(events)
                    : arguments.csv ? ConsentAuditFormat.csv(events) : ConsentAuditFormat.table(events)
            }
        } catch {
            throw .failure(error.description)
        }
        try StandardOutput.writeAnswer(output)
        return found ? ZenityExitCode.ok.defaultValue : ZenityExitCode.cancel.defaultValue
    }

    /// The query the options describe; a date that does not parse is a usage error.
    static func auditQuery(_ arguments: TermsArguments) throws(CLIError) -> ConsentAuditQuery {
        var query = ConsentAuditQuery(source: arguments.directory.map { .directory($0) }
            ?? (arguments.auditFiles.isEmpty ? .local : .files(arguments.auditFiles)))
        query.termsID = arguments.id
        query.version = arguments.version
        query.user = arguments.user
        query.outcome = arguments.outcome
        func date(_ key: OptionKey<String?>, _ text: String?) throws(CLIError) -> UInt64? {
            guard let text else { return nil }
            guard let microseconds = ConsentAuditDate.microseconds(text) else {
                throw .termsUsage("--\(key.name) needs a date such as 2026-12-01, \"2026-12-01 10:00:00\", "
                                  + "2026-12-01T10:00:00Z, today or yesterday, not \(text.debugDescription)")
            }
            return microseconds
        }
        query.since = try date(TermsArguments.Key.since, arguments.since)
        query.until = try date(TermsArguments.Key.until, arguments.until)
        if let since = query.since, let until = query.until, since > until {
            throw .termsUsage("--since \(arguments.since ?? "") is after --until \(arguments.until ?? "")")
        }
        return query
    }
}

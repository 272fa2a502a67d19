import BeckonCore
import BeckonConsent
import BeckonIO

// MARK: --audit: the consent events in the journal (docs/audit.md)

extension TermsCommand {
    /// `--audit`: prints the events the query keeps as a table, JSON lines or
    /// CSV, each as it is read, or with `--summary` their counts per terms
    /// version and host. Exit 0 with events, 1 when the journals could be
    /// read and hold none (the header alone), as `--status` exits 1 without
    /// a record; 255 when a journal cannot be read.
    static func audit(_ arguments: TermsArguments) throws(CLIError) -> Int32 {
        let query = try auditQuery(arguments)
        var output = AuditOutput()
        var found = false
        var untrusted = 0
        do {
            if arguments.summary {
                var summary = ConsentAuditSummary(query: query)
                try query.scan { event in
                    summary.add(event)
                    return true
                }
                let rows = summary.rows
                found = !rows.isEmpty
                output.text += arguments.json ? ConsentAuditFormat.jsonLines(summary) : ConsentAuditFormat.table(summary)
            } else {
                var writer = ConsentAuditFormat.Writer(arguments.json ? .jsonLines : arguments.csv ? .csv : .table)
                writer.start(into: &output.text)
                try query.scan { event in
                    guard query.matches(event) else { return true }
                    guard query.lists(event) else {
                        untrusted += 1
                        return true
                    }
                    found = true
                    writer.write(event, into: &output.text)
                    return output.flushIfFull()
                }
                writer.finish(into: &output.text)
            }
        } catch {
            throw .failure(error.description)
        }
        try output.flush()
        if untrusted > 0 {
            StandardError.write("beckon: \(untrusted) matching \(untrusted == 1 ? "entry was" : "entries were") not written by "
                                + "beckon as the user \(untrusted == 1 ? "it names" : "they name") and not listed; "
                                + "--include-untrusted lists them\n")
        }
        return found ? ZenityExitCode.ok.defaultValue : ZenityExitCode.cancel.defaultValue
    }

    /// The query the options describe; a date that does not parse is a usage error.
    static func auditQuery(_ arguments: TermsArguments) throws(CLIError) -> ConsentAuditQuery {
        let directories = arguments.auditDirectories
        var query = ConsentAuditQuery(source: !directories.isEmpty ? .directories(directories)
            : arguments.auditFiles.isEmpty ? .local : .files(arguments.auditFiles))
        query.termsID = arguments.id
        query.version = arguments.version
        query.user = arguments.user
        query.outcome = arguments.outcome
        query.includeUntrusted = arguments.includeUntrusted
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

/// The audit's standard output: text gathered up to ``limit`` bytes, then
/// written, so a listing of any length costs the same memory. A failed
/// write (a reader gone) stops the reading and is exit 255.
struct AuditOutput {
    var text = ""
    private(set) var error: CLIError?
    /// What is gathered before it is written.
    static let limit = 64 * 1024

    /// Writes the text once it passes ``limit``; false after a failed write.
    mutating func flushIfFull() -> Bool {
        guard text.utf8.count >= Self.limit else { return true }
        do { try flush() } catch { self.error = error; return false }
        return true
    }

    /// Writes what is gathered; a failed write now or before is thrown.
    mutating func flush() throws(CLIError) {
        if let error { throw error }
        guard !text.isEmpty else { return }
        try StandardOutput.writeAnswer(text)
        text = ""
    }
}

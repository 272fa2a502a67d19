import Glibc

/// Why an audit could not read its journal: a missing directory or file, a
/// file that is not a journal, no permission, no libsystemd.
public struct ConsentAuditError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension ConsentAuditQuery {
    /// The events that pass the filters, oldest first.
    public func events() throws(ConsentAuditError) -> [ConsentEvent] {
        var events: [ConsentEvent] = []
        try read { event in
            if matches(event) { events.append(event) }
        }
        return events
    }

    /// Every beckon event of the source within ``since``…``until``, the other
    /// filters not applied: what a summary counts from (users seen on a host).
    public func eventsInTimeRange() throws(ConsentAuditError) -> [ConsentEvent] {
        var events: [ConsentEvent] = []
        try read { event in
            if inTimeRange(event) { events.append(event) }
        }
        return events
    }

    private func read(_ body: (ConsentEvent) -> Void) throws(ConsentAuditError) {
        try checkSource()
        do {
            try ConsentJournal.forEachEntry(in: source, matching: Self.journalMatches, since: since ?? 0) { entry in
                if let event = ConsentEvent(entry) { body(event) }
                return true
            }
        } catch {
            // sd_journal_open_files says ENODATA, EBADMSG or EPROTONOSUPPORT for a file that is no journal.
            let notJournal = [ENODATA, EBADMSG, EPROTONOSUPPORT].contains(-error.code) && source != .local
            throw ConsentAuditError("\(sourceDescription): \(error.description)"
                                    + (notJournal ? " (not a journal file, or a damaged one)" : ""))
        }
    }

    /// sd_journal_open_directory takes a missing directory for an empty
    /// journal; an auditor who mistyped it must hear so, not see no events.
    private func checkSource() throws(ConsentAuditError) {
        func check(_ path: String, directory: Bool) throws(ConsentAuditError) {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw ConsentAuditError("\(path): \(String(cString: strerror(errno)))")
            }
            let isDirectory = info.st_mode & S_IFMT == S_IFDIR
            if directory, !isDirectory { throw ConsentAuditError("\(path): not a directory") }
            if !directory, isDirectory { throw ConsentAuditError("\(path): a directory; give it with --directory") }
            guard access(path, directory ? R_OK | X_OK : R_OK) == 0 else {
                throw ConsentAuditError("\(path): \(String(cString: strerror(errno)))")
            }
        }
        switch source {
        case .local: break
        case .directory(let path): try check(path, directory: true)
        case .files(let paths): for path in paths { try check(path, directory: false) }
        }
    }

    private var sourceDescription: String {
        switch source {
        case .local: "the local journal"
        case .directory(let path): path
        case .files(let paths): paths.joined(separator: ", ")
        }
    }
}

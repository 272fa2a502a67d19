import Glibc

/// Why an audit could not read its journal: a missing directory or file, a
/// directory without journal files, a file that is not a journal, no
/// permission, no libsystemd.
public struct ConsentAuditError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension ConsentAuditQuery {
    /// The longest value of a field an audit reads, in bytes (UTF-8): a
    /// longer one is cut at a character's edge and ends in
    /// ``ConsentJournal/cutMarker``. Above any value beckon writes (a login
    /// name is at most 256 bytes, a hostname 64), below what would let one
    /// entry cost more than a screenful.
    public static let fieldBytes = 1024

    /// Calls `body` with every beckon event of the source within
    /// ``since``…``until``, oldest first, as it is read (its sender judged,
    /// ``ConsentEvent/trust``); the other filters are the caller's
    /// (``matches(_:)``, ``lists(_:)``). `body` returns false to stop.
    /// Memory does not grow with the events: nothing is kept of one when
    /// the next is read.
    public func scan(_ body: (ConsentEvent) -> Bool) throws(ConsentAuditError) {
        try checkSource()
        Self.raiseOpenFileLimit()
        let executable = ConsentJournal.ownExecutable
        let names = ConsentAuditUserNames()
        do {
            try ConsentJournal.forEachEntry(in: source, matching: Self.journalMatches, names: ConsentEvent.fieldNames,
                                            fieldBytes: Self.fieldBytes) { entry in
                guard let event = ConsentEvent(entry, beckonExecutable: executable, userName: names.name(of:)),
                      inTimeRange(event)
                else { return true }
                return body(event)
            }
        } catch {
            throw describe(error)
        }
    }

    /// The events ``lists(_:)`` keeps, oldest first, gathered: for tests and
    /// small journals; ``scan(_:)`` streams.
    public func events() throws(ConsentAuditError) -> [ConsentEvent] {
        var events: [ConsentEvent] = []
        try scan { event in
            if lists(event) { events.append(event) }
            return true
        }
        return events
    }

    /// What the audit says when the journal cannot be read: the file at
    /// fault when one of collected files is (the reader opens each alone).
    private func describe(_ error: ConsentJournal.ReadError) -> ConsentAuditError {
        guard source != .local else { return ConsentAuditError("the local journal: \(error.description)") }
        return Self.describe(error, at: error.file ?? sourceDescription)
    }

    private static func describe(_ error: ConsentJournal.ReadError, at place: String) -> ConsentAuditError {
        // sd_journal_open_files says ENODATA, EBADMSG, EPROTONOSUPPORT or EINVAL for a file that is no journal.
        let notJournal = [ENODATA, EBADMSG, EPROTONOSUPPORT, EINVAL].contains(-error.code)
        return ConsentAuditError("\(place): \(error.description)" + (notJournal ? " (not a journal file, or a damaged one)" : ""))
    }

    /// sd_journal_open_files fails for a missing file, but an auditor who
    /// mistyped a directory, or named one without journals, must hear so
    /// too, not see no events.
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
        case .directories(let paths):
            for path in paths {
                try check(path, directory: true)
                guard !ConsentJournal.journalFiles(in: path).isEmpty else {
                    throw ConsentAuditError("\(path): no journal files (*.journal) in it or its machine-id directories")
                }
            }
        case .files(let paths): for path in paths { try check(path, directory: false) }
        }
    }

    private var sourceDescription: String {
        switch source {
        case .local: "the local journal"
        case .directories(let paths), .files(let paths): paths.joined(separator: ", ")
        }
    }

    /// sd_journal keeps every file of the local journal open, and the audit
    /// holds each collected file by a descriptor until its last entry:
    /// 10,000 collected files need as many, above the usual soft limit of
    /// 1,024 (as journalctl raises it). The hard limit stays; past it a
    /// collected file is opened again by its path (``ConsentJournal/FileMerge``).
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

/// How `--audit` prints events and summaries: an aligned table for people,
/// JSON lines for programs, CSV for a spreadsheet. Every format is built
/// from the same columns (``ConsentAuditFormat/columns``), each event
/// written as it is read (``Writer``), every value escaped
/// (``escapingControlCharacters(_:)``).
public enum ConsentAuditFormat {
    /// A column: its name (the JSON key and the CSV header) and its value.
    public struct Column: Sendable {
        public var name: String
        public var value: @Sendable (ConsentEvent) -> String?
    }

    /// Every field of an event, in output order: the contract's fields, what
    /// journald added (host, boot, machine, time), and who journald says sent
    /// it (`sender_uid`, `sender_user`, `exe`) with the ``ConsentEvent/trust`` that rests on.
    public static let columns: [Column] = [
        Column(name: "time") { ConsentAuditDate.iso8601($0.time) },
        Column(name: "time_usec") { String($0.time) },
        Column(name: "host") { $0.host },
        Column(name: "user") { $0.user },
        Column(name: "uid") { $0.uid },
        Column(name: "id") { $0.termsID },
        Column(name: "version") { $0.version },
        Column(name: "outcome") { $0.outcome.rawValue },
        Column(name: "language") { $0.language },
        Column(name: "gate") { $0.gate.map { $0 ? "true" : "false" } },
        Column(name: "session_type") { $0.sessionType },
        Column(name: "session_id") { $0.sessionID },
        Column(name: "sha256") { $0.sha256 },
        Column(name: "file") { $0.file },
        Column(name: "policy") { $0.policy },
        Column(name: "accepted_at") { $0.acceptedAt },
        Column(name: "session_ended_by") { $0.sessionEndedBy },
        Column(name: "reason") { $0.reason },
        Column(name: "signal") { $0.signal },
        Column(name: "boot") { $0.boot },
        Column(name: "machine_id") { $0.machineID },
        Column(name: "sender_uid") { $0.senderUID },
        Column(name: "sender_user") { $0.senderUser },
        Column(name: "exe") { $0.executable },
        Column(name: "trust") { $0.trust.rawValue },
    ]

    // MARK: Table

    /// The table's columns: what an auditor reads first.
    static let tableColumns: [(String, @Sendable (ConsentEvent) -> String?)] = [
        ("TIME", { ConsentAuditDate.iso8601($0.time, fraction: false) }), ("HOST", \.host), ("USER", \.user),
        ("ID", \.termsID), ("VERSION", \.version), ("OUTCOME", { $0.outcome.rawValue }), ("LANGUAGE", \.language),
        ("GATE", { $0.gate.map { $0 ? "yes" : "no" } }), ("SESSION", \.sessionType), ("SENDER", \.senderUser),
        ("TRUST", { $0.trust.rawValue }),
    ]

    /// How many rows the table reads before it fixes its column widths.
    public static let tableLookAhead = 256
    /// The widest a column is padded to: a longer value pushes the rest of
    /// its own row to the right, never every other row.
    public static let tableMaximumWidth = 40

    /// The events as an aligned table with a header row (the header alone
    /// when there are none); a missing value is "-", control characters are
    /// escaped, so no value can start a row of its own.
    public static func table(_ events: [ConsentEvent]) -> String {
        Writer.text(.table, of: events)
    }

    /// The summary as a table: one row per terms version and host.
    public static func table(_ summary: ConsentAuditSummary) -> String {
        var rows = [["ID", "VERSION", "HOST", "ACCEPTED", "VERIFIED", "DECLINED", "NEVER ASKED", "USERS"]]
        rows += summary.rows.map { row in
            [cell(row.termsID), cell(row.version), cell(row.host), String(row.accepted.count), String(row.verified.count),
             String(row.declined.count), String(row.neverAsked.count), String(row.seen.count)]
        }
        let widths = widths(of: rows)
        return rows.map { aligned($0, widths: widths) }.joined()
    }

    static func cell(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "-" }
        return escapingControlCharacters(value)
    }

    /// Each column's width in `rows`: its widest cell, at most ``tableMaximumWidth``.
    static func widths(of rows: [[String]]) -> [Int] {
        rows[0].indices.map { column in min(rows.map { $0[column].unicodeScalars.count }.max() ?? 0, tableMaximumWidth) }
    }

    /// One row: each cell padded to its column's width, two spaces between.
    static func aligned(_ row: [String], widths: [Int]) -> String {
        var line = ""
        for (column, text) in row.enumerated() {
            line += text
            guard column < row.count - 1 else { break }
            let pad = widths[column] - text.unicodeScalars.count
            if pad > 0 { line += String(repeating: " ", count: pad) }
            line += "  "
        }
        return line + "\n"
    }

    // MARK: JSON

    /// One event as a line of JSON: every column the event has (an unknown
    /// field is left out), `time_usec`, `uid` and `sender_uid` numbers,
    /// `gate` a boolean.
    public static func jsonLine(_ event: ConsentEvent) -> String {
        var line = "{"
        for column in columns {
            guard let value = column.value(event) else { continue }
            if line.utf8.count > 1 { line += "," }
            line += "\"" + column.name + "\":"
            switch column.name {
            case "time_usec": line += value
            case "uid", "sender_uid": if let number = Int64(value) { line += String(number) } else { appendJSONString(value, to: &line) }
            case "gate": line += value
            default: appendJSONString(value, to: &line)
            }
        }
        return line + "}\n"
    }

    /// One JSON object per line.
    public static func jsonLines(_ events: [ConsentEvent]) -> String {
        Writer.text(.jsonLines, of: events)
    }

    /// The summary as JSON lines, one object per terms version and host: the
    /// counts, and the users behind them (sorted).
    public static func jsonLines(_ summary: ConsentAuditSummary) -> String {
        summary.rows.map { row in
            func users(_ set: Set<String>) -> String { "[" + set.sorted().map(jsonString).joined(separator: ",") + "]" }
            var line = "{\"id\":" + jsonString(row.termsID)
            if let version = row.version { line += ",\"version\":" + jsonString(version) }
            if let host = row.host { line += ",\"host\":" + jsonString(host) }
            line += ",\"accepted\":\(row.accepted.count),\"verified\":\(row.verified.count)"
            line += ",\"declined\":\(row.declined.count),\"never_asked\":\(row.neverAsked.count),\"users\":\(row.seen.count)"
            line += ",\"accepted_users\":" + users(row.accepted) + ",\"verified_users\":" + users(row.verified)
            line += ",\"declined_users\":" + users(row.declined) + ",\"never_asked_users\":" + users(row.neverAsked)
            return line + "}\n"
        }.joined()
    }

    // MARK: CSV

    /// RFC 4180 CSV: a header row of ``columns``, CRLF line ends, each cell
    /// escaped as ``escapingControlCharacters(_:)`` escapes (so no cell holds
    /// a line break or a NUL), quoted when it holds a comma or a quote
    /// (quotes doubled). A cell a spreadsheet would take for a formula
    /// (starting with `=`, `+`, `-` or `@`) gets a leading `'`, so opening
    /// the file runs nothing.
    public static func csv(_ events: [ConsentEvent]) -> String {
        Writer.text(.csv, of: events)
    }

    /// One event as a CSV line.
    public static func csvLine(_ event: ConsentEvent) -> String {
        columns.map { csvCell($0.value(event) ?? "") }.joined(separator: ",") + "\r\n"
    }

    /// One CSV cell, escaped, guarded and quoted.
    public static func csvCell(_ value: String) -> String {
        var value = escapingControlCharacters(value)
        if let first = value.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) { value = "'" + value }
        guard value.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") }) else { return value }
        return "\"" + value.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}

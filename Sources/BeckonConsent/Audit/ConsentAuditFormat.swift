import BeckonJSON

/// How `--audit` prints events and summaries: an aligned table for people,
/// JSON lines for programs, CSV for a spreadsheet. Every format is built
/// from the same columns (``ConsentAuditFormat/columns``).
public enum ConsentAuditFormat {
    /// A column: its name (the JSON key and the CSV header) and its value.
    public struct Column: Sendable {
        public var name: String
        public var value: @Sendable (ConsentEvent) -> String?
    }

    /// Every field of an event, in output order: the contract's fields plus
    /// what journald added (host, boot, machine, sender, time).
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
        Column(name: "exe") { $0.executable },
    ]

    // MARK: Table

    /// The table's columns: what an auditor reads first.
    static let tableColumns: [(String, @Sendable (ConsentEvent) -> String?)] = [
        ("TIME", { ConsentAuditDate.iso8601($0.time, fraction: false) }), ("HOST", \.host), ("USER", \.user),
        ("ID", \.termsID), ("VERSION", \.version), ("OUTCOME", { $0.outcome.rawValue }), ("LANGUAGE", \.language),
        ("GATE", { $0.gate.map { $0 ? "yes" : "no" } }), ("SESSION", \.sessionType),
    ]

    /// The events as an aligned table with a header row (the header alone
    /// when there are none); a missing value is "-", control characters are
    /// escaped, so no value can start a row of its own.
    public static func table(_ events: [ConsentEvent]) -> String {
        aligned([tableColumns.map(\.0)] + events.map { event in tableColumns.map { cell($0.1(event)) } })
    }

    /// The summary as a table: one row per terms version and host.
    public static func table(_ summary: ConsentAuditSummary) -> String {
        aligned([["ID", "VERSION", "HOST", "ACCEPTED", "DECLINED", "NEVER ASKED", "USERS"]] + summary.rows.map { row in
            [cell(row.termsID), cell(row.version), cell(row.host), String(row.accepted.count), String(row.declined.count),
             String(row.neverAsked.count), String(row.seen.count)]
        })
    }

    static func cell(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "-" }
        return escapingControlCharacters(value)
    }

    /// `value` with control characters as JSON escapes (`\n`, `\u001b`).
    public static func escapingControlCharacters(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return value }
        let quoted = JSONValue.string(value).serialized()
        return String(quoted.dropFirst().dropLast())
    }

    private static func aligned(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        let widths = header.indices.map { column in rows.map { $0[column].unicodeScalars.count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, text in
                column == row.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.unicodeScalars.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    /// One event as a JSON object: every column the event has (an unknown
    /// field is left out), `time_usec` and `uid` numbers, `gate` a boolean.
    public static func json(_ event: ConsentEvent) -> JSONValue {
        .object(columns.compactMap { column in
            guard let value = column.value(event) else { return nil }
            switch column.name {
            case "time_usec": return (column.name, .int(Int64(clamping: event.time)))
            case "uid", "sender_uid": return (column.name, Int64(value).map(JSONValue.int) ?? .string(value))
            case "gate": return (column.name, .bool(value == "true"))
            default: return (column.name, .string(value))
            }
        })
    }

    /// One JSON object per line.
    public static func jsonLines(_ events: [ConsentEvent]) -> String {
        events.map { json($0).serialized() + "\n" }.joined()
    }

    /// The summary as JSON lines, one object per terms version and host: the
    /// counts, and the users behind them (sorted).
    public static func jsonLines(_ summary: ConsentAuditSummary) -> String {
        summary.rows.map { row in
            let users = { (set: Set<String>) in JSONValue.array(set.sorted().map(JSONValue.string)) }
            var members: [(String, JSONValue)] = [("id", .string(row.termsID))]
            if let version = row.version { members.append(("version", .string(version))) }
            if let host = row.host { members.append(("host", .string(host))) }
            members += [
                ("accepted", .int(Int64(row.accepted.count))), ("declined", .int(Int64(row.declined.count))),
                ("never_asked", .int(Int64(row.neverAsked.count))), ("users", .int(Int64(row.seen.count))),
                ("accepted_users", users(row.accepted)), ("declined_users", users(row.declined)),
                ("never_asked_users", users(row.neverAsked)),
            ]
            return JSONValue.object(members).serialized() + "\n"
        }.joined()
    }

    // MARK: CSV

    /// RFC 4180 CSV: a header row of ``columns``, CRLF line ends, a cell
    /// quoted when it holds a comma, a quote, CR or LF (quotes doubled). A
    /// cell a spreadsheet would take for a formula (starting with `=`, `+`,
    /// `-`, `@`, a tab or CR) gets a leading `'`, so opening the file runs nothing.
    public static func csv(_ events: [ConsentEvent]) -> String {
        ([columns.map(\.name)] + events.map { event in columns.map { $0.value(event) ?? "" } })
            .map { $0.map(csvCell).joined(separator: ",") + "\r\n" }.joined()
    }

    /// One CSV cell, guarded and quoted.
    public static func csvCell(_ value: String) -> String {
        var value = value
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return value }
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

@testable import BeckonConsent
@testable import BeckonIO
@testable import BeckonJSON
import Glibc
import Testing

/// `beckon terms --audit` without a journal: the filters, the dates, the
/// formats and the summary's counts, on event values.
@Suite(.serialized) struct ConsentAuditTests {
    static func event(_ user: String?, _ outcome: ConsentJournal.Event, host: String? = "host-a", id: String? = "org.aup",
                      version: String? = "3", time: UInt64 = 1_764_583_200_000_000) -> ConsentEvent {
        var event = ConsentEvent(time: time, outcome: outcome)
        event.user = user
        event.host = host
        event.termsID = id
        event.version = version
        return event
    }

    @Test func eachFilterKeepsOnlyItsEvents() {
        let alice = Self.event("alice", .accepted, time: 100)
        let bob = Self.event("bob", .declined, id: "org.other", version: "1", time: 200)
        var query = ConsentAuditQuery()
        #expect(query.matches(alice) && query.matches(bob))
        query.termsID = "org.aup"
        #expect(query.matches(alice) && !query.matches(bob))
        query = ConsentAuditQuery()
        query.version = "1"
        #expect(!query.matches(alice) && query.matches(bob))
        query = ConsentAuditQuery()
        query.user = "alice"
        #expect(query.matches(alice) && !query.matches(bob))
        query = ConsentAuditQuery()
        query.outcome = .declined
        #expect(!query.matches(alice) && query.matches(bob))
        query = ConsentAuditQuery()
        query.since = 150
        #expect(!query.matches(alice) && query.matches(bob))
        query.since = 100
        query.until = 100 // both bounds are inclusive
        #expect(query.matches(alice) && !query.matches(bob))
        // A version filter does not match an entry without a version.
        query = ConsentAuditQuery()
        query.version = "3"
        #expect(!query.matches(Self.event("carol", .shown, version: nil)))
    }

    @Test func theOutcomeComesFromTheNewFieldTheOldOneOrTheMessageID() {
        func entry(_ fields: [String: String]) -> ConsentJournal.Entry {
            ConsentJournal.Entry(fields: fields, realtimeMicroseconds: 42)
        }
        #expect(ConsentEvent(entry(["BECKON_OUTCOME": "timeout", "BECKON_EVENT": "timeout"]))?.outcome == .timeout)
        // Entries written before issue 23 have BECKON_EVENT only.
        #expect(ConsentEvent(entry(["BECKON_EVENT": "revoked"]))?.outcome == .revoked)
        #expect(ConsentEvent(entry(["MESSAGE_ID": "e69ab3e0b3864ec89a5363bc3113ef73"]))?.outcome == .sessionEnded)
        #expect(ConsentEvent(entry(["MESSAGE_ID": "0000"])) == nil)
        let event = ConsentEvent(entry([
            "BECKON_OUTCOME": "accepted", "BECKON_TERMS_ID": "org.aup", "BECKON_TERMS_VERSION": "", "BECKON_GATE": "true",
            "_HOSTNAME": "h", "BECKON_USER": "ada", "BECKON_SESSION_TYPE": "wayland",
        ]))
        #expect(event?.time == 42 && event?.termsID == "org.aup" && event?.gate == true && event?.host == "h")
        #expect(event?.version == nil, "an empty version is no version")
        #expect(event?.sessionType == "wayland" && event?.user == "ada" && event?.language == nil)
    }

    @Test func datesAreReadAsJournalctlReadsThem() throws {
        setenv("TZ", "UTC", 1)
        tzset()
        defer { unsetenv("TZ"); tzset() }
        let midnight: UInt64 = 1_796_083_200_000_000 // 2026-12-01T00:00:00Z
        #expect(ConsentAuditDate.microseconds("2026-12-01") == midnight)
        #expect(ConsentAuditDate.microseconds("2026-12-01 10:00:00") == midnight + 36_000_000_000)
        #expect(ConsentAuditDate.microseconds("2026-12-01 10:00") == midnight + 36_000_000_000)
        #expect(ConsentAuditDate.microseconds("2026-12-01T10:00:00Z") == midnight + 36_000_000_000)
        #expect(ConsentAuditDate.microseconds("2026-12-01T12:00:00+02:00") == midnight + 36_000_000_000)
        #expect(ConsentAuditDate.microseconds("2026-12-01T10:00:00.5Z") == midnight + 36_000_500_000)
        #expect(ConsentAuditDate.microseconds("@1796083200") == midnight)
        let noon = midnight + 43_200_000_000
        #expect(ConsentAuditDate.microseconds("today", now: noon) == midnight)
        #expect(ConsentAuditDate.microseconds("yesterday", now: noon) == midnight - 86_400_000_000)
        #expect(ConsentAuditDate.microseconds("tomorrow", now: noon) == midnight + 86_400_000_000)
        #expect(ConsentAuditDate.microseconds("now", now: noon) == noon)
        for bad in ["", "garbage", "2026-13-01", "2026-12-32", "2026-12-01 25:00", "12/01/2026", "@x", "2026-12-01X"] {
            #expect(ConsentAuditDate.microseconds(bad) == nil, "\(bad.debugDescription)")
        }
        #expect(ConsentAuditDate.iso8601(midnight + 36_000_000_042) == "2026-12-01T10:00:00.000042Z")
        #expect(ConsentAuditDate.iso8601(midnight, fraction: false) == "2026-12-01T00:00:00Z")
    }

    @Test func csvQuotesAsRFC4180AndDisarmsFormulas() {
        #expect(ConsentAuditFormat.csvCell("plain") == "plain")
        #expect(ConsentAuditFormat.csvCell("a,b") == "\"a,b\"")
        #expect(ConsentAuditFormat.csvCell("say \"hi\"") == "\"say \"\"hi\"\"\"")
        // No cell holds a line break, a tab or a NUL: each is escaped, and so is a backslash.
        #expect(ConsentAuditFormat.csvCell("two\nlines") == "two\\nlines")
        #expect(ConsentAuditFormat.csvCell("cr\r\nlf") == "cr\\r\\nlf")
        #expect(ConsentAuditFormat.csvCell("\tx\0") == "\\tx\\u0000")
        #expect(ConsentAuditFormat.csvCell("C:\\x") == "C:\\\\x")
        for formula in ["=1+1", "+1", "-1", "@SUM(A1)"] {
            #expect(ConsentAuditFormat.csvCell(formula) == "'" + formula, "\(formula.debugDescription)")
        }
        #expect(ConsentAuditFormat.csvCell("=HYPERLINK(\"x\",\"y\")") == "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"")
        let csv = ConsentAuditFormat.csv([Self.event("ev,e", .accepted)])
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines.count == 3 && lines[2].isEmpty, "a header, a row, CRLF after each")
        #expect(lines[0].hasPrefix("time,time_usec,host,user,uid,id,version,outcome,"))
        #expect(lines[1].contains(",host-a,\"ev,e\",,org.aup,3,accepted,"), "\(lines[1])")
        #expect(ConsentAuditFormat.csv([]).components(separatedBy: "\r\n").count == 2, "the header alone")
    }

    @Test func noValueCanForgeARowOfTheTable() {
        let table = ConsentAuditFormat.table([Self.event("mallory\n2026-01-01T00:00:00Z  h  root", .accepted)])
        let lines = table.split(separator: "\n")
        #expect(lines.count == 2, "\(table)")
        #expect(lines[1].contains("mallory\\n2026"))
        #expect(ConsentAuditFormat.table([]).split(separator: "\n").count == 1, "the header alone")
        #expect(lines[0].hasPrefix("TIME                  HOST    USER"), "aligned: \(lines[0])")
    }

    @Test func jsonHasEveryKnownFieldTypedAndNoInventedOnes() throws {
        var event = Self.event("ada", .sessionEnded)
        event.gate = true
        event.uid = "1000"
        event.sessionEndedBy = "logind"
        let json = try JSONValue(parsing: ConsentAuditFormat.jsonLine(event))
        #expect(json["time"] == .string("2025-12-01T10:00:00.000000Z"))
        #expect(json["time_usec"] == .int(1_764_583_200_000_000))
        #expect(json["outcome"] == .string("session-ended"))
        #expect(json["gate"] == .bool(true) && json["uid"] == .int(1000))
        #expect(json["session_ended_by"] == .string("logind"))
        #expect(json["language"] == nil && json["sha256"] == nil, "unknown fields are left out")
    }

    /// Issue 32's endings without an answer: why a session ended and which
    /// signal, read back from the entry and printed as JSON members; an
    /// interrupted window counts as asked.
    @Test func theReasonAndSignalAreReadBackAndAnInterruptionWasAsked() throws {
        let entry = ConsentJournal.Entry(fields: [
            "MESSAGE_ID": "e69ab3e0b3864ec89a5363bc3113ef73", "BECKON_TERMS_ID": "org.aup",
            "BECKON_REASON": "window-killed", "BECKON_SIGNAL": "KILL",
        ], realtimeMicroseconds: 1)
        let ended = try #require(ConsentEvent(entry))
        #expect(ended.outcome == ConsentJournal.Event.sessionEnded && ended.reason == "window-killed" && ended.signal == "KILL")
        let json = try JSONValue(parsing: ConsentAuditFormat.jsonLine(ended))
        #expect(json["reason"] == .string("window-killed") && json["signal"] == .string("KILL"), "\(json)")
        let interrupted = try #require(ConsentEvent(ConsentJournal.Entry(fields: [
            "BECKON_OUTCOME": "interrupted", "BECKON_SIGNAL": "TERM",
        ], realtimeMicroseconds: 2)))
        #expect(interrupted.outcome == ConsentJournal.Event.interrupted && interrupted.signal == "TERM")
        #expect(ConsentJournal.Event.interrupted.wasAsked && !ConsentJournal.Event.sessionEnded.wasAsked)
        #expect(ConsentJournal.Event(messageID: "d09ea017580f4dacb14271cadd0aecde") == .interrupted)
    }

    @Test func theSummaryCountsDistinctUsersPerVersionAndHost() {
        let events = [
            Self.event("alice", .shown), Self.event("alice", .accepted), Self.event("alice", .accepted, time: 2),
            Self.event("bob", .shown), Self.event("bob", .declined),
            Self.event("carol", .shown, id: "org.other"), // seen on host-a, never asked org.aup 3
            Self.event("dan", .dismissed), // asked, neither accepted nor declined
            Self.event("erin", .accepted, version: "2"), // another version: never asked version 3
            Self.event("frank", .accepted, host: "host-b"),
            Self.event("gina", .sessionEnded, host: "host-b"), // a session end is not being asked
            Self.event(nil, .shown, host: "host-c"), // a host with events but no user
        ]
        var query = ConsentAuditQuery()
        query.termsID = "org.aup"
        query.version = "3"
        let summary = ConsentAuditSummary(events: events, query: query)
        #expect(summary.rows.map(\.host) == ["host-a", "host-b", "host-c"])
        let a = summary.rows[0], b = summary.rows[1], c = summary.rows[2]
        #expect(a.accepted == ["alice"] && a.declined == ["bob"])
        #expect(a.neverAsked == ["carol", "erin"] && a.seen.count == 5)
        #expect(b.accepted == ["frank"] && b.declined.isEmpty && b.neverAsked == ["gina"])
        #expect(c.seen.isEmpty && c.neverAsked.isEmpty)
        let all = ConsentAuditSummary(events: events, query: ConsentAuditQuery())
        #expect(all.rows.map { "\($0.termsID) \($0.version ?? "-") \($0.host ?? "-")" } == [
            "org.aup 2 host-a", "org.aup 2 host-b", "org.aup 2 host-c", "org.aup 3 host-a", "org.aup 3 host-b",
            "org.aup 3 host-c", "org.other 3 host-a", "org.other 3 host-b", "org.other 3 host-c",
        ])
        var alone = ConsentAuditQuery()
        alone.user = "bob"
        alone.until = 1
        #expect(ConsentAuditSummary(events: events, query: alone).rows.isEmpty, "bob's events are all after --until")
        let lines = ConsentAuditFormat.jsonLines(summary).split(separator: "\n")
        #expect(lines.first == #"{"id":"org.aup","version":"3","host":"host-a","accepted":1,"verified":0,"declined":1,"never_asked":2,"users":5,"accepted_users":["alice"],"verified_users":[],"declined_users":["bob"],"never_asked_users":["carol","erin"]}"#)
    }

    // MARK: Issue 33: trust, bounds, escaping, streaming

    /// The one notion of trust, as the gate's matches have it: beckon's own
    /// executable, as the user the entry names; root's for the enforcer's.
    @Test func trustRestsOnTheSendersUIDAndExecutable() {
        typealias Sender = ConsentJournal.Sender
        let names: (uid_t) -> String? = { [0: "root", 1000: "u1", 1001: "u2"][$0] }
        func trust(_ outcome: ConsentJournal.Event = .accepted, uid: uid_t?, exe: String? = "/usr/bin/beckon",
                   user: String? = "u1", claimedUID: String? = nil) -> Sender.Trust {
            Sender(uid: uid, executable: exe).trust(outcome: outcome, claimedUser: user, claimedUID: claimedUID,
                                                   beckonExecutable: "/usr/bin/beckon", userName: names)
        }
        #expect(trust(uid: 1000) == .trusted)
        #expect(trust(uid: 1000, claimedUID: "1000") == .trusted)
        #expect(trust(uid: 1001, exe: "/usr/bin/logger") == .notBeckon, "logger --journald")
        #expect(trust(uid: 1000, exe: nil) == .notBeckon, "no _EXE: who sent it is unknown")
        #expect(trust(uid: 1001) == .otherUser, "u2 through beckon, naming u1")
        #expect(trust(uid: 1001, user: "alice") == .otherUser, "a user who does not exist")
        #expect(trust(uid: 1000, claimedUID: "1001") == .otherUser, "BECKON_UID is not _UID")
        #expect(trust(uid: 4242, user: "remote", claimedUID: "4242") == .trusted, "a collected journal's user unknown here")
        #expect(trust(uid: 4242, user: "remote") == .otherUser, "…but not without beckon's own BECKON_UID")
        #expect(trust(uid: nil) == .otherUser)
        #expect(trust(.verifiedAccepted, uid: 0, exe: "/usr/libexec/beckon/beckon-enforcer") == .enforcer)
        #expect(trust(.verifiedAccepted, uid: 1000) == .otherUser, "an enforcer entry not written as root")
        #expect(trust(.sessionEnded, uid: 0, exe: "/usr/libexec/beckon/beckon-enforcer") == .enforcer)
        #expect(trust(.accepted, uid: 0, exe: "/usr/bin/logger", user: "u1") == .notBeckon, "root's logger is no answer of u1's")
        #expect(trust(.accepted, uid: 0, user: "root") == .trusted, "root's own answer")
        #expect(Sender.userMatches(uid: 1000, executable: "/usr/bin/beckon") == ["_UID=1000", "_EXE=/usr/bin/beckon"])
    }

    @Test func aLongValueIsCutAtACharactersEdgeAndMarked() {
        func cut(_ text: String, _ limit: Int) -> String {
            Array(text.utf8).withUnsafeBufferPointer { ConsentJournal.cutValue($0, fieldBytes: limit) }
        }
        #expect(cut("short", 8) == "short")
        #expect(cut("exactly8", 8) == "exactly8")
        #expect(cut("ninechars", 8) == "ninechar…[cut]")
        #expect(cut("ab€cd", 3) == "ab…[cut]", "€ is 3 bytes: not split")
        #expect(cut("\u{0}\u{0}x", 2) == "\u{0}\u{0}…[cut]")
    }

    /// Every form escapes NUL, escape sequences and the other controls.
    @Test func everyFormEscapesNulAndControlCharacters() throws {
        var event = Self.event("a\0b\u{1B}[31m\u{7F}\u{85}\u{202E}", .accepted, host: "h\r")
        event.trust = .trusted
        let forms = ["table": ConsentAuditFormat.table([event]), "json": ConsentAuditFormat.jsonLines([event]),
                     "csv": ConsentAuditFormat.csv([event]),
                     "summary": ConsentAuditFormat.table(ConsentAuditSummary(events: [event], query: ConsentAuditQuery())),
                     "summary json": ConsentAuditFormat.jsonLines(ConsentAuditSummary(events: [event], query: ConsentAuditQuery()))]
        for (name, text) in forms {
            let raw = text.unicodeScalars.filter { [0, 0x1B, 0x7F, 0x85, 0x202E].contains($0.value) || ($0.value == 0x0D && name != "csv") }
            #expect(raw.isEmpty, "\(name): \(text.debugDescription)")
            #expect(text.contains("h\\r"), "\(name): \(text.debugDescription)")
            if name != "summary" { #expect(text.contains("a\\u0000b\\u001b[31m\\u007f\\u0085\\u202e"), "\(name): \(text.debugDescription)") }
        }
    }

    /// The table holds back only its look-ahead; a wide value widens no column past the cap.
    @Test func theTableStreamsWithWidthsFromABoundedLookAhead() {
        var writer = ConsentAuditFormat.Writer(.table)
        var text = ""
        writer.start(into: &text)
        writer.write(Self.event(String(repeating: "w", count: 500), .accepted), into: &text)
        for index in 2..<ConsentAuditFormat.tableLookAhead { writer.write(Self.event("u\(index)", .shown), into: &text) }
        #expect(text.isEmpty, "held back until the look-ahead is full")
        writer.write(Self.event("full", .shown), into: &text)
        writer.write(Self.event("after", .shown), into: &text)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == ConsentAuditFormat.tableLookAhead + 2, "the header and every row so far")
        let narrow = lines.filter { !$0.contains("www") }
        #expect(narrow.allSatisfy { $0.count < 150 }, "no row is padded to the wide value")
        let column = narrow[0].components(separatedBy: "ID")[0].count
        #expect(narrow.dropFirst().allSatisfy { String($0.dropFirst(column)).hasPrefix("org.aup") }, "aligned: \(narrow.suffix(2))")
        var done = ""
        writer.finish(into: &done)
        #expect(done.isEmpty)
    }

    /// The summary counts only events that count: the untrusted are no answer and no user seen.
    @Test func theSummaryCountsOnlyTrustedAnswers() {
        var forged = Self.event("mallory", .accepted)
        forged.trust = .notBeckon
        var other = Self.event("alice", .declined)
        other.trust = .otherUser
        var verified = Self.event("bob", .verifiedAccepted)
        verified.trust = .enforcer
        let summary = ConsentAuditSummary(events: [Self.event("alice", .accepted), forged, other, verified], query: ConsentAuditQuery())
        let row = summary.rows[0]
        #expect(row.accepted == ["alice"] && row.declined.isEmpty && row.verified == ["bob"] && row.seen == ["alice", "bob"])
        var query = ConsentAuditQuery()
        #expect(query.lists(Self.event("alice", .accepted)) && !query.lists(forged))
        query.includeUntrusted = true
        #expect(query.lists(forged))
    }
}

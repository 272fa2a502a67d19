@testable import BeckonConsent
@testable import BeckonIO
@testable import BeckonJSON
import Glibc
import Testing

/// The journal entries' fields, without a journal: what an admin's query sees.
@Suite struct ConsentJournalTests {
    let record = ConsentRecord(id: "org.example.Product", version: "3", sha256: String(repeating: "ab", count: 32),
                               acceptedAt: "2026-11-30T12:00:00Z", user: "ada")

    /// A context with every field known, none from this process.
    var full: ConsentJournal.Context {
        var context = ConsentJournal.Context(record: record)
        context.uid = 1000
        context.sessionID = "4"
        context.sessionType = "wayland"
        context.language = "de"
        context.file = "/etc/xdg/beckon/terms.d/aup.de.md"
        context.policy = "every-login"
        context.gate = true
        context.sessionEndedBy = "gnome"
        context.reason = "window-killed"
        context.signal = "KILL"
        return context
    }

    @Test func eachOutcomeHasTheContractsMessageIDAndPriority() {
        let expected: [ConsentJournal.Event: (String, String, Int)] = [
            .shown: ("shown", "e180d2f4ac7142f4a188837efc7f1f94", 6),
            .accepted: ("accepted", "2f785ec9ad14419d8cfe503169eac6ed", 6),
            .declined: ("declined", "61bc49dd8bcf4714be7dc85fdec44a9e", 5),
            .dismissed: ("dismissed", "827665d2bf3f41fda1018388cdca9b69", 6),
            .timeout: ("timeout", "97b38904c6d44d628c6d98efb85eaf05", 6),
            .revoked: ("revoked", "7e0acd1d718b4e948549f13aadd662c2", 6),
            .sessionEnded: ("session-ended", "e69ab3e0b3864ec89a5363bc3113ef73", 5),
            // The enforcer's (issue 32).
            .verifiedAccepted: ("enforcer-accepted", "b8a3c5e7d9f14b2a8c6e0d2f4a6b8c01", 6),
            .verifiedRevoked: ("enforcer-revoked", "d2e4f6a8b0c24d6e8f0a2b4c6d8e0f25", 6),
            .sessionSpared: ("session-spared", "5a6b0f1de0d44e0c9b7c2f6a3d1e8b47", 6),
            .sessionWouldEnd: ("session-would-end", "c3f1a9e27b6d4e58a0d2b4f6e8c1a3d5", 5),
            .refused: ("enforcer-refused", "9d4e2b7a1c3f4a6e8b0d2f4a6c8e0b13", 4),
            .configurationError: ("configuration-error", "41be7c9d2a5f4e3b8c6d0a1f2e3b4c5d", 4),
            .interrupted: ("interrupted", "d09ea017580f4dacb14271cadd0aecde", 6),
        ]
        #expect(Set(ConsentJournal.Event.allCases) == Set(expected.keys))
        for (event, (name, id, priority)) in expected {
            #expect(event.rawValue == name && event.messageID == id && event.priority == priority, "\(event)")
        }
        #expect(Set(ConsentJournal.Event.allCases.map(\.messageID)).count == ConsentJournal.Event.allCases.count)
    }

    @Test func anAcceptanceCarriesItsFixedMessageIDAndEveryField() {
        let fields = ConsentJournal.fields(for: .accepted, full)
        #expect(fields == [
            "MESSAGE_ID=2f785ec9ad14419d8cfe503169eac6ed",
            "MESSAGE=ada accepted the terms org.example.Product version 3 (sha256 \(record.sha256))",
            "PRIORITY=6",
            "SYSLOG_IDENTIFIER=beckon",
            "BECKON_OUTCOME=accepted",
            "BECKON_EVENT=accepted",
            "BECKON_TERMS_ID=org.example.Product",
            "BECKON_TERMS_VERSION=3",
            "BECKON_TERMS_SHA256=\(record.sha256)",
            "BECKON_LANGUAGE=de",
            "BECKON_FILE=/etc/xdg/beckon/terms.d/aup.de.md",
            "BECKON_POLICY=every-login",
            "BECKON_GATE=true",
            "BECKON_USER=ada",
            "BECKON_UID=1000",
            "BECKON_SESSION_ID=4",
            "BECKON_SESSION_TYPE=wayland",
            "BECKON_ACCEPTED_AT=2026-11-30T12:00:00Z",
        ])
    }

    @Test func everyOutcomeCarriesTheContextAndOnlyItsOwnExtras() {
        for event in ConsentJournal.Event.allCases {
            let fields = ConsentJournal.fields(for: event, full)
            #expect(fields.first == "MESSAGE_ID=\(event.messageID)")
            #expect(fields.contains("PRIORITY=\(event.priority)") && fields.contains("SYSLOG_IDENTIFIER=beckon"))
            #expect(fields.contains("BECKON_OUTCOME=\(event.rawValue)") && fields.contains("BECKON_EVENT=\(event.rawValue)"))
            for field in ["BECKON_TERMS_ID=org.example.Product", "BECKON_TERMS_VERSION=3", "BECKON_USER=ada",
                          "BECKON_UID=1000", "BECKON_GATE=true", "BECKON_SESSION_ID=4", "BECKON_SESSION_TYPE=wayland",
                          "BECKON_POLICY=every-login", "BECKON_LANGUAGE=de"] {
                #expect(fields.contains(field), "\(event): \(field)")
            }
            let acceptance = [.accepted, .revoked, .verifiedAccepted, .verifiedRevoked].contains(event)
            #expect(fields.contains { $0.hasPrefix("BECKON_ACCEPTED_AT=") } == acceptance, "\(event)")
            #expect(fields.contains("BECKON_SESSION_ENDED_BY=gnome") == (event == .sessionEnded), "\(event)")
            let explained: [ConsentJournal.Event] = [.sessionEnded, .sessionSpared, .sessionWouldEnd, .refused, .configurationError]
            #expect(fields.contains("BECKON_REASON=window-killed") == explained.contains(event), "\(event)")
            #expect(fields.contains("BECKON_SIGNAL=KILL") == [.sessionEnded, .interrupted].contains(event), "\(event)")
            // A refused process and a broken key file are about no terms' version: their MESSAGE says what failed.
            if event == .refused || event == .configurationError { continue }
            #expect(fields.contains { $0.hasPrefix("MESSAGE=") && $0.contains("org.example.Product version 3") }, "\(event)")
        }
    }

    @Test func unknownValuesAreLeftOutNeverWrittenEmpty() {
        var context = ConsentJournal.Context(record: record)
        context.version = nil
        context.sha256 = nil
        context.user = nil
        context.uid = nil
        context.sessionID = nil
        context.sessionType = nil
        context.acceptedAt = nil
        let fields = ConsentJournal.fields(for: .timeout, context)
        #expect(!fields.contains { $0.hasSuffix("=") }, "\(fields)")
        for name in ["BECKON_TERMS_VERSION", "BECKON_TERMS_SHA256", "BECKON_USER", "BECKON_UID", "BECKON_SESSION_ID",
                     "BECKON_SESSION_TYPE", "BECKON_LANGUAGE", "BECKON_FILE", "BECKON_POLICY"] {
            #expect(!fields.contains { $0.hasPrefix(name + "=") }, "\(name)")
        }
        #expect(fields.contains("BECKON_GATE=false"))
    }

    @Test func aRevocationHasItsOwnMessageID() {
        var unversioned = record
        unversioned.version = nil
        let fields = ConsentJournal.fields(for: unversioned, event: .revoked)
        #expect(fields.first == "MESSAGE_ID=7e0acd1d718b4e948549f13aadd662c2")
        #expect(fields.contains("MESSAGE=ada revoked the acceptance of the terms org.example.Product (sha256 \(record.sha256))"))
        #expect(fields.contains("BECKON_EVENT=revoked") && fields.contains("BECKON_OUTCOME=revoked"))
        #expect(!fields.contains { $0.hasPrefix("BECKON_TERMS_VERSION=") })
    }

    @Test func anInterruptionAndASessionEndSayWhyInTheirMessage() {
        var context = full
        context.signal = "TERM"
        #expect(ConsentJournal.fields(for: .interrupted, context).contains(
            "MESSAGE=the terms org.example.Product version 3 shown to ada were interrupted by SIGTERM without an answer "
                + "(sha256 \(record.sha256))"))
        let ended = ConsentJournal.fields(for: .sessionEnded, full)
        #expect(ended.contains { $0.hasPrefix("MESSAGE=the session of ada was ended through gnome:")
                && $0.hasSuffix("(the window's process was killed by SIGKILL)") }, "\(ended)")
        context.reason = "something-new"
        #expect(ConsentJournal.fields(for: .sessionEnded, context).contains { $0.hasSuffix("were not accepted under a gate") },
                "a reason this version does not know is a field, not words")
    }

    @Test func signalsAreNamedAsKillListsThem() {
        #expect(ConsentJournal.signalName(SIGTERM) == "TERM" && ConsentJournal.signalName(SIGKILL) == "KILL")
        #expect(ConsentJournal.signalName(SIGHUP) == "HUP" && ConsentJournal.signalName(SIGSEGV) == "SEGV")
        #expect(ConsentJournal.signalName(40) == "40")
        #expect(ConsentJournal.interruptingSignals.map(ConsentJournal.signalName) == ["HUP", "INT", "TERM"])
    }

    @Test func theWardensContextComesBackFromItsFields() {
        var context = full
        context.sha256 = nil
        context.acceptedAt = nil
        context.sessionEndedBy = nil
        #expect(ConsentJournal.Context(fields: Dictionary(uniqueKeysWithValues: context.fields)) == context)
        #expect(ConsentJournal.Context(fields: [:]) == nil)
    }

    @Test func theSessionTypeComesFromTheEnvironmentWhereLogindDoesNotTell() {
        #expect(LoginSession.currentType(sessionID: nil, environment: ["XDG_SESSION_TYPE": "x11"]) == "x11")
        #expect(LoginSession.currentType(sessionID: nil, environment: ["XDG_SESSION_TYPE": "unspecified"]) == nil)
        #expect(LoginSession.currentType(sessionID: nil, environment: ["XDG_SESSION_TYPE": ""]) == nil)
        #expect(LoginSession.currentType(sessionID: nil, environment: [:]) == nil)
    }

    @Test func everyRecordMemberHasItsJournalField() {
        let members = ConsentJournal.Field.byRecordMember.map(\.member)
        var managed = record
        managed.language = "de"; managed.file = "/f"; managed.policy = "every-login"; managed.gate = true
        managed.sessionID = "3"; managed.bootID = "b"
        guard case .object(let json) = managed.json else { Issue.record("not an object"); return }
        #expect(Set(json.map(\.0)) == Set(members))
    }

    @Test func journalFieldNamesAreWhatTheJournalAccepts() {
        // Upper-case letters, digits and underscores, not starting with one (systemd.journal-fields(7)).
        for field in ConsentJournal.fields(for: .sessionEnded, full) {
            let name = field.prefix { $0 != "=" }
            #expect(!name.isEmpty && name.first != "_" && name.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" },
                    "\(name)")
        }
    }

    @Test func onlyTheStandardStoreWritesToTheJournal() throws {
        #expect(!ConsentStore(directory: "/tmp/x").logsToJournal)
    }
}

@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Foundation
import Testing

/// Managed terms' key files, read from real files in two directories given
/// as `XDG_CONFIG_DIRS`, and the decisions of their policies.
@Suite struct ManagedTermsTests {
    /// Two configuration directories (the first wins) and a state directory.
    final class Fixture: Sendable {
        let root: URL
        var first: String { root.appendingPathComponent("first").path }
        var second: String { root.appendingPathComponent("second").path }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("managed-\(UUID())")
            for directory in ["first", "second"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent("\(directory)/beckon/terms.d"),
                                                        withIntermediateDirectories: true)
            }
            try write("first", "en.md", "# Terms\n\nEnglish.\n")
            try write("first", "de.md", "# Bedingungen\n\nDeutsch.\n")
            try write("first", "pt.md", "# Termos\n\nPortuguês.\n")
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// Writes `text` as `terms.d/name` in `directory` ("first" or "second"); returns its path.
        @discardableResult
        func write(_ directory: String, _ name: String, _ text: String) throws -> String {
            let path = root.appendingPathComponent("\(directory)/beckon/terms.d/\(name)").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }

        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            ["XDG_CONFIG_DIRS": "\(first):\(second)"].merging(extra) { $1 }
        }

        var store: ConsentStore { ConsentStore(directory: root.appendingPathComponent("state").path) { _ in } }
    }

    static let localized = """
        [Terms]
        # what every user accepts
        Version=3
        File=en.md
        File[de]=de.md
        File[pt]=pt.md
        Title=Acceptable use
        Title[de]=Nutzungsordnung
        Checkbox=I agree
        Checkbox[de]=Ich stimme zu
        AcceptLabel[de]=_Zustimmen
        """

    @Test func theFirstDirectoryWinsPerIDAndAllListsEveryIDSorted() throws {
        let fixture = try Fixture()
        try fixture.write("first", "b.conf", "[Terms]\nVersion=first\nFile=en.md\n")
        let english = fixture.first + "/beckon/terms.d/en.md"
        try fixture.write("second", "b.conf", "[Terms]\nVersion=second\nFile=\(english)\n")
        try fixture.write("second", "a.conf", "[Terms]\nVersion=1\nFile=\(english)\n")
        try fixture.write("second", ".hidden.conf", "not a key file")
        try fixture.write("second", "notes.txt", "not a key file")
        let b = try ManagedTerms.load(id: "b", environment: fixture.environment())
        #expect(b.version == "first")
        #expect(b.file == fixture.first + "/beckon/terms.d/en.md") // relative to the .conf's directory
        #expect(b.configPath == fixture.first + "/beckon/terms.d/b.conf")
        let all = try ManagedTerms.all(environment: fixture.environment())
        #expect(all.map(\.id) == ["a", "b"])
        #expect(all.map(\.version) == ["1", "first"])
    }

    @Test func anAbsentTermsDirectoryOrAFileInItsPlaceIsNoTerms() throws {
        let fixture = try Fixture()
        let file = fixture.root.appendingPathComponent("plain-file").path
        try Data().write(to: URL(fileURLWithPath: file))
        #expect(try ManagedTerms.all(environment: ["XDG_CONFIG_DIRS": "\(fixture.root.path)/absent:\(file)"]).isEmpty)
    }

    @Test func anEmptyOrUnsetConfigDirsIsEtcXdg() {
        #expect(ManagedTerms.directories(environment: [:]) == ["/etc/xdg/beckon/terms.d"])
        #expect(ManagedTerms.directories(environment: ["XDG_CONFIG_DIRS": ""]) == ["/etc/xdg/beckon/terms.d"])
        #expect(ManagedTerms.directories(environment: ["XDG_CONFIG_DIRS": "relative:/opt/x/"])
            == ["/opt/x/beckon/terms.d"])
    }

    @Test func germanIsChosenForLanguageDe() throws {
        let fixture = try Fixture()
        try fixture.write("first", "aup.conf", Self.localized)
        let terms = try ManagedTerms.load(id: "aup", environment: fixture.environment(["LANGUAGE": "de", "LANG": "de_DE.UTF-8"]))
        #expect(terms.file.hasSuffix("/de.md"))
        #expect(terms.language == "de")
        #expect(terms.title == "Nutzungsordnung")
        #expect(terms.checkbox == "Ich stimme zu")
        #expect(terms.acceptLabel == "_Zustimmen")
        #expect(terms.declineLabel == nil)
        // LANG alone chooses it too, through GLib's variants (de_DE.UTF-8 → de).
        let byLang = try ManagedTerms.load(id: "aup", environment: fixture.environment(["LANG": "de_DE.UTF-8"]))
        #expect(byLang.language == "de")
    }

    @Test func brazilianPortugueseFallsBackToPortugueseAndAnUnknownLocaleToThePlainKey() throws {
        let fixture = try Fixture()
        try fixture.write("first", "aup.conf", Self.localized)
        let portuguese = try ManagedTerms.load(id: "aup", environment: fixture.environment(["LANGUAGE": "pt_BR"]))
        #expect(portuguese.language == "pt")
        #expect(portuguese.file.hasSuffix("/pt.md"))
        #expect(portuguese.title == "Acceptable use") // no Title[pt]: the plain one
        let unknown = try ManagedTerms.load(id: "aup", environment: fixture.environment(["LANGUAGE": "sv_SE:fi"]))
        #expect(unknown.language == nil)
        #expect(unknown.file.hasSuffix("/en.md"))
        #expect(unknown.title == "Acceptable use")
    }

    @Test func thePolicyAndTheOtherKeysAreRead() throws {
        let fixture = try Fixture()
        try fixture.write("first", "lab.conf", """
            [Terms]
            Version=7
            File=en.md
            Policy=every-n-days
            Days=90
            Gate=true
            EndSessionCommand=/usr/local/bin/log-out --now
            Reread=all
            RequireScroll=false
            """)
        let terms = try ManagedTerms.load(id: "lab", environment: fixture.environment())
        #expect(terms.policy == .everyNDays(90))
        #expect(terms.gate && terms.reread == .all && terms.requiresScroll == false)
        #expect(terms.endSessionCommand == "/usr/local/bin/log-out --now")
        try fixture.write("first", "login.conf", "[Terms]\nVersion=1\nFile=en.md\nPolicy=every-login\n")
        #expect(try ManagedTerms.load(id: "login", environment: fixture.environment()).policy == .everyLogin)
        try fixture.write("first", "plain.conf", "[Terms]\nVersion=1\nFile=en.md\n")
        let plain = try ManagedTerms.load(id: "plain", environment: fixture.environment())
        #expect(plain.policy == .oncePerVersion && !plain.gate && plain.requiresScroll == nil)
    }

    /// Each bad file, the line and key its error must name, and words of its message.
    @Test(arguments: [
        ("[Terms]\nVersion=1\nFile=en.md\nthis is not a key\n", 4, nil, "not a key-value pair"),
        ("Version=1\n[Terms]\nFile=en.md\n", 1, nil, "group"),
        ("[Terms]\nVersion=1\nFile=en.md\nGat=true\n", 4, "Gat", "is not a key of [Terms]"),
        ("[Terms]\nVersion=1\nFile=en.md\n[Gate]\nGate=true\n", 4, nil, "unknown group [Gate]"),
        ("[Terms]\nVersion=1\nFile=en.md\n\nGate=yes\n", 5, "Gate", "true or false"),
        ("[Terms]\nVersion=1\nFile=en.md\nPolicy=every-n-days\nDays=ninety\n", 5, "Days", "whole number"),
        ("[Terms]\nVersion=1\nFile=en.md\nPolicy=every-n-days\nDays=0\n", 5, "Days", "from 1 to"),
        ("[Terms]\nVersion=1\nFile=en.md\nPolicy=every-n-days\n", 4, "Policy", "needs Days="),
        ("[Terms]\nVersion=1\nFile=en.md\nPolicy=weekly\n", 4, "Policy", "once-per-version, every-login or every-n-days"),
        ("[Terms]\nVersion=1\nFile=en.md\nDays=3\n", 4, "Days", "only for Policy=every-n-days"),
        ("[Terms]\nVersion=1\nFile=en.md\nReread=some\n", 4, "Reread", "changes or all"),
        ("[Terms]\nVersion=1\nFile=en.md\nVersion[de]=2\n", 4, "Version[de]", "cannot be localized"),
        ("[Terms]\nFile=en.md\n", nil, "Version", "is missing"),
        ("[Terms]\nVersion=1\nTitle=x\n", nil, "File", "is missing"),
        ("[Terms]\nVersion=1\nFile=missing.md\n", 3, "File", "cannot be read"),
    ] as [(String, Int?, String?, String)])
    func aBadFileNamesTheFileTheLineAndTheKey(_ text: String, _ line: Int?, _ key: String?, _ words: String) throws {
        let fixture = try Fixture()
        let path = try fixture.write("first", "bad.conf", text)
        #expect {
            try ManagedTerms.load(id: "bad", environment: fixture.environment())
        } throws: { error in
            guard case let .invalid(errorPath, errorLine, errorKey, message) = error as? ManagedTermsError else { return false }
            let description = (error as! ManagedTermsError).description
            return errorPath == path && errorLine == line && errorKey == key && message.contains(words)
                && description.hasPrefix(path + (line.map { ":\($0)" } ?? "") + ": ")
        }
    }

    @Test func aLocalizedFileThatCannotBeReadIsNamedByItsKey() throws {
        let fixture = try Fixture()
        let path = try fixture.write("first", "aup.conf", "[Terms]\nVersion=1\nFile=en.md\nFile[de]=gone.md\n")
        // Only the file chosen must be readable: English readers are not stopped.
        #expect(try ManagedTerms.load(id: "aup", environment: fixture.environment()).language == nil)
        let error = try #require(throws: ManagedTermsError.self) {
            try ManagedTerms.load(id: "aup", environment: fixture.environment(["LANGUAGE": "de"]))
        }
        #expect(error.description.hasPrefix("\(path):4: key “File[de]”: the file "), "\(error)")
    }

    @Test func anIDThatIsNotASafeFileNameIsRefused() throws {
        let fixture = try Fixture()
        for id in ["../etc/passwd", "a/b", ".hidden", "", "a b", String(repeating: "a", count: 201)] {
            #expect(throws: ManagedTermsError.self, "\(id)") { try ManagedTerms.load(id: id, environment: fixture.environment()) }
        }
        let path = try fixture.write("second", "a b.conf", "[Terms]\nVersion=1\nFile=/dev/null\n")
        let error = try #require(throws: ManagedTermsError.self) { try ManagedTerms.all(environment: fixture.environment()) }
        #expect(error.description.hasPrefix(path + ": the id \"a b\" is not a safe file name"), "\(error)")
        #expect(throws: ManagedTermsError.notConfigured(id: "none", directories: ManagedTerms.directories(
            environment: fixture.environment()))) { try ManagedTerms.load(id: "none", environment: fixture.environment()) }
    }

    // MARK: policies' decisions

    func terms(_ fixture: Fixture, _ policy: TermsPolicy, gate: Bool = false) throws -> (ManagedTerms, TermsDocument) {
        var terms = ManagedTerms(id: "org.example.aup", configPath: fixture.first + "/beckon/terms.d/org.example.aup.conf",
                                 version: "3", file: fixture.first + "/beckon/terms.d/en.md")
        terms.policy = policy
        terms.gate = gate
        return (terms, try terms.document())
    }

    func accepted(_ document: TermsDocument, version: String = "3", at time: String = ConsentRecord.nowISO8601(),
                  login: LoginSession) -> ConsentRecord {
        var record = ConsentRecord(id: "org.example.aup", version: version, sha256: document.sha256, acceptedAt: time,
                                   user: "tester")
        record.sessionID = login.sessionID
        record.bootID = login.bootID
        return record
    }

    let login = LoginSession(sessionID: "4", bootID: String(repeating: "b", count: 32))

    @Test func oncePerVersionAsksForANeverAcceptedOrAnotherVersionOrAChangedText() throws {
        let fixture = try Fixture()
        let (terms, document) = try terms(fixture, .oncePerVersion)
        let store = fixture.store
        #expect(try terms.mustAsk(document: document, store: store, login: login).reason == .neverAccepted)
        try store.save(accepted(document, version: "2", login: login))
        #expect(try terms.mustAsk(document: document, store: store, login: login).reason == .anotherVersion)
        try store.save(accepted(TermsDocument(markdown: "other"), login: login))
        #expect(try terms.mustAsk(document: document, store: store, login: login).reason == .changedText)
        try store.save(accepted(document, at: "2001-01-01T00:00:00Z", login: login))
        let decision = try terms.mustAsk(document: document, store: store, login: LoginSession(sessionID: "9", bootID: nil))
        #expect(!decision.mustAsk && decision.reason == .accepted && decision.record?.acceptedAt == "2001-01-01T00:00:00Z")
    }

    @Test func everyLoginAsksInAnotherSessionOrBootAndWhenTheLoginIsUnknown() throws {
        let fixture = try Fixture()
        let (terms, document) = try terms(fixture, .everyLogin)
        try fixture.store.save(accepted(document, login: login))
        #expect(try !terms.mustAsk(document: document, store: fixture.store, login: login).mustAsk)
        for other in [LoginSession(sessionID: "5", bootID: login.bootID), LoginSession(sessionID: "4", bootID: "c"),
                      LoginSession(sessionID: nil, bootID: login.bootID)] {
            #expect(try terms.mustAsk(document: document, store: fixture.store, login: other).reason == .newLogin, "\(other)")
        }
    }

    @Test func everyNDaysAsksOnceThatManyDaysHavePassed() throws {
        let fixture = try Fixture()
        let (terms, document) = try terms(fixture, .everyNDays(30))
        try fixture.store.save(accepted(document, at: "2026-01-01T00:00:00Z", login: login))
        let accepted = try #require(ManagedTerms.unixTime(iso8601: "2026-01-01T00:00:00Z"))
        let day: Int64 = 86_400
        #expect(try !terms.mustAsk(document: document, store: fixture.store, login: login, now: accepted + 29 * day).mustAsk)
        #expect(try terms.mustAsk(document: document, store: fixture.store, login: login, now: accepted + 30 * day).reason
            == .daysPassed)
    }

    @Test func underAGateTheRecordFileCountsForNothing() throws {
        let fixture = try Fixture()
        let (terms, document) = try terms(fixture, .oncePerVersion, gate: true)
        try fixture.store.save(accepted(document, login: login))
        // This test process is not beckon, so no journal entry of its uid and
        // executable exists: asked, whatever the journal holds or if it cannot be read.
        let decision = try terms.mustAsk(document: document, store: fixture.store, login: login)
        #expect(decision.mustAsk)
        #expect([.noJournalEntry, .journalUnavailable].contains(decision.reason), "\(decision)")
        #expect(decision.json["must_ask"] == .bool(true))
    }

    @Test func aRecordWithTheManagedFieldsReadsBackAndAnOlderOneReadsFine() throws {
        var record = ConsentRecord(id: "a", version: "1", sha256: "ab", acceptedAt: "2026-01-01T00:00:00Z", user: "u")
        record.language = "de"
        record.file = "/etc/xdg/beckon/terms.d/de.md"
        record.policy = "every-login"
        record.gate = true
        record.sessionID = "3"
        record.bootID = "b"
        #expect(ConsentRecord(json: record.json) == record)
        let older = try JSONValue(parsing: #"{"id":"a","version":"1","sha256":"ab","accepted_at":"x","user":"u"}"#)
        let read = try #require(ConsentRecord(json: older))
        #expect(read.language == nil && read.file == nil && !read.gate && read.json == older)
        // A managed field of another type is kept as it was, not lost.
        let odd = try JSONValue(parsing: #"{"id":"a","version":"1","sha256":"ab","accepted_at":"x","user":"u","language":5}"#)
        #expect(try #require(ConsentRecord(json: odd)).json["language"] == .int(5))
    }

    @Test func theAcceptanceEntryCarriesTheManagedFieldsOnlyWhenSet() {
        var record = ConsentRecord(id: "a", version: "1", sha256: "ab", acceptedAt: "t", user: "u")
        #expect(!ConsentJournal.fields(for: record, event: .accepted).contains { $0.hasPrefix("BECKON_LANGUAGE") })
        record.language = "de"
        record.file = "/x/de.md"
        record.gate = true
        record.policy = "every-login"
        record.sessionID = "3"
        let fields = ConsentJournal.fields(for: record, event: .accepted)
        for field in ["BECKON_LANGUAGE=de", "BECKON_FILE=/x/de.md", "BECKON_GATE=true", "BECKON_POLICY=every-login",
                      "BECKON_SESSION_ID=3"] {
            #expect(fields.contains(field), "\(fields)")
        }
    }

    @Test func presentManagedSkipsTheWindowWhenTheAcceptanceHolds() async throws {
        let fixture = try Fixture()
        let (terms, document) = try terms(fixture, .oncePerVersion)
        try fixture.store.save(accepted(document, login: login))
        var options = TermsOptions()
        options.consent.store = fixture.store
        // No GTK runs in this test: a window would throw, so this outcome came without one.
        let outcome = try await Terms.present(managed: terms, options: options, login: login)
        #expect(outcome == .alreadyAccepted(try #require(try fixture.store.record(id: terms.id))))
        var applied = TermsOptions()
        terms.apply(to: &applied, login: login)
        #expect(applied.consent.id == terms.id && applied.consent.version == "3" && applied.consent.details?.login == login)
    }

    @Test func theReasonsAreNamedAsDocumented() {
        #expect(TermsAskDecision.Reason.allCases.map(\.name) == [
            "accepted", "never-accepted", "another-version", "changed-text", "days-passed", "new-login",
            "no-journal-entry", "journal-unavailable",
        ])
    }

    /// Before: a broken file beside a gate's (an editor's copy, a directory
    /// named like a key file) made all() throw, and no terms were shown.
    @Test func aBrokenFileIsSetApartAndTheOthersStillRead() throws {
        let fixture = try Fixture()
        try fixture.write("first", "org.example.gate.conf", "[Terms]\nVersion=1\nFile=en.md\nGate=true\n")
        try fixture.write("first", "org.example.gate (copy).conf", "[Terms]\nVersion=1\nFile=en.md\nGate=true\n")
        try fixture.write("second", "org.example.bad.conf", "[Terms]\nVersion=1\nFile=en.md\nGate=maybe\n")
        try FileManager.default.createDirectory(atPath: fixture.first + "/beckon/terms.d/old.conf",
                                                withIntermediateDirectories: true)
        let scanned = try ManagedTerms.scan(environment: fixture.environment())
        #expect(scanned.terms.map(\.id) == ["org.example.gate"])
        #expect(scanned.terms.first?.gate == true)
        let broken = scanned.broken.map(\.description)
        #expect(broken.count == 3, "\(broken)")
        #expect(broken.contains { $0.contains("(copy).conf") })
        #expect(broken.contains { $0.contains("org.example.bad.conf") })
        #expect(broken.contains { $0.contains("old.conf") })
        // all() still refuses a broken configuration, for callers that need all or nothing.
        #expect(throws: ManagedTermsError.self) { try ManagedTerms.all(environment: fixture.environment()) }
    }

    /// Before: File= naming a FIFO blocked every reader until a writer came:
    /// `--managed` waited before any gate, and `--timeout` did not end it.
    @Test func aFileThatIsNotARegularFileIsAMistake() throws {
        let fixture = try Fixture()
        let fifo = fixture.first + "/beckon/terms.d/fifo.md"
        #expect(mkfifo(fifo, 0o644) == 0)
        try fixture.write("first", "org.example.fifo.conf", "[Terms]\nVersion=1\nFile=fifo.md\nGate=true\n")
        try fixture.write("first", "org.example.null.conf", "[Terms]\nVersion=1\nFile=/dev/zero\n")
        for id in ["org.example.fifo", "org.example.null"] {
            #expect {
                try ManagedTerms.load(id: id, environment: fixture.environment())
            } throws: { error in
                "\(error)".contains("is not a regular file")
            }
        }
    }
}

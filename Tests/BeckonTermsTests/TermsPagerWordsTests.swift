@testable import BeckonConsent
@testable import BeckonTerms
import Testing

/// The terminal pager's status line, in the person's language: the same
/// English as before it was translated, and every word translated in German
/// and Japanese.
@Suite struct TermsPagerWordsTests {
    /// Changes to v2 of two sections: both changed.
    static func progress() throws -> TermsChanges.Progress {
        let changes = TermsChanges(earlier: "# A\n\nx\n\n# B\n\ny\n", current: "# A\n\nx2\n\n# B\n\ny2\n")
        let record = ConsentRecord(id: "a", version: "1", sha256: String(repeating: "a", count: 64),
                                   acceptedAt: "2026-01-02T03:04:05Z", user: "tester")
        return TermsChanges.Progress(TermsChanges.Earlier(record: record, changes: changes, reread: .changes))
    }

    @Test func englishReadsAsBefore() throws {
        let english = TermsLabels.english
        #expect(english.pagerLines(1, 18, of: 115) == "lines 1–18 of 115")
        #expect(english.pagerMore == "Space/PgDn: more · q: quit · Tab: buttons")
        #expect(english.pagerEnd == "(end) · q: quit · Tab: buttons")
        var progress = try Self.progress()
        #expect(english.changesStatus(progress) == "2 changed, 2 left · n/N: next/previous change")
        _ = progress.move(by: 1)
        progress.note(section: 0, startShown: true, endShown: true)
        #expect(english.changesStatus(progress) == "change 1 of 2, 1 left · n/N: next/previous change")
        progress.note(section: 1, startShown: true, endShown: true)
        #expect(english.changesStatus(progress) == "change 1 of 2, all shown · n/N: next/previous change")
    }

    @Test(arguments: ["de_DE.UTF-8", "ja_JP.UTF-8"]) func everyWordIsTranslated(_ locale: String) throws {
        let labels = try #require(TermsLabels.forLanguage(locale))
        let english = TermsLabels.english
        let pairs: [(String, String)] = [
            (labels.pagerLines, english.pagerLines), (labels.pagerMore, english.pagerMore),
            (labels.pagerEnd, english.pagerEnd), (labels.changeAt, english.changeAt),
            (labels.changesCount, english.changesCount), (labels.changesAllShown, english.changesAllShown),
            (labels.changesLeft, english.changesLeft), (labels.changeKeys, english.changeKeys),
        ]
        for (translated, original) in pairs { #expect(translated != original, "\(locale): \(original)") }
        let status = labels.changesStatus(try Self.progress())
        #expect(status.contains("2") && !status.contains("{"), "\(status)")
        #expect(!labels.pagerLines(1, 18, of: 115).contains("{"))
        // q ends the pager: the keys say so in every language.
        #expect(labels.pagerMore.contains("q: ") && labels.pagerEnd.contains("q: "), "\(locale)")
    }
}

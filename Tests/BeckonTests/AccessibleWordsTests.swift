import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// What Beckon says to screen readers is translated wherever its visible words are.
@Suite struct AccessibleWordsTests {
    static let languages = ["de_DE.UTF-8", "ja_JP.UTF-8"]

    @Test(arguments: languages) func theZenityKindsReasonsAreTranslated(_ locale: String) throws {
        let words = try #require(AccessibleWords.forLanguage(locale))
        let english = AccessibleWords.english
        #expect(words.tickFirst != english.tickFirst && words.tickFirst.contains("{label}"))
        #expect(words.workNotDone != english.workNotDone)
        #expect(words.workDone != english.workDone)
        #expect(words.chooseFileFirst != english.chooseFileFirst)
        #expect(words.tickFirst("Ja") != words.tickFirst && words.tickFirst("Ja").contains("Ja"))
    }

    @Test(arguments: languages) func theTermsAnnouncementsAreTranslated(_ locale: String) throws {
        let labels = try #require(TermsLabels.forLanguage(locale))
        let english = TermsLabels.english
        let pairs: [(String, String)] = [
            (labels.readProgress, english.readProgress), (labels.linesLeft, english.linesLeft),
            (labels.acceptAvailable, english.acceptAvailable), (labels.previousPage, english.previousPage),
            (labels.nextPage, english.nextPage), (labels.onFirstPage, english.onFirstPage),
            (labels.onLastPage, english.onLastPage), (labels.noEarlierChange, english.noEarlierChange),
            (labels.noLaterChange, english.noLaterChange),
        ]
        for (translated, original) in pairs { #expect(translated != original, "\(locale): \(original)") }
        #expect(labels.readProgress(62).contains("62") && !labels.readProgress(62).contains("{"))
        #expect(labels.linesLeft(7).contains("7") && !labels.linesLeft(7).contains("{"))
    }

    @Test func anotherLanguageFallsBackToEnglish() {
        #expect(AccessibleWords.forLanguage("fr_FR.UTF-8") == nil)
        #expect(AccessibleWords.forLanguage("C") == nil)
    }
}

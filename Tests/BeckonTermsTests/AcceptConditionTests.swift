import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

@Suite struct AcceptConditionTests {
    @Test func openOnlyWhenEveryRequirementIsMet() {
        var condition = AcceptCondition(requiresScroll: true, requiresCheckbox: true)
        #expect(!condition.isMet)
        #expect(condition.hint(.english) == TermsLabels.english.scrollAndTickHint)
        condition.hasScrolledToEnd = true
        #expect(!condition.isMet)
        #expect(condition.hint(.english) == TermsLabels.english.tickHint)
        condition.isChecked = true
        #expect(condition.isMet)
        #expect(condition.hint(.english) == nil)
        condition.isChecked = false
        #expect(!condition.isMet)
    }

    @Test func withoutRequirementsTheGateIsOpen() {
        #expect(AcceptCondition(requiresScroll: false, requiresCheckbox: false).isMet)
        var scrollOnly = AcceptCondition(requiresScroll: true, requiresCheckbox: false)
        #expect(scrollOnly.hint(.english) == TermsLabels.english.scrollHint)
        scrollOnly.isChecked = true // a box that is not required changes nothing
        #expect(!scrollOnly.isMet)
    }

    @Test func labelsFollowTheLocaleLanguage() {
        #expect(TermsLabels.forLanguage("de_DE.UTF-8")?.accept == "_Akzeptieren")
        #expect(TermsLabels.forLanguage("ja_JP.UTF-8")?.title == "利用規約")
        #expect(TermsLabels.forLanguage("pt_BR")?.decline == "_Recusar")
        #expect(TermsLabels.forLanguage("C") == nil)
        #expect(TermsLabels.forLanguage("xx_YY") == nil)
    }

    /// Accept and Decline must not share a mnemonic: while Accept is
    /// insensitive, GTK would give the shared key to Decline alone.
    @Test func acceptAndDeclineHaveDifferentMnemonics() {
        func mnemonic(_ label: String) -> Character? {
            guard let underscore = label.firstIndex(of: "_") else { return nil }
            return label[label.index(after: underscore)...].first.map { Character($0.lowercased()) }
        }
        for language in ["en", "de", "fr", "es", "it", "pt", "nl", "ja", "zh"] {
            let labels = TermsLabels.forLanguage(language)
            #expect(labels != nil, "\(language)")
            guard let labels else { continue }
            #expect(mnemonic(labels.accept) != nil && mnemonic(labels.accept) != mnemonic(labels.decline), "\(language)")
        }
    }

    @Test func outcomesHaveScriptFriendlyJSON() throws {
        let record = ConsentRecord(id: "a", version: "1", sha256: "s", acceptedAt: "t", user: "u")
        #expect(TermsOutcome.declined.json.serialized() == #"{"outcome":"declined"}"#)
        #expect(TermsOutcome.timedOut.name == "timeout")
        let accepted = try JSONValue(parsing: TermsOutcome.accepted(record).json.serialized())
        #expect(accepted["outcome"]?.stringValue == "accepted")
        #expect(accepted["record"].flatMap(ConsentRecord.init(json:)) == record)
        #expect(TermsOutcome.alreadyAccepted(record).isAccepted)
        #expect(!TermsOutcome.dismissed.isAccepted)
    }
}

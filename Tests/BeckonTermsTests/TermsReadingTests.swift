import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

@Suite struct TermsReadingTests {
    @Test func theFirstScreenIsShownButNotTold() {
        var reading = TermsReading()
        #expect(reading.read(upTo: 0.15) == nil)
        #expect(reading.percent == 15)
    }

    @Test func eachTenthPassedIsToldOnceWithTheRealFigure() {
        var reading = TermsReading()
        _ = reading.read(upTo: 0.15)
        #expect(reading.read(upTo: 0.18) == nil) // the small moves of a scroll
        #expect(reading.read(upTo: 0.19) == nil)
        #expect(reading.read(upTo: 0.24) == 24)
        #expect(reading.read(upTo: 0.29) == nil)
        #expect(reading.read(upTo: 0.62) == 62) // a jump across several tenths: once
        #expect(reading.read(upTo: 0.69) == nil)
        #expect(reading.read(upTo: 0.70) == 70)
    }

    @Test func scrollingBackTakesNothingBack() {
        var reading = TermsReading()
        _ = reading.read(upTo: 0.1)
        #expect(reading.read(upTo: 0.55) == 55)
        #expect(reading.read(upTo: 0.2) == nil)
        #expect(reading.percent == 55)
        #expect(reading.read(upTo: 0.59) == nil)
    }

    @Test func oneHundredOnlyAtTheEnd() {
        var reading = TermsReading()
        _ = reading.read(upTo: 0.5)
        #expect(reading.read(upTo: 0.9999) == 99)
        #expect(reading.read(upTo: 1) == 100)
        #expect(reading.read(upTo: 1) == nil)
    }
}

@Suite struct MnemonicTests {
    @Test func aMarkedLabelKeepsItsKey() {
        #expect(Mnemonic.key(of: "_Accept") == "a")
        #expect(Mnemonic.key(of: "Ab_lehnen") == "l")
        #expect(Mnemonic.key(of: "拒否(_D)") == "d")
        #expect(Mnemonic.key(of: "snake__case") == nil) // a literal underscore
        #expect(Mnemonic.ensured("I have _read it", avoiding: ["i"]) == "I have _read it")
    }

    @Test func anUnmarkedLabelGetsAFreeLetterAtAWordStart() {
        #expect(Mnemonic.ensured("I have read and agree", avoiding: ["a", "d"]) == "_I have read and agree")
        #expect(Mnemonic.ensured("Agree", avoiding: ["a", "d"]) == "A_gree")
        #expect(Mnemonic.ensured("A dog", avoiding: ["a"]) == "A _dog")
        #expect(Mnemonic.ensured("my__file ok", avoiding: ["m"]) == "my___file ok") // shown "my_file", F its key
        #expect(Mnemonic.key(of: Mnemonic.ensured("__x", avoiding: [])) == "x")
    }

    @Test func aLabelWithoutLatinLettersGetsOneAfterIt() {
        #expect(Mnemonic.ensured("規約を読みました", avoiding: ["a", "d"]) == "規約を読みました(_C)")
        #expect(Mnemonic.ensured("同意", avoiding: ["c"]) == "同意(_B)")
        #expect(Mnemonic.ensured("同意_", avoiding: []) == "同意__(_C)") // the "_" stays a "_"
        #expect(Mnemonic.key(of: Mnemonic.ensured("同意_", avoiding: [])) == "c")
    }

    @Test func theTermsCheckboxAvoidsTheButtonsKeys() {
        let labels = TermsLabels.english
        #expect(labels.checkboxMnemonic("Accept and agree") == "A_ccept and agree")
        #expect(Mnemonic.key(of: labels.checkboxMnemonic("Accept")) == "c")
        #expect(labels.checkboxMnemonic("I agree") == "_I agree")
    }
}

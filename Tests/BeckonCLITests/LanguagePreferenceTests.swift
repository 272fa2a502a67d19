@testable import BeckonCLI
import Testing

/// LANGUAGE held to what a person can prefer (LanguagePreference).
@Suite struct LanguagePreferenceTests {
    @Test func aLongListIsCutAtAnEntry() {
        let long = (0..<1000).map { "x\($0)_YY" }.joined(separator: ":")
        let bounded = LanguagePreference.bounded(long)!
        #expect(bounded.split(separator: ":").count == LanguagePreference.mostEntries)
        #expect(bounded.hasPrefix("x0_YY:x1_YY:"))
        #expect(LanguagePreference.bounded("de_DE:fr::en") == "de_DE:fr:en")
        let huge = String(repeating: "a", count: 2000) + ":de"
        #expect(LanguagePreference.bounded(huge) == nil)
        #expect(LanguagePreference.bounded("de:" + String(repeating: "b", count: 600)) == "de")
    }
}

@testable import BeckonConsent
@testable import BeckonTerms
import Testing

/// The marks of what changed, put into rendered terms (``TermsChanges/Marker``).
@Suite struct TermsChangesMarkerTests {
    @Test func aMarkerThatCannotFindEverySectionSaysSo() {
        let changes = TermsChanges(earlier: "# A\n\nx\n", current: "# A\n\ny\n\n# B\n\nz\n")
        var fewer = TermsChanges.Marker(changes, labels: .english)
        _ = fewer.mark(MarkdownRenderer.render("# A\n\ny\n"))
        #expect(!fewer.isConsistent)
        var more = TermsChanges.Marker(changes, labels: .english)
        _ = more.mark(MarkdownRenderer.render("# A\n\ny\n\n# B\n\n# C\n"))
        #expect(!more.isConsistent)
        var right = TermsChanges.Marker(changes, labels: .english)
        _ = right.mark(MarkdownRenderer.render("# A\n\ny\n\n# B\n\nz\n"))
        #expect(right.isConsistent)
    }
}

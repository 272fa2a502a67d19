import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// Sections by heading, matched by heading text: added, removed, changed,
/// unchanged, duplicates in order, the preamble, and text with no heading.
@Suite struct TermsChangesTests {
    let v1 = """
        Welcome to the service.

        # Use

        Be kind.

        # Privacy

        We keep logs for 30 days.

        # Fees

        None.
        """

    @Test func sectionsAreSplitAtHeadingsByCmarkWithThePreambleFirst() {
        let sections = TermsChanges.sections(of: v1)
        #expect(sections.map(\.heading) == [nil, "Use", "Privacy", "Fees"])
        #expect(sections.map(\.level) == [0, 1, 1, 1])
        #expect(sections[2].markdown == "# Privacy\n\nWe keep logs for 30 days.")
    }

    @Test func headingTextLosesItsMarkdownAndSetextAndNestedHeadingsCount() {
        let sections = TermsChanges.sections(of: "Intro *here*\n=====\n\ntext\n\n## The `code` and [a link](https://x)\n\n> ### Quoted\n")
        #expect(sections.map(\.heading) == ["Intro here", "The code and a link", "Quoted"])
        #expect(sections.map(\.level) == [1, 2, 3])
    }

    @Test func aHashInCodeIsNoHeadingAndALoneHashStartsNoSection() {
        let sections = TermsChanges.sections(of: "# A\n\n```\n# not a heading\n```\n\n#\n\ntail\n")
        #expect(sections.map(\.heading) == ["A"])
        #expect(sections[0].markdown.contains("tail"))
    }

    @Test func unchangedTermsHaveNoChanges() {
        let changes = TermsChanges(earlier: v1, current: v1 + "\n\n   \n")
        #expect(changes.isEmpty)
        #expect(changes.sections.allSatisfy { $0.change == .unchanged })
        #expect(changes.changedIndexes.isEmpty)
    }

    @Test func oneChangedSectionIsTheOnlyOneMarked() {
        let v2 = v1.replacingOccurrences("30 days", "90 days")
        let changes = TermsChanges(earlier: v1, current: v2)
        #expect(changes.sections.map(\.change) == [.unchanged, .unchanged, .changed, .unchanged])
        #expect(changes.changedIndexes == [2])
        #expect(changes.removed.isEmpty)
    }

    @Test func addedAndRemovedSectionsByHeading() {
        let v2 = v1.replacingOccurrences("# Fees\n\nNone.", "# Refunds\n\nWithin 14 days.")
        let changes = TermsChanges(earlier: v1, current: v2)
        #expect(changes.sections.map(\.heading) == [nil, "Use", "Privacy", "Refunds"])
        #expect(changes.sections.map(\.change) == [.unchanged, .unchanged, .unchanged, .added])
        #expect(changes.removed.map(\.heading) == ["Fees"])
    }

    @Test func aRenamedHeadingIsOneRemovedAndOneAdded() {
        let changes = TermsChanges(earlier: "# A\n\nx\n", current: "# B\n\nx\n")
        #expect(changes.sections.map(\.change) == [.added])
        #expect(changes.removed.map(\.heading) == ["A"])
    }

    @Test func duplicateHeadingsMatchInOrder() {
        let earlier = "# Item\n\none\n\n# Item\n\ntwo\n"
        let second = TermsChanges(earlier: earlier, current: "# Item\n\none\n\n# Item\n\nTWO\n")
        #expect(second.sections.map(\.change) == [.unchanged, .changed])
        let third = TermsChanges(earlier: earlier, current: earlier + "\n# Item\n\nthree\n")
        #expect(third.sections.map(\.change) == [.unchanged, .unchanged, .added])
        let fewer = TermsChanges(earlier: earlier, current: "# Item\n\none\n")
        #expect(fewer.sections.map(\.change) == [.unchanged])
        #expect(fewer.removed.map(\.markdown) == ["# Item\n\ntwo"])
    }

    @Test func textWithNoHeadingIsOneSection() {
        let changes = TermsChanges(earlier: "All of it.\n", current: "All of it, now.\n")
        #expect(changes.sections.map(\.heading) == [nil])
        #expect(changes.sections.map(\.change) == [.changed])
        #expect(TermsChanges.sections(of: "").isEmpty)
    }

    @Test func thePreambleIsASectionAddedRemovedOrChanged() {
        let added = TermsChanges(earlier: "# A\n\nx\n", current: "Hello.\n\n# A\n\nx\n")
        #expect(added.sections.map(\.change) == [.added, .unchanged])
        let removed = TermsChanges(earlier: "Hello.\n\n# A\n\nx\n", current: "# A\n\nx\n")
        #expect(removed.removed.map(\.heading) == [nil])
        let changed = TermsChanges(earlier: v1, current: v1.replacingOccurrences("Welcome", "Hello"))
        #expect(changed.changedIndexes == [0])
    }

    @Test func theMarkerLabelsChangedSectionsBeforeTheirHeadingAndFindsEverySection() {
        let v2 = v1.replacingOccurrences("30 days", "90 days").replacingOccurrences("# Fees\n\nNone.", "# Fees\n\nNone.\n\n# New one\n\nHi.")
        let changes = TermsChanges(earlier: v1, current: v2)
        var marker = TermsChanges.Marker(changes, labels: .english)
        var whole = StyledText()
        // In pieces, as PreparedTerms hands them to the window.
        MarkdownRenderer.render(v2, firstBytes: 40, laterBytes: 40) { whole.append(piece: marker.mark($0)) }
        #expect(marker.isConsistent)
        let text = whole.text
        #expect(text.contains("\u{00A0}Changed\u{00A0} Privacy"))
        #expect(text.contains("\u{00A0}New\u{00A0} New one"))
        #expect(!text.contains("Changed\u{00A0} Use"))
        let characters = Array(text.unicodeScalars)
        let privacy = marker.sectionStarts[2]
        #expect(String(String.UnicodeScalarView(characters[privacy..<(privacy + 9)])) == "\u{00A0}Changed\u{00A0}")
        // The label is tinted, the heading after it still a heading.
        #expect(whole.styles(at: privacy + 1) == [.changeMark])
        #expect(whole.styles(at: privacy + 10).contains(.heading(1)))
    }

    @Test func theSummaryNamesTheVersionTheDateAndTheSections() {
        let v2 = v1.replacingOccurrences("30 days", "90 days").replacingOccurrences("\n\n# Fees\n\nNone.", "")
        let record = ConsentRecord(id: "x", version: "1", sha256: "", acceptedAt: "2026-11-29T21:46:24Z", user: "u")
        let earlier = TermsChanges.Earlier(record: record, changes: TermsChanges(earlier: v1, current: v2), reread: .changes)
        #expect(earlier.summary(.english)
            == "1 of 3 sections changed since you accepted version 1 on 2026-11-29: “Privacy” (Changed); Removed: “Fees”")
        let german = earlier.summary(TermsLabels.forLanguage("de")!)
        #expect(german.hasPrefix("1 von 3 Abschnitten geändert, seit Sie Version 1 am 2026-11-29 akzeptiert haben:"))
        #expect(german.contains("(Geändert)"))
        #expect(TermsLabels.forLanguage("ja")!.nextChange == "次の変更(_N)")
        let unknown = TermsChanges.Earlier(record: record, changes: nil, reread: .changes)
        #expect(unknown.summary(.english) == TermsLabels.english.readWholeAgain)
        #expect(!unknown.needsChangesOnly)
    }

    @Test func theGateWaitsForTheChangesAndSaysSo() {
        var condition = AcceptCondition(requiresScroll: false, requiresCheckbox: true)
        condition.unshownChanges = 1
        #expect(!condition.isMet)
        #expect(condition.hint(.english) == TermsLabels.english.changesAndTickHint)
        condition.isChecked = true
        #expect(condition.hint(.english) == TermsLabels.english.changesHint)
        condition.unshownChanges = 0
        #expect(condition.isMet)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

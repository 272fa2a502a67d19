@testable import BeckonConsent
import Testing

/// The one rule for showing what changed, which the window and the pager
/// share: a section is shown once its start and its end have been on screen.
@Suite struct TermsChangesProgressTests {
    static func progress(reread: TermsReread = .changes) -> TermsChanges.Progress {
        let changes = TermsChanges(earlier: "# A\n\nx\n\n# B\n\ny\n\n# C\n\nz\n",
                                   current: "# A\n\nx2\n\n# B\n\ny\n\n# C\n\nz2\n")
        let record = ConsentRecord(id: "a", version: "1", sha256: String(repeating: "a", count: 64),
                                   acceptedAt: "2026-01-02T03:04:05Z", user: "tester")
        return TermsChanges.Progress(TermsChanges.Earlier(record: record, changes: changes, reread: reread))
    }

    @Test func aSectionIsShownOnceItsStartAndItsEndWereOnScreenInAnyOrder() {
        var progress = Self.progress()
        #expect(progress.changed == [0, 2] && progress.unshown == 2 && progress.gatesAccept)
        let endOnly = progress.note(section: 2, startShown: false, endShown: true)
        #expect(!endOnly)
        let thenStart = progress.note(section: 2, startShown: true, endShown: false)
        #expect(thenStart && progress.shown == 1 && progress.unshown == 1)
        let both = progress.note(section: 0, startShown: true, endShown: true)
        #expect(both && progress.unshown == 0)
        // Seen again: nothing changes.
        let again = progress.note(section: 0, startShown: true, endShown: true)
        #expect(!again)
    }

    @Test func previousAndNextStopAtTheEndsAndWaitForWhatIsNotRendered() {
        var progress = Self.progress()
        #expect(!progress.hasEarlier && progress.hasLater)
        let beforeFirst = progress.move(by: -1)
        #expect(beforeFirst == nil && progress.current == -1)
        let first = progress.move(by: 1, isAvailable: { $0 < 1 })
        #expect(first == 0)
        let notRendered = progress.move(by: 1, isAvailable: { $0 < 1 })
        #expect(notRendered == nil && progress.current == 0)
        let second = progress.move(by: 1)
        #expect(second == 2 && progress.current == 1)
        let past = progress.move(by: 1)
        #expect(progress.hasEarlier && !progress.hasLater && past == nil)
    }

    @Test func acceptWaitsForTheChangesOnlyWhenAskedForThemAndTheSectionsAreKnown() {
        var progress = Self.progress()
        progress.stopGatingAccept()
        #expect(!progress.gatesAccept)
        #expect(!Self.progress(reread: .all).gatesAccept)
    }
}

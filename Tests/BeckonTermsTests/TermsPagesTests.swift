import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// Long terms are grouped into pages of whole rendered pieces; short ones stay one page.
@Suite struct TermsPagesTests {
    static func piece(_ bytes: Int) -> StyledText {
        var text = StyledText()
        text.append(String(repeating: "x", count: bytes - 1) + "\n")
        return text
    }

    @Test func termsUpToTheLimitAreOnePageWhateverTheirPieces() {
        let pieces = (0..<8).map { _ in Self.piece(60 * 1024) }
        let pages = TermsPages(markdownBytes: TermsPages.pagedAbove, pieces: pieces)
        #expect(!pages.isPaged)
        #expect(pages.count == 1)
        #expect(pages.pieces(ofPage: 0).count == 8)
        #expect(pages.isLastPage(0))
    }

    @Test func longTermsArePagedAtPieceBoundariesOnceAPageHoldsEnough() {
        // 8 KiB, then 60 KiB pieces: a page closes after the piece that brings it to 96 KiB.
        let pieces = [Self.piece(8 * 1024)] + (0..<5).map { _ in Self.piece(60 * 1024) }
        let pages = TermsPages(markdownBytes: TermsPages.pagedAbove + 1, pieces: pieces)
        #expect(pages.isPaged)
        #expect(pages.count == 3)
        #expect(pages.pieces(ofPage: 0).map(\.utf8.count) == [8 * 1024, 60 * 1024, 60 * 1024])
        #expect(pages.pieces(ofPage: 1).count == 2)
        #expect(pages.pieces(ofPage: 2).count == 1)
        // Every piece is on exactly one page, in order.
        #expect((0..<3).flatMap { pages.pieces(ofPage: $0) } == pieces)
        #expect(pages.pieces(ofPage: 3).isEmpty)
    }

    @Test func theLastPageIsKnownOnlyOnceEveryPieceHasCome() {
        var pages = TermsPages(markdownBytes: 1 << 20)
        pages.add([Self.piece(100 * 1024)], isLast: false)
        #expect(pages.count == 1)
        #expect(!pages.isComplete(0)) // its page may still grow
        #expect(!pages.isLastPage(0))
        pages.add([Self.piece(10 * 1024)], isLast: false)
        #expect(pages.count == 2)
        #expect(pages.isComplete(0)) // a later page has started
        #expect(!pages.isComplete(1))
        #expect(!pages.isLastPage(1))
        pages.add([], isLast: true)
        #expect(pages.isComplete(1))
        #expect(pages.isLastPage(1))
        #expect(!pages.isLastPage(0))
    }
}

import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// Long terms are grouped into pages of whole rendered pieces; short ones stay one page.
@Suite struct TermsPagesTests {
    /// A piece of prose: words of seven letters, one line.
    static func piece(_ bytes: Int) -> StyledText {
        var text = StyledText()
        text.append(String((0..<bytes - 1).map { $0 % 8 == 7 ? " " : "x" }) + "\n")
        return text
    }

    /// A piece of lines Pango cannot wrap at a word: 2,047 letters and a newline each.
    static func unbroken(lines: Int) -> StyledText {
        var text = StyledText()
        text.append(String(repeating: String(repeating: "a", count: 2047) + "\n", count: lines))
        return text
    }

    @Test func proseWeighsItsBytesAndUnbrokenLinesMore() {
        #expect(TermsPages.weight(of: Self.piece(10_000)) == 10_000)
        #expect(TermsPages.weight(of: Self.unbroken(lines: 3)) == 3 * 2048 * TermsPages.unbreakableWeight)
    }

    /// A line of a thousand links weighs what tagging it costs GTK; a
    /// paragraph with a few styled words weighs its bytes.
    @Test func aLineThickWithTagsWeighsMore() {
        let links = MarkdownRenderer.render(String(repeating: "[a](b) ", count: 1000))
        // (1,000 − 32 free spans)² / 32 over its 2,000 bytes: some fifteen times them.
        #expect(TermsPages.weight(of: links) > 10 * links.utf8.count)
        let prose = MarkdownRenderer.render(String(repeating: "Some *styled* words. ", count: 30))
        #expect(TermsPages.weight(of: prose) == prose.utf8.count)
    }

    /// Paging follows what is rendered: 400 KB of lines with no space (a line
    /// of letters and NULs) is paged, though its Markdown is under the limit;
    /// terms that were one page so far are grouped into pages again.
    @Test func heavyTermsArePagedThoughTheirMarkdownIsShort() {
        var pages = TermsPages(markdownBytes: 400 * 1024)
        #expect(!pages.isPaged)
        let pieces = (0..<50).map { _ in Self.unbroken(lines: 4) }
        pages.add(Array(pieces.prefix(2)), isLast: false)
        #expect(!pages.isPaged)
        pages.add(Array(pieces.dropFirst(2)), isLast: true)
        #expect(pages.isPaged)
        #expect(pages.count > 10)
        #expect((0..<pages.count).flatMap { pages.pieces(ofPage: $0) } == pieces)
        for page in 0..<pages.count {
            let weight = pages.pieces(ofPage: page).map(TermsPages.weight(of:)).reduce(0, +)
            #expect(weight < TermsPages.pageBytes + TermsPages.weight(of: pieces[0]))
        }
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

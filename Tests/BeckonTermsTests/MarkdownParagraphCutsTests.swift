@testable import BeckonTerms
import Foundation
import Testing

/// One enormous paragraph is parsed in parts (issue 36), and the parts joined
/// read as the paragraph rendered whole.
@Suite struct MarkdownParagraphCutsTests {
    private func pieces(_ markdown: String, first: Int = 8 * 1024, later: Int = 16 * 1024) -> [StyledText] {
        var pieces: [StyledText] = []
        MarkdownRenderer.render(markdown, firstBytes: first, laterBytes: later) { pieces.append($0) }
        return pieces
    }

    private func joined(_ pieces: [StyledText]) -> StyledText {
        var whole = StyledText()
        for piece in pieces { whole.append(piece: piece) }
        return whole
    }

    static let shapes: [(String, String)] = [
        ("links", String(repeating: "[a](b) ", count: 40_000) + "\n"),
        ("NULs", String(repeating: String(repeating: "a", count: 99) + "\0", count: 4_000) + "\n"),
        ("words and emphasis", String(repeating: "Some *words* in `code` and **strong** ones (aside) &amp; more.\n",
                                      count: 5_000) + "\nAfter.\n\n- a list\n"),
        ("letters", String(repeating: "a", count: 300_000) + "\n"),
        ("CJK", String(repeating: "日本語の文章", count: 30_000) + "\n"),
    ]

    @Test(arguments: shapes.map(\.0))
    func aLongParagraphIsParsedInPartsThatReadAsTheWhole(_ shape: String) {
        let markdown = Self.shapes.first { $0.0 == shape }!.1
        let cut = pieces(markdown)
        let whole = MarkdownRenderer.render(markdown)
        #expect(cut.count > 10, "\(shape): \(cut.count) pieces")
        #expect(cut.allSatisfy { $0.utf8.count < 64 * 1024 }, "\(shape): a piece is too large")
        let together = joined(cut)
        #expect(together.text == whole.text)
        #expect(together.links.count == whole.links.count)
        #expect(Set(together.spans.map(\.style)) == Set(whole.spans.map(\.style)))
    }

    /// Paragraphs people write (up to ``MarkdownParagraphCuts/cutAbove``) are never cut inside.
    @Test func anOrdinaryParagraphIsNotCut() {
        let markdown = String(repeating: "An ordinary *sentence* of terms. ", count: 1_500) + "\n"
        #expect(markdown.utf8.count < MarkdownParagraphCuts.cutAbove)
        let cuts = markdown.utf8.withContiguousStorageIfAvailable {
            MarkdownParagraphCuts.cuts($0, from: 0, to: $0.count, firstBytes: 1, laterBytes: 1)
        }
        #expect(cuts == [])
    }

    /// A cut never falls inside a link, a code span or emphasis.
    @Test func cutsFallBetweenInlinesOnly() {
        let markdown = String(repeating: "x [a link](https://example.org/a b) `a code span` *an emphasis* y ", count: 2_000)
        let cuts = markdown.utf8.withContiguousStorageIfAvailable {
            MarkdownParagraphCuts.cuts($0, from: 0, to: $0.count, firstBytes: 100, laterBytes: 100)
        } ?? []
        #expect(cuts.count > 100)
        let bytes = Array(markdown.utf8)
        for cut in cuts {
            let next = String(decoding: bytes[cut.offset...].prefix(1), as: UTF8.self)
            #expect(next == "x" || next == "y", "a cut before \(String(decoding: bytes[cut.offset...].prefix(12), as: UTF8.self))")
        }
    }
}

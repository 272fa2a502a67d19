import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Foundation
import Testing

/// Long terms rendered a section at a time must look exactly as rendered whole.
@Suite struct MarkdownSectionsTests {
    static var sample: String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Resources/terms/sample-terms.md")
        // A missing sample must fail the tests, not make them compare empty texts.
        return try! String(contentsOf: url, encoding: .utf8)
    }

    /// Markdown that tempts a careless cutter: loose lists, quotes, code
    /// fences with blank lines and headings inside, setext headings, an
    /// indented code block, a paragraph after a list.
    static let tricky = """
        # Terms

        Intro paragraph with *emphasis* and a [link](https://example.org/a).

        - first item

        - second item, loose list

        Continuation paragraph after the list.

        1. one
        2. two

        > quoted
        >
        > still quoted

        Setext heading
        ==============

        ```
        code block

        # not a heading

        Not a paragraph
        ```

        ~~~~ text
        tilde fence

        Heading inside
        ~~~~

            indented code

        Plain closing words, **strong** ones.

        """

    /// Every character's styles, for comparing renderings whose spans are
    /// split differently but look the same.
    private func looks(_ styled: StyledText) -> [Set<TextStyle>] {
        var looks = [Set<TextStyle>](repeating: [], count: styled.characterCount)
        for span in styled.spans { for offset in span.range { looks[offset].insert(span.style) } }
        return looks
    }

    private func pieces(_ markdown: String, first: Int, later: Int) -> [StyledText] {
        var pieces: [StyledText] = []
        MarkdownRenderer.render(markdown, firstBytes: first, laterBytes: later) { pieces.append($0) }
        return pieces
    }

    @Test(arguments: [(1, 1), (64, 200), (8 * 1024, 128 * 1024)])
    func piecesJoinedLookExactlyLikeTheWhole(first: Int, later: Int) {
        let markdown = (0..<40).map { "\(Self.tricky)\n## Part \($0)\n\n\(Self.sample)\n" }.joined()
        let cut = pieces(markdown, first: first, later: later)
        var joined = StyledText()
        for piece in cut { joined.append(piece: piece) }
        let whole = MarkdownRenderer.render(markdown)
        #expect(joined.text == whole.text)
        #expect(looks(joined) == looks(whole))
        #expect(joined.links == whole.links)
        if first < 1024 { #expect(cut.count > 40, "small pieces were asked for: \(cut.count)") }
    }

    @Test func cutsComeOnlyBeforeNewTopLevelBlocksOutsideFences() {
        let markdown = Self.tricky + "\nLast words.\n"
        let cuts = markdown.utf8.withContiguousStorageIfAvailable {
            MarkdownSections.cuts($0, firstBytes: 1, laterBytes: 1)
        } ?? []
        let bytes = Array(markdown.utf8)
        let lines = cuts.map { cut in String(decoding: bytes[cut...].prefix { $0 != 0x0A }, as: UTF8.self) }
        #expect(lines == ["Intro paragraph with *emphasis* and a [link](https://example.org/a).",
                          "Continuation paragraph after the list.", "Setext heading", "Plain closing words, **strong** ones.",
                          "Last words."])
    }

    @Test(arguments: ["[terms]: https://example.org/terms\n", "<!-- a comment\n\nover blank lines -->\n",
                      "<script>\n\nx\n</script>\n", "<PRE>\n\n</PRE>\n"])
    func markdownWhoseMeaningCrossesBlocksIsNeverCut(_ crossing: String) {
        let markdown = String(repeating: "Paragraph of terms.\n\n", count: 200) + crossing
        #expect(pieces(markdown, first: 1, later: 1).count == 1)
        let whole = MarkdownRenderer.render(markdown)
        #expect(pieces(markdown, first: 1, later: 1).first == whole)
    }

    @Test func theFirstPieceIsSmallAndLaterOnesLarger() {
        let markdown = String(repeating: "A paragraph of terms that goes on for a while.\n\n", count: 2000)
        let cut = pieces(markdown, first: 1000, later: 20_000)
        #expect(cut.count >= 5)
        #expect(cut[0].utf8.count < 1100 && cut[0].utf8.count >= 950, "\(cut[0].utf8.count)")
        #expect(cut[1].utf8.count > 19_000)
    }
}

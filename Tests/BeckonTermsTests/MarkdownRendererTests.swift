import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Foundation
import Testing

/// Markdown → styled text, checked on the model GTK is then filled from.
@Suite struct MarkdownRendererTests {
    /// The text covered by the first span with `style`.
    private func text(of style: TextStyle, in styled: StyledText) -> String? {
        guard let span = styled.spans.first(where: { $0.style == style }) else { return nil }
        let scalars = Array(styled.text.unicodeScalars)
        return String(String.UnicodeScalarView(scalars[span.range]))
    }

    @Test func headingsCarryTheirLevelAndAreSeparatedByABlankLine() {
        let styled = MarkdownRenderer.render("# Title\n\nBody text.\n\n### Small")
        #expect(styled.text == "Title\n\nBody text.\n\nSmall")
        #expect(text(of: .heading(1), in: styled) == "Title")
        #expect(text(of: .heading(3), in: styled) == "Small")
    }

    @Test func emphasisStrongAndInlineCode() {
        let styled = MarkdownRenderer.render("Some *soft*, **loud** and `exact` words.")
        #expect(styled.text == "Some soft, loud and exact words.")
        #expect(text(of: .emphasis, in: styled) == "soft")
        #expect(text(of: .strong, in: styled) == "loud")
        #expect(text(of: .code, in: styled) == "exact")
    }

    @Test func bulletListsAreTightAndHangTheirBullets() {
        let styled = MarkdownRenderer.render("Intro:\n\n- one\n- two\n\nAfter.")
        #expect(styled.text == "Intro:\n\n\u{2022} one\n\u{2022} two\n\nAfter.")
        let bullets = styled.spans.filter { $0.style == .bullet(1) }
        #expect(bullets.count == 2)
    }

    @Test func orderedListsCountFromTheirStartAndKeepTheirDelimiter() {
        let styled = MarkdownRenderer.render("3) three\n4) four\n")
        #expect(styled.text == "3) three\n4) four")
    }

    @Test func nestedListsIndentDeeperWithAnotherBullet() {
        let styled = MarkdownRenderer.render("- outer\n  - inner\n")
        #expect(styled.text == "\u{2022} outer\n\u{25E6} inner")
        #expect(styled.spans.contains { $0.style == .bullet(2) })
    }

    @Test func looseListItemsAreSeparatedByBlankLines() {
        let styled = MarkdownRenderer.render("- one\n\n- two\n")
        #expect(styled.text == "\u{2022} one\n\n\u{2022} two")
    }

    @Test func linksAreStyledAndFoundByOffset() {
        let styled = MarkdownRenderer.render("See [the site](https://example.org) or <mailto:a@b.org>.")
        #expect(styled.text == "See the site or mailto:a@b.org.")
        #expect(text(of: .link, in: styled) == "the site")
        #expect(styled.link(at: 4) == "https://example.org")
        #expect(styled.link(at: 11) == "https://example.org")
        #expect(styled.link(at: 12) == nil)
        #expect(styled.link(at: 16) == "mailto:a@b.org")
        #expect(styled.link(at: 0) == nil)
    }

    @Test func offsetsCountCharactersNotBytes() {
        let styled = MarkdownRenderer.render("Ünïcödé [日本語](https://example.org/ja)")
        #expect(styled.characterCount == styled.text.unicodeScalars.count)
        #expect(text(of: .link, in: styled) == "日本語")
        #expect(styled.link(at: 8) == "https://example.org/ja")
    }

    @Test func codeBlocksKeepTheirLinesVerbatim() {
        let styled = MarkdownRenderer.render("Before\n\n```sh\nbeckon terms *not emphasis*\n  indented\n```\n\nAfter")
        #expect(styled.text == "Before\n\nbeckon terms *not emphasis*\n  indented\n\nAfter")
        #expect(text(of: .codeBlock, in: styled) == "beckon terms *not emphasis*\n  indented")
    }

    @Test func blockQuotesAreIndentedAndStyled() {
        let styled = MarkdownRenderer.render("> Quoted *words*\n\nPlain")
        #expect(styled.text == "Quoted words\n\nPlain")
        #expect(text(of: .quote, in: styled) == "Quoted words\n")
        #expect(styled.styles(at: 0).contains(.indent(1)))
        #expect(!styled.styles(at: 14).contains(.quote))
    }

    @Test func thematicBreaksBecomeACentredRule() {
        let styled = MarkdownRenderer.render("Above\n\n---\n\nBelow")
        #expect(styled.spans.contains { $0.style == .rule })
        #expect(styled.text.hasPrefix("Above\n\n\u{2500}"))
        #expect(styled.text.hasSuffix("\n\nBelow"))
    }

    @Test func softBreaksJoinAndHardBreaksBreakTheLine() {
        let styled = MarkdownRenderer.render("one\ntwo  \nthree")
        #expect(styled.text == "one two\u{2028}three")
    }

    @Test func rawHTMLIsShownAsWrittenNotInterpreted() {
        let styled = MarkdownRenderer.render("A <b>tag</b> here.\n\n<div>block</div>\n")
        #expect(styled.text == "A <b>tag</b> here.\n\n<div>block</div>")
    }

    @Test func imagesShowTheirDescription() {
        let styled = MarkdownRenderer.render("![the logo](logo.png)")
        #expect(styled.text == "[the logo]")
    }

    @Test func emptyAndBlankDocumentsRenderNothing() {
        #expect(MarkdownRenderer.render("").text == "")
        #expect(MarkdownRenderer.render("\n\n  \n").text == "")
    }

    @Test func everySpanLiesInsideTheText() {
        let sample = """
        # T\n\n> - a *b* [c](http://x)\n>   1. `d`\n\n```\ncode\n```\n\n***\n\n- \n- x
        """
        let styled = MarkdownRenderer.render(sample)
        for span in styled.spans {
            #expect(span.range.lowerBound >= 0 && span.range.upperBound <= styled.characterCount, "\(span)")
        }
    }

    @Test func mergingSpansKeepsEveryCharactersStylesAndOrdersThem() throws {
        let sample = try String(contentsOfFile: Self.sampleTerms, encoding: .utf8)
        let styled = MarkdownRenderer.render(sample)
        let merged = styled.mergingSpans()
        #expect(merged.spans.count < styled.spans.count) // list items and quotes joined
        #expect(zip(merged.spans, merged.spans.dropFirst()).allSatisfy { $0.range.lowerBound <= $1.range.lowerBound })
        for offset in stride(from: 0, to: styled.characterCount, by: 7) {
            #expect(Set(styled.styles(at: offset)) == Set(merged.styles(at: offset)), "offset \(offset)")
        }
    }

    static var sampleTerms: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Resources/terms/sample-terms.md").path
    }
}

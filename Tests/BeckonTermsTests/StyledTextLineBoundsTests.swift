import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Foundation
import Testing

/// The bounds that keep the terms window's layout cheap whatever the Markdown:
/// lines cut to ``StyledText/longestLine``, pieces cut to a size, nesting capped.
@Suite struct StyledTextLineBoundsTests {
    /// The GtkTextBuffer lines of `styled`, as scalars.
    private static func lines(_ styled: StyledText) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = [[]]
        for scalar in styled.text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2029}" { lines.append([]) } else { lines[lines.count - 1].append(scalar) }
        }
        return lines
    }

    private static var bound: Int { StyledText.longestLine + StyledText.longestClusterWait }

    /// The characters `range` covers in `styled`.
    private static func text(_ range: Range<Int>, in styled: StyledText) -> String {
        String(String.UnicodeScalarView(Array(styled.text.unicodeScalars)[range]))
    }

    @Test func textWithoutLongLinesIsLeftAsItIs() throws {
        let sample = try String(contentsOfFile: MarkdownRendererTests.sampleTerms, encoding: .utf8)
        let styled = MarkdownRenderer.render(sample)
        #expect(styled.boundingLines() == styled)
        let longest = String(repeating: "x", count: StyledText.longestLine)
        let atTheBound = MarkdownRenderer.render(longest + "\n\n" + longest)
        #expect(atTheBound.boundingLines() == atTheBound)
    }

    @Test func anUnbrokenLineIsCutByInsertedNewlinesAndNothingElseChanges() {
        let styled = MarkdownRenderer.render(String(repeating: "a", count: 200_000))
        let bounded = styled.boundingLines()
        let lines = Self.lines(bounded)
        #expect(lines.count == 200_000 / StyledText.longestLine + 1)
        #expect(lines.allSatisfy { $0.count <= StyledText.longestLine })
        #expect(bounded.text.replacingOccurrences(of: "\n", with: "") == styled.text)
        #expect(bounded.characterCount == bounded.text.unicodeScalars.count)
    }

    @Test func aLongParagraphIsCutAtASpaceThatBecomesTheNewline() {
        let words = String(repeating: "abcdefghi ", count: 100_000) // the 10 MB reproducer, a tenth of it
        let styled = MarkdownRenderer.render(words)
        let bounded = styled.boundingLines()
        #expect(bounded.characterCount == styled.characterCount) // spaces replaced, nothing inserted
        #expect(bounded.text.replacingOccurrences(of: "\n", with: " ") == styled.text)
        let lines = Self.lines(bounded)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= StyledText.longestLine && $0.count >= StyledText.longestLine / 2 || $0 == lines.last! })
        #expect(lines.dropLast().allSatisfy { $0.last == "i" }, "cut at a space, not in a word")
    }

    @Test func aRunOfSpacesOrPunctuationIsCutToo() {
        // Pango is quadratic on these as well: no place to wrap that fits.
        for unit in [" )", "\u{3002}", "( "] {
            let styled = MarkdownRenderer.render("x" + String(repeating: unit, count: 10_000) + "x")
            let lines = Self.lines(styled.boundingLines())
            #expect(lines.count > 1 && lines.allSatisfy { $0.count <= Self.bound }, "\(unit.debugDescription)")
        }
    }

    @Test func linksAndStylesKeepTheirCharactersAcrossCuts() throws {
        let markdown = String(repeating: "a", count: 3000) + " *soft* [here](https://example.org) "
            + String(repeating: "b", count: 5000) + " [there](https://example.net) `code`"
        let styled = MarkdownRenderer.render(markdown)
        let bounded = styled.boundingLines()
        #expect(bounded != styled)
        let here = try #require(bounded.links.first)
        #expect(Self.text(here.range, in: bounded) == "here")
        #expect(here.url == "https://example.org")
        let there = try #require(bounded.links.last)
        #expect(Self.text(there.range, in: bounded) == "there")
        #expect(bounded.link(at: there.range.lowerBound) == "https://example.net")
        let emphasis = try #require(bounded.spans.first { $0.style == .emphasis })
        #expect(Self.text(emphasis.range, in: bounded) == "soft")
        let code = try #require(bounded.spans.first { $0.style == .code })
        #expect(Self.text(code.range, in: bounded) == "code")
        for span in bounded.spans {
            #expect(span.range.lowerBound >= 0 && span.range.upperBound <= bounded.characterCount, "\(span)")
        }
    }

    @Test func aListItemCutKeepsItsBulletOnItsFirstLineOnly() throws {
        let styled = MarkdownRenderer.render("- " + String(repeating: "word ", count: 2000) + "\n- next\n")
        let bounded = styled.boundingLines().mergingSpans()
        let lines = Self.lines(bounded)
        #expect(lines.count > 2) // the long item cut, and the next item
        let secondLine = lines[0].count + 1
        #expect(bounded.styles(at: 0).contains(.bullet(1)))
        #expect(bounded.styles(at: secondLine) == [.indent(1)], "\(bounded.styles(at: secondLine))")
        let lastLine = bounded.characterCount - lines[lines.count - 1].count
        #expect(String(String.UnicodeScalarView(lines[lines.count - 1])) == "\u{2022} next")
        #expect(bounded.styles(at: lastLine).contains(.bullet(1)), "the next item has its bullet")
    }

    @Test func aCutWaitsForTheEndOfAGraphemeCluster() {
        // e + COMBINING ACUTE ACCENT: a cut between them would show the accent alone.
        let styled = MarkdownRenderer.render(String(repeating: "e\u{301}", count: 5000))
        let lines = Self.lines(styled.boundingLines())
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.first != "\u{301}" })
        #expect(lines.allSatisfy { $0.count <= Self.bound })
        // A cluster longer than the wait is cut anyway: the bound holds.
        let zalgo = MarkdownRenderer.render("a" + String(repeating: "\u{301}", count: 10_000))
        #expect(Self.lines(zalgo.boundingLines()).allSatisfy { $0.count <= Self.bound })
    }

    @Test func aMillionLinksInOneParagraphAreBoundedLinesWithEveryLink() {
        let count = 20_000 // the reproducer's shape; the million is bench/reliability's
        let styled = MarkdownRenderer.render(String(repeating: "[a](http://x) ", count: count))
        let bounded = styled.boundingLines()
        #expect(bounded.links.count == count)
        #expect(Self.lines(bounded).allSatisfy { $0.count <= StyledText.longestLine })
        #expect(bounded.links.allSatisfy { Self.text($0.range, in: bounded) == "a" })
        // No more than a bounded number of styled runs start on a line, and the
        // cuts replace the spaces between links: no character moves.
        #expect(bounded.characterCount == styled.characterCount)
        #expect(bounded.text.replacingOccurrences(of: "\n", with: " ") == styled.text)
        var starts = Array(repeating: 0, count: Self.lines(bounded).count)
        let newlines = bounded.text.unicodeScalars.enumerated().filter { $0.element == "\n" }.map(\.offset)
        for span in bounded.spans {
            starts[newlines.firstIndex { $0 >= span.range.lowerBound } ?? newlines.count] += 1
        }
        #expect(starts.max()! <= StyledText.mostSpansPerLine + 1, "\(starts.max()!) styled runs on a line")
        #expect(starts.dropLast().allSatisfy { $0 >= StyledText.mostSpansPerLine }, "a line cut before it was full")
    }

    @Test func aParagraphWithAFewDozenLinksIsNotCut() {
        let paragraph = String(repeating: "See [the policy](https://example.org/policy) and *read* it. ", count: 20)
        let styled = MarkdownRenderer.render(paragraph)
        #expect(styled.spans.count >= 40)
        #expect(styled.boundingLines() == styled)
    }

    @Test func partsAreCutAfterALineAndJoinBackIntoTheText() throws {
        let markdown = "# Title\n\n> " + String(repeating: "[a](http://x) *b* ", count: 30_000)
        let whole = MarkdownRenderer.render(markdown).boundingLines().mergingSpans()
        let parts = whole.parts(ofAtLeast: 32 * 1024)
        #expect(parts.count > 2)
        for part in parts.dropLast() {
            #expect(part.utf8.last == 0x0A)
            #expect(part.utf8.count >= 32 * 1024 && part.utf8.count <= 32 * 1024 + 4 * Self.bound)
        }
        var joined = StyledText()
        for part in parts { joined.append(piece: part) }
        #expect(joined.text == whole.text)
        #expect(joined.links.count >= whole.links.count)
        let merged = joined.mergingSpans()
        for offset in stride(from: 0, to: whole.characterCount, by: 97) {
            #expect(Set(merged.styles(at: offset)) == Set(whole.styles(at: offset)), "offset \(offset)")
            #expect(joined.link(at: offset) == whole.link(at: offset), "offset \(offset)")
        }
        for part in parts {
            #expect(zip(part.spans, part.spans.dropFirst()).allSatisfy { $0.range.lowerBound <= $1.range.lowerBound })
        }
        #expect(whole.parts(ofAtLeast: whole.utf8.count) == [whole])
    }

    @Test func preparedTermsHandOutNoLongLineAndNoHugePiece() {
        let prepared = PreparedTerms(TermsDocument(markdown: String(repeating: "a", count: 1_000_000)))
        prepared.renderRest()
        var pieces: [StyledText] = []
        var finished = false
        while !finished {
            prepared.waitForPiece(milliseconds: 1000)
            let taken = prepared.takePieces()
            pieces += taken.pieces
            finished = taken.isFinished
        }
        #expect(pieces.count > 4)
        #expect(pieces.allSatisfy { $0.utf8.count <= PreparedTerms.laterPieceBytes + 4 * Self.bound })
        #expect(pieces.allSatisfy { Self.lines($0).allSatisfy { $0.count <= StyledText.longestLine } })
        #expect(pieces.map(\.characterCount).reduce(0, +) == 1_000_000 + 1_000_000 / StyledText.longestLine)
    }

    @Test func nestingIndentsNoDeeperThanTheCap() {
        for markdown in [String(repeating: "> ", count: 5000) + "x", String(repeating: "- ", count: 5000) + "x",
                         String(repeating: "> - ", count: 2500) + "x"] {
            let styled = MarkdownRenderer.render(markdown)
            #expect(styled.text.hasSuffix("x"))
            let levels = styled.spans.compactMap { span -> Int? in
                switch span.style {
                case .indent(let level), .bullet(let level): return level
                default: return nil
                }
            }
            #expect(levels.max() == MarkdownRenderer.deepestIndent, "\(markdown.prefix(8))…")
        }
        // Up to the cap, each level still indents further.
        let nested = MarkdownRenderer.render(String(repeating: "> ", count: MarkdownRenderer.deepestIndent) + "x")
        #expect(nested.styles(at: 0).contains(.indent(MarkdownRenderer.deepestIndent)))
    }

    @Test func nulsAreShownAsReplacementCharacters() {
        // How beckon reads NULs: kept in the bytes (and their digest), U+FFFD on screen (CommonMark's rule).
        let document = TermsDocument(bytes: Array("a\u{0}b\n".utf8))
        #expect(document.bytes.contains(0))
        #expect(MarkdownRenderer.render(document.markdown).text == "a\u{FFFD}b")
    }
}

import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

@Suite struct TerminalTextTests {
    @Test func widths() {
        #expect(TerminalText.width("abc") == 3)
        #expect(TerminalText.width("日本") == 4)
        #expect(TerminalText.width("e\u{301}") == 1)
        #expect(TerminalText.width("\u{1B}[1mbold\u{1B}[0m") == 4)
    }

    @Test func wrapsAtSpacesAndNewlines() {
        #expect(TerminalText.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TerminalText.wrap("a\nb", width: 10) == ["a", "b"])
        #expect(TerminalText.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TerminalText.wrap("日本語です", width: 4) == ["日本", "語で", "す"])
    }

    @Test func fitCutsWithAnEllipsis() {
        #expect(TerminalText.fit("abcdef", width: 4) == "abc…")
        #expect(TerminalText.fit("abc", width: 4) == "abc")
    }

    @Test func inputIsMadePrintable() {
        #expect(TerminalText.printable("plain") == "plain")
        #expect(TerminalText.printable("a\tb") == "a    b")
        #expect(TerminalText.printable("line\r\nnext") == "line\nnext")
        // An escape sequence is shown, never sent: the terminal keeps its colours and cursor.
        #expect(TerminalText.printable("\u{1B}[2Jgone\u{7F}") == "\u{FFFD}[2Jgone\u{FFFD}")
    }

    @Test func markupIsTakenOut() {
        #expect(TerminalText.plain(markup: "<b>Disk</b> &amp; <i>full</i>") == "Disk & full")
        #expect(TerminalText.plain(markup: "<b>broken") == "<b>broken")
        #expect(TerminalText.plain(.plain("<b>x</b>")) == "<b>x</b>")
    }

    @Test func mnemonics() {
        #expect(TerminalText.mnemonic("_Yes").text == "Yes")
        #expect(TerminalText.mnemonic("_Yes").key == "y")
        #expect(TerminalText.mnemonic("Ab_lehnen").key == "l")
        #expect(TerminalText.mnemonic("a__b").text == "a_b")
        #expect(TerminalText.mnemonic("a__b").key == nil)
        #expect(TerminalText.mnemonic("拒否(_D)").offset == 3)
    }

    @Test func styledTermsWrapWithIndentsAndStyles() {
        let styled = MarkdownRenderer.render("# Title\n\n- one two three four\n").mergingSpans()
        let lines = styled.terminalLines(width: 12).map { line in
            line.replacing(/\x1B\[[0-9;]*m/, with: "")
        }
        #expect(lines.first == "Title")
        #expect(lines.contains { $0.hasPrefix("  ") && $0.contains("one") })
        #expect(styled.terminalLines(width: 12).first?.contains("\u{1B}[1;4m") == true)
    }
}

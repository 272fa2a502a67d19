import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// Content reaches a terminal printable; beckon's own escapes only where the
/// terminal takes them.
@Suite struct TerminalContentFilterTests {
    @Test func everyControlCharacterOfContentIsShownNotSent() {
        // C0 (ESC, BEL), DEL and C1 (CSI, OSC, ST as single characters).
        #expect(TerminalText.printable("a\u{1B}]0;T\u{07}b") == "a\u{FFFD}]0;T\u{FFFD}b")
        #expect(TerminalText.printable("\u{9B}2J\u{9D}0;T\u{9C}\u{85}") == "\u{FFFD}2J\u{FFFD}0;T\u{FFFD}\u{FFFD}")
        #expect(TerminalText.printable("\u{A0}é日") == "\u{A0}é日") // not controls
        #expect(TerminalText.printable("a\nb", lineBreaks: false) == "a b")
    }

    @Test func thePrimitivesEveryPromptUsesFilter() {
        #expect(TerminalText.wrap("a\u{1B}[2Jb", width: 20) == ["a\u{FFFD}[2Jb"])
        #expect(TerminalText.fit("t\u{1B}]0;x\u{07}\ny", width: 20) == "t\u{FFFD}]0;x\u{FFFD} y")
        #expect(TerminalText.mnemonic("_Y\u{1B}[2J").text == "Y\u{FFFD}[2J")
        #expect(TerminalText.plain(.plain("p\u{9B}q")) == "p\u{FFFD}q")
        // Markup with a control character: shown, whether Pango parses it or not.
        #expect(!TerminalText.plain(.markup("<b>a</b>\u{1B}[2J")).contains("\u{1B}"))
    }

    @Test func theTermsStylesAreTheOnlyEscapes() {
        let styled = MarkdownRenderer.render("**hi** \u{1B}]0;PWNED\u{07}\u{1B}[2J \u{9B}2J\n").mergingSpans()
        let lines = styled.terminalLines(width: 60)
        let joined = lines.joined(separator: "\n")
        #expect(!joined.contains("\u{1B}]") && !joined.contains("\u{1B}[2J") && !joined.contains("\u{07}"), "\(lines)")
        #expect(!joined.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "\(lines)")
        #expect(TerminalText.withoutEscapes(joined).contains("hi \u{FFFD}]0;PWNED\u{FFFD}\u{FFFD}[2J \u{FFFD}2J"), "\(lines)")
    }

    @Test func aPlainTerminalGetsNoEscapeOfBeckonsEither() {
        #expect(TerminalText.withoutEscapes("\u{1B}[1mT\u{1B}[0m\u{1B}[K \u{1B}[4;34ml\u{1B}[0m\u{1B}[?25h") == "T l")
        #expect(TerminalText.withoutEscapes("plain") == "plain")
    }

    @Test func whichTerminalsTakeANSI() {
        #expect(TerminalDevice.understandsANSI(term: "xterm-256color"))
        #expect(TerminalDevice.understandsANSI(term: "linux"))
        #expect(!TerminalDevice.understandsANSI(term: "dumb"))
        #expect(!TerminalDevice.understandsANSI(term: ""))
        #expect(!TerminalDevice.understandsANSI(term: nil))
    }

    @Test func anEditorShowsControlCharactersOfItsTextAsReplacements() {
        var editor = TerminalLineEditor("x\u{1B}[2Jy", selected: false)
        #expect(editor.shown(width: 20).text == "x\u{FFFD}[2Jy")
        _ = editor.handle(.home)
        #expect(editor.text == "x\u{1B}[2Jy") // the value itself is kept as given
    }
}

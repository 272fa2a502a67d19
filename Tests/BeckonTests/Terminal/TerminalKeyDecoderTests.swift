import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

@Suite struct TerminalKeyDecoderTests {
    private func keys(_ text: String) -> [TerminalKey] {
        var decoder = TerminalKeyDecoder()
        return decoder.keys(in: Array(text.utf8))
    }

    @Test func charactersAndControlBytes() {
        #expect(keys("aé日\r\t\u{7F}\u{03}\u{04}\u{15}") == [
            .character("a"), .character("é"), .character("日"), .enter, .tab, .backspace, .interrupt, .endOfInput,
            .control("u"),
        ])
    }

    @Test func escapeSequences() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OH\u{1B}[4~\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z") == [
            .up, .down, .right, .left, .home, .end, .pageUp, .pageDown, .delete, .backTab,
        ])
    }

    @Test func altIsEscapeThenAKey() {
        #expect(keys("\u{1B}n") == [.alt("n")])
        #expect(keys("\u{1B}\u{1B}") == [.escape])
    }

    @Test func aLoneEscapeWaitsForTheFlush() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.keys(in: [0x1B]).isEmpty)
        #expect(decoder.pendingEscape)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.pendingEscape)
    }

    @Test func aSequenceSplitAcrossReads() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.keys(in: [0x1B, UInt8(ascii: "[")]).isEmpty)
        #expect(decoder.keys(in: [UInt8(ascii: "C")]) == [.right])
        #expect(decoder.keys(in: [0xE6, 0x97]).isEmpty)
        #expect(decoder.keys(in: [0xA5]) == [.character("日")])
    }

    @Test func invalidUTF8IsSkipped() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.keys(in: [0xFF, 0x80, UInt8(ascii: "b")]) == [.character("b")])
        #expect(decoder.keys(in: [0xE6, UInt8(ascii: "c")]) == [.character("c")])
        #expect(decoder.keys(in: [0xED, 0xA0, 0x80]).isEmpty) // a surrogate
    }
}

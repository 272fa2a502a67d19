import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// The streaming decoder: UTF-8 passes whole whatever the chunks, and bytes
/// that are not UTF-8 are never cut off.
@Suite struct StreamingTextDecoderTests {
    private func decode(_ chunks: [[UInt8]], locale: String = "UTF-8") -> (String, String?) {
        var decoder = StreamingTextDecoder(subject: "input", localeCharset: locale)
        let text = chunks.map { decoder.decode($0) }.joined() + decoder.finish()
        return (text, decoder.warning)
    }

    @Test func utf8SplitAnywhereComesOutWhole() {
        let bytes = Array("grüße, 世界 ✓ 🎉 end".utf8)
        for cut in 0...bytes.count {
            let (text, warning) = decode([Array(bytes[..<cut]), Array(bytes[cut...])])
            #expect(text == "grüße, 世界 ✓ 🎉 end", "cut at \(cut)")
            #expect(warning == nil)
        }
        // One byte at a time.
        #expect(decode(bytes.map { [$0] }).0 == "grüße, 世界 ✓ 🎉 end")
    }

    @Test func badBytesBecomeReplacementCharactersWithOneWarning() {
        let (text, warning) = decode([Array("abc".utf8) + [0xFF] + Array("def".utf8), [0xC3, 0x28, 0x00, 0x41]])
        #expect(text == "abc\u{FFFD}def\u{FFFD}(\u{FFFD}A")
        #expect(warning == "input is not valid UTF-8: invalid bytes are shown as \u{FFFD}")
    }

    @Test func anIncompleteLastCharacterIsReplacedAtTheEnd() {
        #expect(decode([Array("ok".utf8) + [0xE4, 0xB8]]).0 == "ok\u{FFFD}")
    }

    @Test func aLegacyLocaleConvertsFromTheFirstBadByte() {
        // "café" in Latin-1, split inside the text.
        let (text, warning) = decode([Array("caf".utf8), [0xE9, 0x20], Array("ok\n".utf8)], locale: "ISO-8859-1")
        #expect(text == "café ok\n")
        #expect(warning?.contains("ISO-8859-1") == true)
    }

    @Test func aMultibyteLegacyCharsetSplitBetweenChunks() {
        // "日本" in EUC-JP is A4 FC CB DC... use 0xC6FC 0xCBDC; split in the middle of the first.
        let (text, _) = decode([[0xC6], [0xFC, 0xCB, 0xDC]], locale: "EUC-JP")
        #expect(text == "日本")
    }
}

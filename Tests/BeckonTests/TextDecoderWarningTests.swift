import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import Testing

/// The warnings `TextDecoder.decode` gives, each naming the charset once.
@Suite struct TextDecoderWarningTests {
    /// NULs and invalid bytes in a UTF-8 locale: the warning names UTF-8 once.
    @Test func aUTF8LocaleIsNotNamedTwice() {
        let decoded = TextDecoder.decode(Array("a\u{0}b".utf8) + [0xFF], encoding: nil, localeCharset: "UTF-8")
        #expect(decoded.warnings == ["the terms are not valid UTF-8; invalid bytes are shown as \u{FFFD}"])
    }
}

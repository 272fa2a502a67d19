import BeckonLoginGate
import Testing

/// The wire format between a gate's process and the enforcer: what one side
/// writes the other reads, and nothing crafted reads as more than it is.
@Suite struct EnforcerMessageTests {
    @Test func aMessageReadsBackAsWritten() throws {
        let message = EnforcerMessage(.accepted, ["id": "org.example.aup", "version": "3 (2026)", "nonce": "a-b", "sha256": "00ff"])
        let bytes = try #require(message.encoded)
        #expect(EnforcerMessage(decoding: bytes) == message)
    }

    @Test func aValueWithANewlineIsNeverWritten() {
        #expect(EnforcerMessage(.accepted, ["version": "1\nnonce=forged"]).encoded == nil)
    }

    @Test(arguments: [
        "", "hello", "bogus\n", "accepted\nid\n", "accepted\n=x\n", "accepted\nid=a\nid=b\n",
    ]) func craftedBytesDoNotRead(_ text: String) {
        #expect(EnforcerMessage(decoding: Array(text.utf8)) == nil)
    }

    @Test func aMessageOverTheLimitDoesNotRead() {
        #expect(EnforcerMessage(decoding: Array(("hello\nx=" + String(repeating: "x", count: 5000) + "\n").utf8)) == nil)
    }

    @Test func invalidUTF8DoesNotRead() {
        #expect(EnforcerMessage(decoding: [0x68, 0x65, 0x6C, 0x6C, 0x6F, 0xFF, 0x0A]) == nil)
    }
}

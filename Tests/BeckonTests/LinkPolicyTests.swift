import Beckon
import Testing

/// The one rule for links: web pages and mail, and mail without attachments.
@Suite struct LinkPolicyTests {
    @Test func onlyWebAndMailSchemesOpenInAnyCase() {
        #expect(LinkPolicy.permitted("https://example.org/terms") == "https://example.org/terms")
        #expect(LinkPolicy.permitted("http://example.org/a?b=c#d") == "http://example.org/a?b=c#d")
        #expect(LinkPolicy.allows("HTTP://example.org"))
        #expect(LinkPolicy.allows("HttpS://example.org"))
        #expect(LinkPolicy.allows("mailto:legal@example.org"))
        #expect(LinkPolicy.allows("MAILTO:legal@example.org"))
        for refused in ["file:///etc/passwd", "FILE:///etc/passwd", "ssh://host", "javascript:alert(1)",
                        "steam://run/1", "x-custom:run", "relative/page.html", "/etc/passwd", "", "mailto",
                        "http://[::1", "mailto://evil.example/x"] {
            #expect(!LinkPolicy.allows(refused), "\(refused)")
        }
    }

    @Test func mailtoKeepsRecipientsAndTheHarmlessFields() {
        #expect(LinkPolicy.permitted("mailto:legal@example.org") == "mailto:legal@example.org")
        #expect(LinkPolicy.permitted("MAILTO:legal@example.org") == "mailto:legal@example.org")
        #expect(LinkPolicy.permitted("mailto:a@example.org,b@example.org?cc=c@example.org&bcc=d@example.org")
            == "mailto:a@example.org,b@example.org?cc=c%40example.org&bcc=d%40example.org")
        #expect(LinkPolicy.permitted("mailto:a@example.org?Subject=Terms%20v2&BODY=Hi%0D%0Athere&In-Reply-To=%3Cid%40x%3E")
            == "mailto:a@example.org?subject=Terms%20v2&body=Hi%0D%0Athere&in-reply-to=%3Cid%40x%3E")
        #expect(LinkPolicy.permitted("mailto:a@example.org?to=b@example.org") == "mailto:a@example.org?to=b%40example.org")
        // '+' is a plus in mailto, not a space as in a form.
        #expect(LinkPolicy.permitted("mailto:a+b@example.org?subject=1+1") == "mailto:a+b@example.org?subject=1%2B1")
    }

    @Test func mailtoDropsAttachmentsAndEveryOtherField() {
        #expect(LinkPolicy.permitted("mailto:a@example.org?attach=/etc/shadow") == "mailto:a@example.org")
        #expect(LinkPolicy.permitted("mailto:a@example.org?subject=x&attach=/etc/shadow&body=y")
            == "mailto:a@example.org?subject=x&body=y")
        #expect(LinkPolicy.permitted("mailto:a@example.org?ATTACH=/etc/shadow&Attachment=/etc/shadow&file=/x&x-foo=1")
            == "mailto:a@example.org")
        #expect(LinkPolicy.permitted("mailto:?attach=/etc/shadow") == "mailto:")
        #expect(LinkPolicy.permitted("MAILTO:?ATTACH=%2Fetc%2Fshadow&subject=s") == "mailto:?subject=s")
    }

    @Test func encodedAndRepeatedFieldsAreJudgedDecoded() {
        // An encoded name is the same field once decoded.
        #expect(LinkPolicy.permitted("mailto:a@example.org?%61ttach=/etc/shadow") == "mailto:a@example.org")
        #expect(LinkPolicy.permitted("mailto:a@example.org?%41TTACH=/etc/shadow") == "mailto:a@example.org")
        // An encoded separator inside a kept value stays inside it.
        #expect(LinkPolicy.permitted("mailto:a@example.org?subject=x%26attach%3D%2Fetc%2Fshadow")
            == "mailto:a@example.org?subject=x%26attach%3D%2Fetc%2Fshadow")
        // Every repeat is judged: none of the attachments survives, every kept field does, in order.
        #expect(LinkPolicy.permitted("mailto:a@example.org?attach=/a&subject=s&attach=/b&to=b@example.org&attach=/c")
            == "mailto:a@example.org?subject=s&to=b%40example.org")
        #expect(LinkPolicy.permitted("mailto:a@example.org?cc=b@example.org&cc=c@example.org")
            == "mailto:a@example.org?cc=b%40example.org&cc=c%40example.org")
        // An encoded '?' in the recipients does not start fields of its own.
        #expect(LinkPolicy.permitted("mailto:a@example.org%3Fattach=/etc/shadow") == "mailto:a@example.org%3Fattach%3D%2Fetc%2Fshadow")
    }

    @Test func aMailtoGLibCannotDecodeIsRefused() {
        #expect(!LinkPolicy.allows("mailto:a@example.org?subject=%zz"))
        #expect(!LinkPolicy.allows("mailto:a@example.org?subject=%00"))
        #expect(!LinkPolicy.allows("mailto:a%00@example.org"))
    }
}

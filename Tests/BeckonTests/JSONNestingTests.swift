import Beckon
import Testing

/// The nesting bound of `JSONValue(parsing:)`: a scan of the bytes before
/// json-glib, whose parser recurses once per level, sees them.
@Suite struct JSONNestingTests {
    func nested(_ depth: Int, open: String = "[", close: String = "]", inner: String = "") -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    func rejected(_ text: String, mentioning words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try JSONValue(parsing: text)
            Issue.record("parsed \(text.prefix(40))…", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message.contains(words), "\(error.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func theCapItselfParses() throws {
        #expect(JSONValue.maximumNestingDepth == 128)
        var value = try JSONValue(parsing: nested(128))
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 128)
        #expect(try JSONValue(parsing: nested(128, open: #"{"a":"#, close: "}", inner: "1"))["a"] != nil)
    }

    @Test func oneLevelMoreIsAnErrorNamingTheCap() {
        rejected(nested(129), mentioning: "nested deeper than 128 levels")
        rejected(nested(129, open: #"{"a":"#, close: "}", inner: "1"), mentioning: "nested deeper than 128")
        // Arrays and objects count together.
        rejected(nested(65, open: #"[{"a":"#, close: "}]", inner: "1"), mentioning: "nested deeper than 128")
    }

    /// What killed every store operation (SIGSEGV in json-glib): 100 KB of brackets.
    @Test func fiftyThousandLevelsAreAnErrorNotACrash() {
        rejected(#"{"format":1,"records":[],"x":"# + nested(50_000) + "}", mentioning: "nested deeper than 128")
        // Unclosed, as a truncated or hostile file would be.
        rejected(String(repeating: "[", count: 50_000), mentioning: "nested deeper than 128")
        rejected(String(repeating: #"{"a":"#, count: 50_000), mentioning: "nested deeper than 128")
    }

    @Test func theErrorSaysWhere() {
        rejected("[\n" + nested(128), mentioning: "<data>:2:128:")
    }

    @Test func bracketsInStringsDoNotCount() throws {
        let brackets = String(repeating: "[{", count: 1_000)
        #expect(try JSONValue(parsing: "[\"\(brackets)\"]") == .array([.string(brackets)]))
        // An escaped quote does not end the string; an escaped backslash does not escape the quote.
        #expect(try JSONValue(parsing: #"["\"[[[["]"#) == .array([.string(#""[[[["#)]))
        #expect(try JSONValue(parsing: #"["\\", "]]]]"]"#) == .array([.string("\\"), .string("]]]]")]))
        rejected(#"["\\", "# + nested(128) + "]", mentioning: "nested deeper than 128")
        rejected(#"["\"", "# + nested(128) + "]", mentioning: "nested deeper than 128")
    }

    @Test func closersBeforeOpenersBuyNoDepth() {
        rejected(String(repeating: "]", count: 200) + nested(129), mentioning: "nested deeper than 128")
    }

    /// json-glib reads 'strings' and /* comments */, which this scan would
    /// take for the inside or the outside of a string: both are refused.
    @Test func singleQuotesAndCommentsCannotHideBrackets() {
        rejected(#"['"', "# + nested(50_000) + "]", mentioning: "not JSON")
        rejected(#"[1, /* " */ "# + nested(50_000) + "]", mentioning: "not JSON")
        rejected("{'k': 1}", mentioning: "unexpected character `''")
        rejected("[1 /* x */, 2]", mentioning: "unexpected character `/'")
        // Inside a string both are text.
        #expect((try? JSONValue(parsing: #"["it's /* not */ a comment"]"#)) == .array([.string("it's /* not */ a comment")]))
    }
}

import Beckon
import Testing

@Suite struct JSONValueTests {
    @Test func roundTripsThroughJSONGLib() throws {
        let value = JSONValue.object([
            ("button", .string("Ja — 是")), ("code", .int(0)), ("ratio", .double(0.5)),
            ("ok", .bool(true)), ("none", .null), ("list", .array([.int(1), .string("a\"b\n")])),
        ])
        let text = value.serialized()
        #expect(!text.contains("\n"))
        #expect(try JSONValue(parsing: text) == value)
        #expect(try JSONValue(parsing: value.serialized(pretty: true)) == value)
    }

    @Test func keysKeepTheirOrder() {
        #expect(JSONValue.object([("b", .int(1)), ("a", .int(2))]).serialized() == #"{"b":1,"a":2}"#)
    }

    @Test func brokenJSONIsAnErrorWithAPosition() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: #"{"a": "#) }
    }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects that ``init(parsing:)`` accepts: 128.
    ///
    /// json-glib's parser recurses once per level, and so does the conversion of
    /// its nodes into a `JSONValue`; 100 KB of `[` (50,000 levels) overflows the
    /// stack and kills the process. 128 levels take a few dozen KiB of stack, well
    /// inside the smallest thread stack (512 KiB), and no JSON Beckon reads or
    /// writes needs more than four (serde_json stops at the same depth).
    public static let maximumNestingDepth = 128

    /// Throws unless `text` nests arrays and objects at most
    /// ``maximumNestingDepth`` deep. One pass over the bytes, before json-glib
    /// sees them: brackets inside double-quoted strings (with their backslash
    /// escapes) do not count. json-glib also reads single-quoted strings and
    /// `/* */` comments, which could hide brackets from this scan, so an
    /// apostrophe or a slash outside a string is refused too: neither is JSON.
    static func checkNesting(_ text: String) throws(JSONParseError) {
        var depth = 0
        var line = 1
        var column = 0
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            column += 1
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 0
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                guard depth <= maximumNestingDepth else {
                    throw JSONParseError(message: "<data>:\(line):\(column): Parse error: arrays and objects "
                                         + "nested deeper than \(maximumNestingDepth) levels")
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                // Never below zero: a stray closer must not pay for later openers.
                depth = max(depth - 1, 0)
            case UInt8(ascii: "'"), UInt8(ascii: "/"):
                throw JSONParseError(message: "<data>:\(line):\(column): Parse error: unexpected character "
                                     + "`\(Character(Unicode.Scalar(byte)))' (a single-quoted string or a comment: not JSON)")
            default:
                break
            }
        }
    }
}

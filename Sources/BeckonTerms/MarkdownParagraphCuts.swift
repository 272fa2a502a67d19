/// Where one long top-level paragraph can be cut, so that libcmark parses it
/// in parts of bounded size.
///
/// ``MarkdownSections`` cuts only between top-level blocks, and one paragraph
/// can be the whole document: a million links in 7 MB of one line made cmark
/// build a tree of four million nodes (580 MiB) before a window could show
/// anything. A paragraph longer than a piece is therefore cut inside:
///
/// - before a letter, a non-ASCII character or a NUL (none of which can
///   start a block, so the part after the cut is parsed as the same
///   paragraph going on) or a `[` (a link), after a single space or newline (the paragraph's
///   own space: the renderer puts it back, as cmark drops a paragraph's
///   trailing space) or between two letters or digits (nothing put back);
/// - never inside brackets, parentheses, a code span, `<…>` or (by the
///   parity of `*` and `_` runs) emphasis, nor after a
///   backslash or within 32 bytes of a `&` (an entity), so links, code and
///   entities stay whole;
/// - only on the paragraph's first lines that cannot end it: a line starting
///   (after any indentation) with `#`, `` ` ``, `~`, `<`, `*`, `-`, `_`, `>`,
///   `+`, `=` or a digit, or a blank line, ends the cutting; what follows is
///   the last part, parsed as before.
///
/// Paragraphs no longer than ``cutAbove`` (all that people write) are not cut, so
/// ordinary terms render exactly as before.
enum MarkdownParagraphCuts {
    /// A place to cut: the byte offset, and what goes between the parts' text.
    struct Cut: Equatable {
        var offset: Int
        /// " " where the cut dropped the paragraph's space; "" between two letters.
        var joiner: String
    }

    /// A block this long or shorter is never cut inside.
    static let cutAbove = 64 * 1024

    /// Cuts inside the paragraph at `start` (0 or a ``MarkdownSections`` cut,
    /// so the start of a top-level block) when the block reaching to `end` is
    /// longer than `laterBytes` and ``cutAbove``: the first part at least `firstBytes` long,
    /// later ones at least `laterBytes`. Empty when the block is no longer,
    /// or not a paragraph.
    static func cuts(_ markdown: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                     firstBytes: Int, laterBytes: Int) -> [Cut] {
        guard end - start > max(laterBytes, cutAbove), startsAParagraph(markdown[start]) else { return [] }
        var cuts: [Cut] = []
        var partStart = start
        var want = firstBytes
        var brackets = 0, parentheses = 0
        var codeTicks = 0 // the length of the backtick run that opened a code span; 0 outside one
        var inAngle = false
        var emphasis = 0 // flanking runs of `*` or `_` seen: odd while one may be open
        var lastAmpersand = Int.min / 2
        var index = start
        while index < end {
            let byte = markdown[index]
            switch byte {
            case 0x5C: // a backslash escapes the byte after it
                index += 2
                continue
            case 0x60: // a run of backticks opens or closes a code span
                var run = 0
                while index < end && markdown[index] == 0x60 { run += 1; index += 1 }
                if codeTicks == 0 { codeTicks = run } else if run == codeTicks { codeTicks = 0 }
                continue
            case 0x0A:
                if !continuesParagraph(markdown, lineAt: index + 1, end: end) { return cuts }
            default:
                break
            }
            // Whether a cut may go before `index`.
            if index - partStart >= want, index >= start + 2, brackets == 0, parentheses == 0, codeTicks == 0,
               !inAngle, emphasis % 2 == 0, startsAParagraph(byte) {
                let before = markdown[index - 1], twoBefore = markdown[index - 2]
                var joiner: String?
                if (before == 0x20 || before == 0x0A) && !isSpace(twoBefore) && twoBefore != 0x5C {
                    joiner = " "
                } else if isWordByte(before) && startsText(byte) && index - lastAmpersand > 32 {
                    joiner = ""
                }
                if let joiner {
                    cuts.append(Cut(offset: index, joiner: joiner))
                    partStart = index
                    want = laterBytes
                }
            }
            if codeTicks == 0 {
                switch byte {
                case 0x5B: brackets += 1
                case 0x5D: brackets = max(brackets - 1, 0)
                case 0x28: parentheses += 1
                case 0x29: parentheses = max(parentheses - 1, 0)
                case 0x3C: // an autolink or a tag; "a < b" is text
                    if index + 1 < end {
                        let next = markdown[index + 1]
                        inAngle = inAngle || startsText(next) || next == 0x2F || next == 0x21 || next == 0x3F
                    }
                case 0x3E: inAngle = false
                case 0x26: lastAmpersand = index
                case 0x2A, 0x5F:
                    // A run next to a non-space on either side may open or close emphasis.
                    let before = index > start ? markdown[index - 1] : 0x20
                    var after = index
                    while after < end && markdown[after] == byte { after += 1 }
                    let next = after < end ? markdown[after] : 0x20
                    if !isSpace(before) || !isSpace(next) { emphasis += 1 }
                    index = after
                    continue
                default: break
                }
            }
            index += 1
        }
        return cuts
    }

    /// A byte that starts a paragraph at the top level: a letter, a
    /// non-ASCII character, a NUL, or `[` (a link; ``MarkdownSections`` cuts
    /// nothing with a reference definition in it).
    private static func startsAParagraph(_ byte: UInt8) -> Bool {
        startsText(byte) || byte == 0x5B
    }

    /// A byte that starts a character that is only text: an ASCII letter, the
    /// first byte of a non-ASCII character, or NUL (shown as U+FFFD).
    private static func startsText(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0xC0 || byte == 0
    }

    /// The last byte of a letter, digit, NUL or non-ASCII character.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80 || byte == 0
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether the line at `lineStart` can only go on with the paragraph:
    /// not blank, and not starting with anything that could end it.
    private static func continuesParagraph(_ markdown: UnsafeBufferPointer<UInt8>, lineAt lineStart: Int,
                                           end: Int) -> Bool {
        var index = lineStart
        while index < end && (markdown[index] == 0x20 || markdown[index] == 0x09) { index += 1 }
        guard index < end else { return false }
        let byte = markdown[index]
        if byte == 0x0A || byte == 0x0D || (byte >= 0x30 && byte <= 0x39) { return false }
        return !"#`~<*-_>+=".utf8.contains(byte)
    }
}

/// Where long Markdown can be cut into pieces that libcmark renders alone
/// exactly as it renders them within the whole.
///
/// A cut goes before a line that starts, unindented, with a letter or `#`
/// right after a blank line, outside any fenced code: there cmark closes every
/// open block (a paragraph, list, quote or indented code) and starts a new
/// top-level one. Lines starting with a digit, `-`, `+`, `*`, `>`, `<`, `[`,
/// a space or a tab could continue a list or quote, so they are never cut
/// before. Markdown whose meaning can reach across a cut is never cut at all:
/// link reference definitions (used anywhere; any "]:" counts) and the HTML blocks that span
/// blank lines (comments, `<script>`, `<pre>`, `<style>`, `<textarea>`,
/// `<?…?>`, `<!…>`).
import Glibc

package enum MarkdownSections {
    /// Byte offsets to cut `markdown` at, in order: the first piece about
    /// `firstBytes` long, the others about `laterBytes`. Empty when it is short
    /// or must not be cut.
    static func cuts(_ markdown: UnsafeBufferPointer<UInt8>, firstBytes: Int, laterBytes: Int) -> [Int] {
        guard canCut(markdown) else { return [] }
        var cuts: [Int] = []
        while let cut = nextCut(markdown, after: cuts.last ?? 0, atLeast: cuts.isEmpty ? firstBytes : laterBytes) {
            cuts.append(cut)
        }
        return cuts
    }

    /// Whether `markdown` may be cut at all: nothing in it reaches across blocks.
    package static func canCut(_ markdown: UnsafeBufferPointer<UInt8>) -> Bool {
        !reachesAcrossBlocks(markdown)
    }

    /// The first place to cut at least `length` bytes after `start` (itself
    /// 0 or a cut, so outside any code fence), or nil when there is none.
    package static func nextCut(_ markdown: UnsafeBufferPointer<UInt8>, after start: Int, atLeast length: Int) -> Int? {
        var previousBlank = false
        var fence: (byte: UInt8, length: Int)?
        var lineStart = start
        while lineStart < markdown.count {
            var lineEnd = markdown.count
            if let base = markdown.baseAddress, let found = memchr(base + lineStart, 0x0A, markdown.count - lineStart) {
                lineEnd = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            }
            let line = UnsafeBufferPointer(rebasing: markdown[lineStart..<lineEnd])
            if let open = fence {
                if let marker = fenceMarker(line), marker.byte == open.byte, marker.length >= open.length,
                   marker.restIsBlank { fence = nil }
            } else if let marker = fenceMarker(line) {
                fence = (marker.byte, marker.length)
            } else if previousBlank, lineStart - start >= length, let first = line.first, startsABlock(first) {
                return lineStart
            }
            previousBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            lineStart = lineEnd + 1
        }
        return nil
    }

    /// A letter (ASCII or not) or `#`: a line that, unindented after a blank
    /// line, can only start a new top-level block.
    private static func startsABlock(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "#") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte >= 0x80
    }

    /// A code fence (three or more backticks or tildes after any indentation:
    /// deeper ones inside list items count too, which only cuts less).
    private static func fenceMarker(_ line: UnsafeBufferPointer<UInt8>)
        -> (byte: UInt8, length: Int, restIsBlank: Bool)?
    {
        guard let start = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        let byte = line[start]
        guard byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") else { return nil }
        var end = start
        while end < line.count && line[end] == byte { end += 1 }
        guard end - start >= 3 else { return nil }
        let restIsBlank = line[end...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        return (byte, end - start, restIsBlank)
    }

    /// Whether `markdown` has something whose meaning crosses blocks: a link
    /// reference definition, or an HTML block that blank lines do not end.
    private static func reachesAcrossBlocks(_ markdown: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = markdown.baseAddress else { return false }
        // memchr finds the few "]" and "<" in megabytes at memory speed.
        func each(_ byte: UInt8, _ body: (Int) -> Bool) -> Bool {
            var index = 0
            while index < markdown.count, let found = memchr(base + index, Int32(byte), markdown.count - index) {
                let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                if body(at) { return true }
                index = at + 1
            }
            return false
        }
        let next = { (at: Int) -> UInt8 in at + 1 < markdown.count ? markdown[at + 1] : 0 }
        // Every reference definition has "]:"; prose rarely does.
        if each(UInt8(ascii: "]"), { next($0) == UInt8(ascii: ":") }) { return true }
        return each(UInt8(ascii: "<")) { at in
            next(at) == UInt8(ascii: "!") || next(at) == UInt8(ascii: "?")
                || ["script", "pre", "style", "textarea"].contains { matches(markdown, at: at + 1, $0) }
        }
    }

    /// Whether `word` (lowercase ASCII) is at `offset`, in any case.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ word: String) -> Bool {
        var index = offset
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] | 0x20 == expected else { return false }
            index += 1
        }
        return true
    }
}

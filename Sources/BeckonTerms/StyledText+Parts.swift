import BeckonCore

/// Rendered text in parts of bounded size, cut between lines.
///
/// The renderer hands text over a top-level block at a time, and a block can
/// be the whole document: one paragraph of 10 MB, a million links in one
/// list. A window pages long terms by such pieces (``TermsPages``), so a
/// piece that large would be one page of 10 MB, laid out whole. Cut into
/// parts between lines (which ``boundingLines()`` keeps short), every page
/// is bounded, and each line keeps its styles, so the text looks the same.
extension StyledText {
    /// This text in consecutive parts of at least `bytes` bytes (the last one
    /// may be shorter), each ending after a newline; ``append(piece:)`` of
    /// them in order gives this text back. Spans and links are clipped to
    /// each part, and keep their order. The text itself when it is no longer.
    public func parts(ofAtLeast bytes: Int) -> [StyledText] {
        let ends = partEnds(bytes)
        guard ends.count > 1 else { return [self] }

        var parts: [StyledText] = []
        parts.reserveCapacity(ends.count)
        var startByte = 0
        var startCharacters: [Int] = [] // the character offset each part starts at
        var characters = 0
        utf8.withUnsafeBufferPointer { all in
            for end in ends {
                var part = StyledText()
                let slice = UnsafeBufferPointer(rebasing: all[startByte..<end])
                part.append(bytes: slice)
                startCharacters.append(characters)
                characters += part.characterCount
                parts.append(part)
                startByte = end
            }
        }
        let bounds = startCharacters + [characters]

        /// The parts `range` overlaps, and `range` in each, from its start.
        func clips(_ range: Range<Int>) -> [(part: Int, range: Range<Int>)] {
            var low = 0, high = parts.count // the last part starting at or before range.lowerBound
            while low + 1 < high {
                let mid = (low + high) / 2
                if bounds[mid] <= range.lowerBound { low = mid } else { high = mid }
            }
            var result: [(part: Int, range: Range<Int>)] = []
            var part = low
            while part < parts.count && bounds[part] < range.upperBound {
                let lower = max(range.lowerBound, bounds[part]), upper = min(range.upperBound, bounds[part + 1])
                if lower < upper { result.append((part, (lower - bounds[part])..<(upper - bounds[part]))) }
                part += 1
            }
            return result
        }
        for span in spans {
            for clip in clips(span.range) { parts[clip.part].spans.append(.init(range: clip.range, style: span.style)) }
        }
        for link in links {
            for clip in clips(link.range) { parts[clip.part].links.append(.init(range: clip.range, url: link.url)) }
        }
        return parts
    }

    /// The byte offsets where each part ends: after the first newline at
    /// least `bytes` bytes into it, and at the end of the text.
    private func partEnds(_ bytes: Int) -> [Int] {
        var ends: [Int] = []
        var start = 0
        utf8.withUnsafeBufferPointer { all in
            while all.count - start > bytes {
                var index = start + max(bytes, 1) - 1
                while index < all.count && all[index] != 0x0A { index += 1 }
                guard index + 1 < all.count else { break }
                ends.append(index + 1)
                start = index + 1
            }
        }
        ends.append(utf8.count)
        return ends
    }
}

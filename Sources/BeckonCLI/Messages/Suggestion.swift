/// "Did you mean …?" for a misspelt option or subcommand: the declared names
/// closest to what was typed, by edit distance, and only when they are close.
///
/// A typo is one or two keys off (`--qestion`, `--widht`, `term`); a name
/// further away is more likely a different word than a slip, and a wrong
/// guess would mislead, so nothing is suggested then.
enum Suggestion {
    /// The names in `candidates` nearest to `typed` (case-insensitively), in
    /// `candidates`' order; empty when none is close enough. Ties are all
    /// returned, up to three, so that no one guess is made up.
    static func nearest(to typed: String, in candidates: some Sequence<String>) -> [String] {
        let typedCharacters = Array(typed.lowercased())
        guard !typedCharacters.isEmpty else { return [] }
        let limit = allowedDistance(forLength: typedCharacters.count)
        var best = limit + 1
        var found: [String] = []
        for candidate in candidates where candidate != typed {
            let distance = Self.distance(typedCharacters, Array(candidate.lowercased()), atMost: limit)
            if distance > limit { continue }
            if distance < best {
                best = distance
                found = [candidate]
            } else if distance == best, !found.contains(candidate) {
                found.append(candidate)
            }
        }
        return Array(found.prefix(3))
    }

    /// How many edits still count as a slip: one in a short name, where two
    /// would turn most names into most others (`--tty` and `--try`), and two
    /// from six characters on.
    static func allowedDistance(forLength length: Int) -> Int {
        length < 6 ? 1 : 2
    }

    /// The optimal-string-alignment distance: insertions, deletions,
    /// substitutions and swaps of neighbours each count one, since a swap
    /// (`--widht`) is as common a slip as a wrong key. Stops early, returning
    /// `atMost + 1`, once every alignment costs more than `atMost`.
    static func distance(_ a: [Character], _ b: [Character], atMost: Int = .max) -> Int {
        if abs(a.count - b.count) > atMost { return atMost + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousRow: [Int] = []
        var row = Array(0...b.count)
        for i in 1...a.count {
            let beforeRow = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: b.count)
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforeRow[j - 2] + 1)
                }
                row[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > atMost { return atMost + 1 }
        }
        return row[b.count]
    }

    /// The words after a message: ` Did you mean --question?`, or
    /// ` Did you mean --info or --entry?`; empty when there is no suggestion.
    static func phrase(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        let listed = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
        return " Did you mean \(listed)?"
    }
}

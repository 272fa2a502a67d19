/// A named set of shell patterns a file dialog offers to narrow what it shows.
public struct FileFilter: Sendable, Hashable {
    /// The name the dialog's filter menu shows.
    public var name: String
    /// Shell patterns ("*.png"); a file matching any one of them shows.
    public var patterns: [String]

    public init(name: String, patterns: [String]) {
        self.name = name
        self.patterns = patterns
    }

    /// zenity's `--file-filter` text: "NAME | PATTERN PATTERN…", the name
    /// trimmed, the patterns split on spaces; without '|' the whole text is
    /// both the name and the patterns.
    public init(zenity text: String) {
        if let bar = text.firstIndex(of: "|") {
            name = String(text[..<bar]).trimmingASCIISpaces
            patterns = Self.split(text[text.index(after: bar)...])
        } else {
            name = text.trimmingASCIISpaces
            patterns = Self.split(Substring(text))
        }
    }

    /// zenity splits on single spaces (g_strsplit_set); the empty pieces
    /// between two spaces match no file, so they are dropped.
    private static func split(_ text: Substring) -> [String] {
        text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
}

extension String {
    /// g_strstrip: without leading and trailing ASCII white space.
    var trimmingASCIISpaces: String {
        let isSpace: (Character) -> Bool = { [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"].contains($0) }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

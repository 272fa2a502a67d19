import Glibc

/// `LANGUAGE` held to what a person can prefer: its first ``mostEntries``
/// entries and ``mostBytes`` bytes. GLib expands every entry into its variants
/// (`g_get_language_names`), and each look-up of a localized key or message
/// walks them all: with 1,000 entries `beckon terms --status --managed` took
/// four minutes, on a variable any process of the user sets before a login
/// gate runs (issue 32). Nobody lists more than a handful of languages.
enum LanguagePreference {
    static let mostEntries = 16
    static let mostBytes = 512

    /// Cuts `LANGUAGE` in this process's environment, before GLib, GTK or
    /// gettext reads it; leaves a short one as it is.
    static func bound() {
        guard let value = getenv("LANGUAGE").map({ String(cString: $0) }),
              let bounded = bounded(value), bounded != value else { return }
        setenv("LANGUAGE", bounded, 1)
    }

    /// `value` with at most ``mostEntries`` entries and ``mostBytes`` bytes, cut at
    /// a colon (an entry is kept whole or dropped); nil when nothing is left.
    static func bounded(_ value: String) -> String? {
        var kept: [Substring] = []
        var bytes = 0
        for entry in value.split(separator: ":", omittingEmptySubsequences: true) {
            let added = entry.utf8.count + (kept.isEmpty ? 0 : 1)
            guard kept.count < mostEntries, bytes + added <= mostBytes else { break }
            kept.append(entry)
            bytes += added
        }
        return kept.isEmpty ? nil : kept.joined(separator: ":")
    }
}

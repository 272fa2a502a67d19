import BeckonCore
import CGtk

/// zenity's treatment of `--text`: GLib escapes, then Pango markup.
enum ZenityText {
    /// Expands `\n`, `\t`, `\\`, octal `\NNN` and the rest of GLib's escapes,
    /// with `g_strcompress`, exactly as zenity does for markup text.
    static func compress(_ text: String) -> String {
        guard let compressed = g_strcompress(text) else { return text }
        defer { g_free(compressed) }
        return String(cString: compressed)
    }

    /// `text` as markup that shows it literally. GtkMessageDialog sets plain
    /// primary text in bold, which zenity's dialogs never do; escaped markup
    /// shows the same characters in zenity's regular weight.
    static func literalMarkup(_ text: String) -> DialogText {
        guard let escaped = g_markup_escape_text(text, -1) else { return .plain(text) }
        defer { g_free(escaped) }
        return .markup(String(cString: escaped))
    }

    /// Why `text` is not markup a GtkLabel shows, or nil when it is: Pango
    /// markup plus GtkLabel's own `<a href="…">` links, which zenity's labels
    /// show as links too.
    static func markupError(_ text: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        if pango_parse_markup(withoutLinks(text), -1, 0, nil, nil, nil, &error) != 0 { return nil }
        defer { if error != nil { g_error_free(error) } }
        guard let message = error?.pointee.message else { return "invalid markup" }
        return String(cString: message)
    }

    /// `text` without its `<a …>` and `</a>` tags, which GtkLabel takes out
    /// before Pango sees the rest; their attributes are left for GtkLabel to judge.
    /// Pieces are added with String's own `append(contentsOf: Substring)`:
    /// `+` and `+=` of a Substring run the stdlib's unspecialised generic
    /// append, whose first call has the runtime scan every protocol
    /// conformance in the executable (docs/performance-notes.md, issue 36).
    static func withoutLinks(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            result.append(contentsOf: rest[..<open])
            let tag = rest[open...]
            let isLink = tag.hasPrefix("</a>") || (tag.hasPrefix("<a") && tag.dropFirst(2).first.map { $0 == ">" || $0.isWhitespace } == true)
            if isLink, let close = tag.firstIndex(of: ">") {
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("<")
                rest = rest[rest.index(after: open)...]
            }
        }
        result.append(contentsOf: rest)
        return result
    }
}

import BeckonTerms
import CGtk

/// Markdown as Pango markup, for the short texts a label shows (the info box,
/// the help): the renderer's styles as Pango's tags, links as `<a>`, which a
/// GtkLabel opens and a screen reader announces as links.
enum LiveDialogMarkup {
    /// Beyond this many characters, the text is shown plain: a label is no
    /// place for a document, and each style boundary costs a pass over the spans.
    static let styledCharacters = 16 * 1024

    static func pango(fromMarkdown markdown: String) -> String {
        let styled = MarkdownRenderer.render(markdown)
        let scalars = Array(styled.text.unicodeScalars)
        guard scalars.count <= styledCharacters else { return escape(String(String.UnicodeScalarView(scalars))) }
        var bounds = Set([0, scalars.count])
        for span in styled.spans where tag(span.style) != nil {
            bounds.insert(span.range.lowerBound)
            bounds.insert(span.range.upperBound)
        }
        for link in styled.links {
            bounds.insert(link.range.lowerBound)
            bounds.insert(link.range.upperBound)
        }
        let cuts = bounds.filter { $0 >= 0 && $0 <= scalars.count }.sorted()
        var markup = ""
        for (start, end) in zip(cuts, cuts.dropFirst()) where start < end {
            var text = escape(String(String.UnicodeScalarView(scalars[start..<end])))
            for span in styled.spans where span.range.lowerBound <= start && span.range.upperBound >= end {
                if let (open, close) = tag(span.style) { text = open + text + close }
            }
            if let link = styled.links.first(where: { $0.range.lowerBound <= start && $0.range.upperBound >= end }) {
                text = "<a href=\"\(escape(link.url))\">" + text + "</a>"
            }
            markup += text
        }
        return markup.hasSuffix("\n") ? String(markup.dropLast()) : markup
    }

    private static func tag(_ style: TextStyle) -> (String, String)? {
        switch style {
        case .strong: ("<b>", "</b>")
        case .emphasis: ("<i>", "</i>")
        case .code, .codeBlock: ("<tt>", "</tt>")
        case .heading: ("<b><big>", "</big></b>")
        default: nil
        }
    }

    /// `text` with Pango markup's special characters escaped.
    static func escape(_ text: String) -> String {
        let escaped = g_markup_escape_text(text, -1)!
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}

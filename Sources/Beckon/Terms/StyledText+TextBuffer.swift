import CBeckonShim
import CGtk

/// Puts styled text into a GtkTextBuffer: the text in one insert, then one tag
/// per style over its ranges. One insert of the whole text is what keeps a
/// megabyte of terms fast to load.
@GtkActor
struct TextBufferFiller {
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private var tags: [TextStyle: UnsafeMutablePointer<GtkTextTag>] = [:]
    /// The tag every link carries; clicks on it are looked up in ``StyledText/links``.
    private(set) var linkTag: UnsafeMutablePointer<GtkTextTag>

    init(buffer: UnsafeMutablePointer<GtkTextBuffer>) {
        self.buffer = buffer
        // Later tags take priority: paragraph looks first, then inline ones,
        // then links, so link colour wins inside a quote.
        let fixed: [TextStyle] = [.quote, .rule, .codeBlock]
            + (1...6).map(TextStyle.heading) + [.strong, .emphasis, .code, .link]
        for style in fixed { tags[style] = Self.makeTag(buffer, style) }
        linkTag = tags[.link]!
    }

    /// Appends `text` at the end of the buffer with its styles.
    mutating func fill(with text: StyledText) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &iter)
        let base = gtk_text_iter_get_offset(&iter)
        text.utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                gtk_text_buffer_insert(buffer, &iter, $0.baseAddress, gint($0.count))
            }
        }
        var start = GtkTextIter(), end = GtkTextIter()
        for span in text.spans {
            let tag = tag(for: span.style)
            gtk_text_buffer_get_iter_at_offset(buffer, &start, base + gint(span.range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &end, base + gint(span.range.upperBound))
            gtk_text_buffer_apply_tag(buffer, tag, &start, &end)
        }
    }

    private mutating func tag(for style: TextStyle) -> UnsafeMutablePointer<GtkTextTag> {
        if let tag = tags[style] { return tag }
        let tag = Self.makeTag(buffer, style)
        tags[style] = tag
        return tag
    }

    /// How each style looks. Colours are translucent or mid-grey so they read
    /// on light and dark themes alike.
    private static func makeTag(_ buffer: UnsafeMutablePointer<GtkTextBuffer>, _ style: TextStyle)
        -> UnsafeMutablePointer<GtkTextTag>
    {
        let tag = beckon_terms_tag_new(buffer, nil)!
        let bold = Int32(PANGO_WEIGHT_BOLD.rawValue)
        switch style {
        case .heading(let level):
            beckon_terms_tag_set_int(tag, "weight", bold)
            beckon_terms_tag_set_double(tag, "scale", [1.6, 1.35, 1.2, 1.1, 1.0, 1.0][level - 1])
            beckon_terms_tag_set_int(tag, "pixels-above-lines", 4)
        case .emphasis:
            beckon_terms_tag_set_int(tag, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
        case .strong:
            beckon_terms_tag_set_int(tag, "weight", bold)
        case .code:
            beckon_terms_tag_set_string(tag, "family", "monospace")
            beckon_terms_tag_set_string(tag, "background", "rgba(127,127,127,0.18)")
        case .codeBlock:
            beckon_terms_tag_set_string(tag, "family", "monospace")
            beckon_terms_tag_set_string(tag, "paragraph-background", "rgba(127,127,127,0.14)")
            beckon_terms_tag_set_int(tag, "wrap-mode", Int32(GTK_WRAP_CHAR.rawValue))
        case .quote:
            beckon_terms_tag_set_string(tag, "foreground", "#77767b")
            beckon_terms_tag_set_int(tag, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
        case .indent(let level):
            beckon_terms_tag_set_int(tag, "left-margin", Int32(clamping: 12 + 24 * level))
        case .bullet(let level):
            // The bullet hangs left of the margin, so wrapped lines align with
            // the item's text rather than with its bullet.
            beckon_terms_tag_set_int(tag, "left-margin", Int32(clamping: 12 + 24 * level))
            beckon_terms_tag_set_int(tag, "indent", -18)
        case .link:
            beckon_terms_tag_set_string(tag, "foreground", "#3584e4")
            beckon_terms_tag_set_int(tag, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue))
        case .rule:
            beckon_terms_tag_set_int(tag, "justification", Int32(GTK_JUSTIFY_CENTER.rawValue))
            beckon_terms_tag_set_string(tag, "foreground", "#9a9996")
        }
        return tag
    }
}

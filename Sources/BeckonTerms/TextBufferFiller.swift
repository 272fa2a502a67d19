import BeckonCore
import CBeckonShim
import CGtk

/// Puts styled text into an empty GtkTextBuffer, a chunk at a time: each
/// chunk is inserted whole and then tagged, one tag per style.
///
/// The text comes in pieces (``PreparedTerms`` renders long terms a section
/// at a time), each with offsets from its own start. The window shows once
/// the first chunk (the first screens) is in; the rest follows in idle steps,
/// so megabytes of terms do not hold back the first paint. Whole inserts and
/// merged spans keep each step cheap.
@GtkActor
final class TextBufferFiller {
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private var tags: [TextStyle: UnsafeMutablePointer<GtkTextTag>] = [:]
    /// The tag every link carries; clicks on it are looked up in ``links``.
    private(set) var linkTag: UnsafeMutablePointer<GtkTextTag>
    /// The link targets of the text inserted so far, in buffer offsets.
    private(set) var links = StyledText()

    /// Pieces waiting their turn, and whether more will come.
    private var waiting: [StyledText] = []
    private var expectsMore = true
    /// The piece being inserted, and where it starts in the buffer.
    private var piece = StyledText()
    private var pieceStart = 0
    /// Its spans in text order, and the next one due.
    private var spans: [StyledText.Span] = []
    private var nextSpan = 0
    /// Parts of spans that run past the end of the text inserted so far.
    private var carried: [StyledText.Span] = []
    /// How much of the piece is in the buffer.
    private var insertedBytes = 0
    private var insertedCharacters = 0

    /// Whether all the text and its styles are in the buffer.
    var isComplete: Bool { !expectsMore && waiting.isEmpty && insertedBytes == piece.utf8.count }

    /// Whether text is waiting to be inserted.
    var hasWaitingText: Bool { insertedBytes < piece.utf8.count || !waiting.isEmpty }

    /// A filler of `buffer` for `text`, whole.
    convenience init(buffer: UnsafeMutablePointer<GtkTextBuffer>, text: StyledText) {
        self.init(buffer: buffer)
        add([text], isLast: true)
    }

    /// A filler of `buffer` whose text comes with ``add(_:isLast:)``.
    init(buffer: UnsafeMutablePointer<GtkTextBuffer>) {
        self.buffer = buffer
        // Later tags take priority: paragraph looks first, then inline ones,
        // then links, so link colour wins inside a quote.
        let fixed: [TextStyle] = [.quote, .rule, .codeBlock]
            + (1...6).map(TextStyle.heading) + [.strong, .emphasis, .code, .link]
        for style in fixed { tags[style] = Self.makeTag(buffer, style) }
        linkTag = tags[.link]!
    }

    /// Queues `pieces` after the text already given; `isLast` when no more will come.
    func add(_ pieces: [StyledText], isLast: Bool) {
        waiting.append(contentsOf: pieces)
        if isLast { expectsMore = false }
    }

    /// Empties the buffer and forgets the text given so far, keeping the tags
    /// (and so the link tag a view watches): the buffer is ready for another page.
    func clear() {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_delete(buffer, &start, &end)
        links = StyledText()
        waiting = []
        expectsMore = true
        piece = StyledText()
        pieceStart = 0
        spans = []
        nextSpan = 0
        carried = []
        insertedBytes = 0
        insertedCharacters = 0
    }

    /// Appends the next `bytes` or so of text (up to the end of a line) with
    /// its styles; returns whether everything is in.
    @discardableResult
    func fillNext(bytes: Int) -> Bool {
        var budget = bytes
        while budget > 0 {
            if insertedBytes == piece.utf8.count {
                guard !waiting.isEmpty else { break }
                start(waiting.removeFirst())
                continue
            }
            budget -= insertChunk(bytes: budget)
        }
        return isComplete
    }

    /// Makes `next` the piece being inserted, after the one before.
    private func start(_ next: StyledText) {
        pieceStart += piece.characterCount
        piece = next
        // Spans must come in text order; merged ones (as PreparedTerms makes) do.
        let ordered = zip(next.spans, next.spans.dropFirst()).allSatisfy { $0.range.lowerBound <= $1.range.lowerBound }
        spans = ordered ? next.spans : next.mergingSpans().spans
        nextSpan = 0
        carried = []
        insertedBytes = 0
        insertedCharacters = 0
        let base = pieceStart
        links.links.append(contentsOf: next.links.map { .init(range: $0.range.shifted(by: base), url: $0.url) })
    }

    /// Inserts about `bytes` of the current piece; returns how many it inserted.
    private func insertChunk(bytes: Int) -> Int {
        let utf8 = piece.utf8
        var end = min(insertedBytes + bytes, utf8.count)
        while end < utf8.count && utf8[end - 1] != 0x0A { end += 1 } // whole lines
        var characters = 0
        for index in insertedBytes..<end where utf8[index] & 0xC0 != 0x80 { characters += 1 }

        var iter = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &iter)
        utf8.withUnsafeBufferPointer { all in
            UnsafeRawPointer(all.baseAddress! + insertedBytes).withMemoryRebound(to: CChar.self, capacity: end - insertedBytes) {
                gtk_text_buffer_insert(buffer, &iter, $0, gint(end - insertedBytes))
            }
        }
        let inserted = end - insertedBytes
        insertedBytes = end
        insertedCharacters += characters

        let limit = insertedCharacters
        var due = carried
        carried.removeAll()
        while nextSpan < spans.count, spans[nextSpan].range.lowerBound < limit {
            due.append(spans[nextSpan])
            nextSpan += 1
        }
        var start = GtkTextIter(), stop = GtkTextIter()
        for span in due {
            let upper = min(span.range.upperBound, limit)
            gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(pieceStart + span.range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &stop, gint(pieceStart + upper))
            gtk_text_buffer_apply_tag(buffer, tag(for: span.style), &start, &stop)
            if span.range.upperBound > limit {
                carried.append(.init(range: limit..<span.range.upperBound, style: span.style))
            }
        }
        if insertedBytes == utf8.count {
            // Done with this piece: its text lives in the buffer now, not twice.
            // (Its character count stays: the next piece starts after it.)
            piece.utf8 = []
            piece.spans = []
            piece.links = []
            spans = []
            insertedBytes = 0
        }
        return max(inserted, 1)
    }

    private func tag(for style: TextStyle) -> UnsafeMutablePointer<GtkTextTag> {
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
        let tag = beckon_text_tag_new(buffer, nil)!
        let bold = Int32(PANGO_WEIGHT_BOLD.rawValue)
        switch style {
        case .heading(let level):
            beckon_text_tag_set_int(tag, "weight", bold)
            beckon_text_tag_set_double(tag, "scale", [1.6, 1.35, 1.2, 1.1, 1.0, 1.0][level - 1])
            beckon_text_tag_set_int(tag, "pixels-above-lines", 4)
        case .emphasis:
            beckon_text_tag_set_int(tag, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
        case .strong:
            beckon_text_tag_set_int(tag, "weight", bold)
        case .code:
            beckon_text_tag_set_string(tag, "family", "monospace")
            beckon_text_tag_set_string(tag, "background", "rgba(127,127,127,0.18)")
        case .codeBlock:
            beckon_text_tag_set_string(tag, "family", "monospace")
            beckon_text_tag_set_string(tag, "paragraph-background", "rgba(127,127,127,0.14)")
            // Lines as written, never wrapped: wrapping by character cut
            // `--version` into `-` and `-version`, and wrapping by word still
            // breaks after a hyphen or a slash (Pango's line-break rules). GTK 3's
            // tags cannot forbid those breaks (no "allow-breaks" before GTK 4),
            // and a joiner in the text would be copied with it. A line wider
            // than the window scrolls sideways (the scrolled window's policy),
            // as code does on the web; StyledText.boundingLines keeps it finite.
            beckon_text_tag_set_int(tag, "wrap-mode", Int32(GTK_WRAP_NONE.rawValue))
        case .quote:
            beckon_text_tag_set_string(tag, "foreground", "#77767b")
            beckon_text_tag_set_int(tag, "style", Int32(PANGO_STYLE_ITALIC.rawValue))
        case .indent(let level):
            beckon_text_tag_set_int(tag, "left-margin", Int32(clamping: 12 + 24 * level))
        case .bullet(let level):
            // The bullet hangs left of the margin, so wrapped lines align with
            // the item's text rather than with its bullet.
            beckon_text_tag_set_int(tag, "left-margin", Int32(clamping: 12 + 24 * level))
            beckon_text_tag_set_int(tag, "indent", -18)
        case .link:
            beckon_text_tag_set_string(tag, "foreground", "#3584e4")
            beckon_text_tag_set_int(tag, "underline", Int32(PANGO_UNDERLINE_SINGLE.rawValue))
        case .rule:
            beckon_text_tag_set_int(tag, "justification", Int32(GTK_JUSTIFY_CENTER.rawValue))
            beckon_text_tag_set_string(tag, "foreground", "#9a9996")
        case .changeMark:
            beckon_text_tag_set_int(tag, "weight", bold)
            beckon_text_tag_set_string(tag, "background", "rgba(229,165,10,0.45)")
        }
        return tag
    }
}

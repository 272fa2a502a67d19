import BeckonCore

/// Rendered terms grouped into pages, for a window that shows one page at a time.
///
/// GtkTextView lays out every line of its buffer before it knows its height,
/// in idle steps of 2000 lines that hold GTK's loop for a second or more; on
/// megabytes of terms that delays every key (the end that unlocks Accept
/// among them) and keeps tens of megabytes of layout alive. Long terms are
/// therefore shown a page at a time: the buffer holds one page, so its layout,
/// and the memory it takes, is bounded whatever the length of the terms.
///
/// Pages are made of whole rendered pieces (``PreparedTerms`` cuts them where
/// CommonMark starts a new top-level block, and cuts a block of more than
/// 128 KiB between its lines), so a page looks exactly as it does within the
/// whole, and holds at most a few hundred kilobytes. Terms up to
/// ``pagedAbove`` are one page, as before.
struct TermsPages {
    /// Markdown up to this many bytes is shown whole, on one page.
    static let pagedAbove = 512 * 1024
    /// A page ends after the piece that brings it to this many bytes of text.
    static let pageBytes = 96 * 1024

    /// Whether the terms are long enough to be shown a page at a time.
    let isPaged: Bool
    /// The pieces of each page, in order; the last one may still grow.
    private(set) var pages: [[StyledText]] = [[]]
    /// Bytes of text on the last page.
    private var lastPageBytes = 0
    /// Whether every piece has come: the page count is final.
    private(set) var isFinished = false

    /// Pages for terms of `markdownBytes` bytes of Markdown.
    init(markdownBytes: Int) {
        isPaged = markdownBytes > Self.pagedAbove
    }

    /// Pages for terms given in full, at once (tests).
    init(markdownBytes: Int, pieces: [StyledText]) {
        self.init(markdownBytes: markdownBytes)
        add(pieces, isLast: true)
    }

    /// How many pages there are so far.
    var count: Int { pages.count }

    /// Adds rendered `pieces` after those before; `isLast` when no more will come.
    mutating func add(_ pieces: [StyledText], isLast: Bool) {
        for piece in pieces {
            if isPaged && lastPageBytes >= Self.pageBytes {
                pages.append([])
                lastPageBytes = 0
            }
            pages[pages.count - 1].append(piece)
            lastPageBytes += piece.utf8.count
        }
        if isLast { isFinished = true }
    }

    /// The pieces of page `index` (from 0) so far.
    func pieces(ofPage index: Int) -> [StyledText] {
        pages.indices.contains(index) ? pages[index] : []
    }

    /// Whether page `index` has all its pieces: a later page has started, or all came.
    func isComplete(_ index: Int) -> Bool {
        index < pages.count - 1 || (index == pages.count - 1 && isFinished)
    }

    /// Whether page `index` is the end of the terms.
    func isLastPage(_ index: Int) -> Bool {
        isFinished && index == pages.count - 1
    }
}

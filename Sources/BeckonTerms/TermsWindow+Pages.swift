import BeckonCore
import CBeckonShim
import CGtk

/// Long terms a page at a time (see ``TermsPages``): the page bar, the page
/// keys, and turning pages. Accept's condition is met only at the last page's end
/// (``TermsWindow/checkScrolledToEnd()``); once open it stays open.
extension TermsWindow {
    /// Previous, "page / pages", Next: under the text, for paged terms only.
    func makePageBar() -> UnsafeMutablePointer<GtkWidget> {
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        pageBar = bar
        gtk_widget_set_halign(bar, GTK_ALIGN_CENTER)
        // Text, not icons: loading the icon theme's SVGs would delay the first frame.
        let previous = gtk_button_new_with_label("‹")!
        let next = gtk_button_new_with_label("›")!
        let label = gtk_label_new(nil)!
        gtk_label_set_width_chars(label.cast(), 9)
        for button in [previous, next] {
            // The keys stay with the text: Page Down goes on reading after a click.
            gtk_widget_set_focus_on_click(button, 0)
            gtk_button_set_relief(button.cast(), GTK_RELIEF_NONE)
        }
        // ‹ and › say nothing to a screen reader.
        GtkAccessible.name(previous, labels.previousPage)
        GtkAccessible.name(next, labels.nextPage)
        gtk_box_pack_start(bar.cast(), previous, 0, 0, 0)
        gtk_box_pack_start(bar.cast(), label, 0, 0, 0)
        gtk_box_pack_start(bar.cast(), next, 0, 0, 0)
        previousButton = previous
        nextButton = next
        pageLabel = label
        connect(previous, "clicked") { window in
            window.wantsEnd = false
            window.showPage(window.pageIndex - 1, atEnd: false)
        }
        connect(next, "clicked") { window in
            window.wantsEnd = false
            window.showPage(window.pageIndex + 1, atEnd: false)
        }
        return bar
    }

    /// The page keys (Ctrl+End, Page Down past a page's end, …) of paged terms.
    func watchPageKeys(_ textView: UnsafeMutablePointer<GtkWidget>) {
        beckon_text_view_watch_page_keys(textView, CallbackBox.call, CallbackBox.retain { [self] key, _ in
            pageKey(BeckonTextViewPageKey(rawValue: UInt32(bitPattern: key))) ? 1 : 0
        }, CallbackBox.release)
    }

    /// The terms turned out heavier than their Markdown's size said
    /// (``TermsPages/add(_:isLast:)``): the page bar and the page keys now,
    /// and the first page alone in the buffer, from its top.
    func becamePaged() {
        guard let dialog, let scrolled else { return }
        let content = gtk_dialog_get_content_area(dialog.cast())!
        let bar = makePageBar()
        gtk_box_pack_start(content.cast(), bar, 0, 0, 0)
        // Right under the text, where terms paged from the start have it.
        let children = gtk_container_get_children(content.cast())
        defer { g_list_free(children) }
        let position = g_list_index(children, scrolled)
        if position >= 0 { gtk_box_reorder_child(content.cast(), bar, position + 1) }
        gtk_widget_show_all(bar)
        // While the window is being built the text view comes next, and
        // watches the page keys itself.
        if let textView { watchPageKeys(textView) }
        if fedPieces > pages.pieces(ofPage: 0).count, let filler {
            fedPieces = 0
            filler.clear()
            if let adjustment = verticalAdjustment { gtk_adjustment_set_value(adjustment, gtk_adjustment_get_lower(adjustment)) }
            if fillSource == 0 { scheduleFill() }
        }
    }

    /// The page bar after a page turn or a page rendered.
    func pagesChanged() {
        guard pages.isPaged else { return }
        if let pageLabel {
            let total = pages.isFinished ? String(pages.count) : "…"
            gtk_label_set_text(pageLabel.cast(), "\(pageIndex + 1) / \(total)")
        }
        if let previousButton { GtkAccessible.setSensitive(previousButton, pageIndex > 0, reason: labels.onFirstPage) }
        if let nextButton { GtkAccessible.setSensitive(nextButton, pageIndex + 1 < pages.count, reason: labels.onLastPage) }
        exposeState()
    }

    /// Every page is rendered: a Ctrl+End that came early goes to the real end now.
    func renderingFinished() {
        if wantsEnd {
            wantsEnd = false
            if !pages.isLastPage(pageIndex) { showPage(pages.count - 1, atEnd: true) }
        }
    }

    /// A page key in the text view; true when it was handled here.
    func pageKey(_ key: BeckonTextViewPageKey) -> Bool {
        // Any other way through the pages drops an early Ctrl+End.
        if key != BECKON_PAGE_KEY_LAST { wantsEnd = false }
        switch key {
        case BECKON_PAGE_KEY_LAST:
            // The end of the terms, as in one long text: the last page's end.
            if pages.isLastPage(pageIndex) { return false } // the text view goes to its end
            guard pages.isFinished else {
                // Which page is last is not known yet: go there once it is,
                // rather than through every page rendered meanwhile.
                wantsEnd = true
                return false
            }
            showPage(pages.count - 1, atEnd: true)
            return true
        case BECKON_PAGE_KEY_FIRST:
            if pageIndex == 0 { return false }
            showPage(0, atEnd: false)
            return true
        case BECKON_PAGE_KEY_NEXT:
            showPage(pageIndex + 1, atEnd: false)
            return true
        case BECKON_PAGE_KEY_PREVIOUS:
            showPage(pageIndex - 1, atEnd: false)
            return true
        case BECKON_PAGE_KEY_SCREEN_DOWN:
            // Reading on past the bottom of a page turns it, as a pager does.
            guard pageIndex + 1 < pages.count, scrolledTo(bottom: true) else { return false }
            showPage(pageIndex + 1, atEnd: false)
            return true
        case BECKON_PAGE_KEY_SCREEN_UP:
            guard pageIndex > 0, scrolledTo(bottom: false) else { return false }
            showPage(pageIndex - 1, atEnd: true)
            return true
        default:
            return false
        }
    }

    private var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        scrolled.flatMap { gtk_scrolled_window_get_vadjustment($0.cast()) }
    }

    /// Whether the text is scrolled all the way down (or up), give or take
    /// the few pixels a scroll to the first or last line leaves.
    private func scrolledTo(bottom: Bool) -> Bool {
        // A page shown at its end is there before GtkTextView has scrolled to
        // it: a Page Up queued meanwhile must not count it as at its top.
        if endScrollSource != 0 { return bottom }
        guard let adjustment = verticalAdjustment else { return false }
        let value = gtk_adjustment_get_value(adjustment)
        if !bottom { return value <= gtk_adjustment_get_lower(adjustment) + 8 }
        return value + gtk_adjustment_get_page_size(adjustment) >= gtk_adjustment_get_upper(adjustment) - 8
    }

    /// Shows page `index` in place of the one shown, at its top or its end.
    /// The page goes in whole when it is rendered: a page is at most a few
    /// hundred kilobytes, so GtkTextView lays out that much, not the terms.
    func showPage(_ index: Int, atEnd: Bool) {
        guard let filler, let textView, index >= 0, index < pages.count else { return }
        if index != pageIndex {
            pageIndex = index
            fedPieces = 0
            filler.clear()
            feedShownPage()
            filler.fillNext(bytes: Int(Int32.max))
            if !filler.isComplete && fillSource == 0 { scheduleFill() }
        }
        let buffer = gtk_text_view_get_buffer(textView.cast())!
        var iter = GtkTextIter()
        if atEnd { gtk_text_buffer_get_end_iter(buffer, &iter) } else { gtk_text_buffer_get_start_iter(buffer, &iter) }
        gtk_text_buffer_place_cursor(buffer, &iter)
        gtk_text_view_scroll_to_mark(textView.cast(), gtk_text_buffer_get_insert(buffer), 0, 1, 0, atEnd ? 1 : 0)
        if endScrollSource != 0 { g_source_remove(endScrollSource) }
        endScrollSource = 0
        if atEnd {
            // GtkTextView scrolls (animated) to where the end is while the lines
            // above it are not laid out yet; laying them out moves the end down.
            // Its layout idle is just above this priority: once it is done the
            // end stays put, so go there again, at once rather than animated
            // (a Page Up meanwhile would start from halfway up the page).
            let page = index
            endScrollSource = GtkSource.idle(priority: GDK_PRIORITY_REDRAW + 6) { [self] in
                endScrollSource = 0
                guard page == pageIndex, let adjustment = verticalAdjustment else { return false }
                gtk_adjustment_set_value(adjustment,
                                         gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
                return false
            }
        } else if let adjustment = verticalAdjustment {
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_lower(adjustment)) // the top, not animated
        }
        pagesChanged()
        gtk_widget_queue_draw(textView) // the end check follows the paint
    }
}

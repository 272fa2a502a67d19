import BeckonConsent
import BeckonCore
import CBeckonShim
import CGtk

/// What the terms window keeps about the sections changed since the version
/// the person accepted (``TermsChanges``).
@GtkActor
final class TermsWindowChanges {
    let earlier: TermsChanges.Earlier
    /// Nil when the earlier text is not known (no good copy): the line above
    /// the text then says why all of it must be read, and nothing is marked.
    var marker: TermsChanges.Marker?
    /// Which changed sections have been shown, and where Previous / Next are:
    /// the rule the terminal pager follows too.
    var progress: TermsChanges.Progress
    var checkSource: guint = 0
    /// Scrolls to the change again once the lines above it are laid out.
    var scrollSource: guint = 0
    var summary: UnsafeMutablePointer<GtkWidget>?
    var previous: UnsafeMutablePointer<GtkWidget>?
    var next: UnsafeMutablePointer<GtkWidget>?
    /// Every rendered piece came (so the last section's end is known).
    var isFinished = false

    init(_ earlier: TermsChanges.Earlier, labels: TermsLabels) {
        self.earlier = earlier
        marker = earlier.changes.map { TermsChanges.Marker($0, labels: labels) }
        progress = TermsChanges.Progress(earlier)
    }
}

/// Asked again: the line above the text saying what changed, the labels
/// before changed sections, Previous change / Next change (Alt+P / Alt+N, the
/// buttons' mnemonics), and, under ``TermsReread/changes``, Accept waiting
/// until each changed section has been on screen, its start and its end,
/// instead of for the end of the terms.
extension TermsWindow {
    /// Sets the accept condition for `earlier`; before the window is built.
    func setUpChanges(_ earlier: TermsChanges.Earlier?) {
        guard let earlier else { return }
        let state = TermsWindowChanges(earlier, labels: labels)
        changes = state
        if state.progress.gatesAccept {
            acceptCondition.requiresScroll = false
            acceptCondition.unshownChanges = state.progress.unshown
        }
    }

    /// The line above the text and the buttons; nil when not asked again.
    func makeChangesBar() -> UnsafeMutablePointer<GtkWidget>? {
        guard let state = changes else { return nil }
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_margin_start(bar, Self.sideMargin)
        gtk_widget_set_margin_end(bar, Self.sideMargin)
        gtk_widget_set_margin_top(bar, 6)
        let summary = gtk_label_new(state.earlier.summary(labels))!
        gtk_label_set_xalign(summary.cast(), 0)
        gtk_label_set_line_wrap(summary.cast(), 1)
        gtk_label_set_selectable(summary.cast(), 0)
        gtk_box_pack_start(bar.cast(), summary, 1, 1, 0)
        state.summary = summary
        guard !state.progress.changed.isEmpty else { return bar }
        let previous = gtk_button_new_with_mnemonic(labels.previousChange)!
        let next = gtk_button_new_with_mnemonic(labels.nextChange)!
        for button in [previous, next] {
            // The keys stay with the text: Page Down goes on reading after a click.
            gtk_widget_set_focus_on_click(button, 0)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        }
        gtk_box_pack_end(bar.cast(), next, 0, 0, 0)
        gtk_box_pack_end(bar.cast(), previous, 0, 0, 0)
        state.previous = previous
        state.next = next
        connect(previous, "clicked") { $0.goToChange(by: -1) }
        connect(next, "clicked") { $0.goToChange(by: 1) }
        changesNavigationChanged()
        return bar
    }

    /// Rendered pieces with the labels of changed sections put in.
    func markChanges(_ pieces: [StyledText], isFinished: Bool) -> [StyledText] {
        guard let state = changes, var marker = state.marker else { return pieces }
        let marked = pieces.map { marker.mark($0) }
        state.marker = marker
        if isFinished && !state.isFinished {
            state.isFinished = true
            if !marker.isConsistent {
                // Never guess which section is which: the whole text, then.
                onWarning("cannot tell the sections of the terms apart; showing them whole")
                state.marker = nil
                if state.progress.gatesAccept && acceptCondition.unshownChanges > 0 {
                    state.progress.stopGatingAccept()
                    acceptCondition.unshownChanges = 0
                    acceptCondition.requiresScroll = true
                }
            }
        }
        return marked
    }

    /// After a paint: look whether it showed a changed section's start or end.
    func changesPainted() {
        guard let state = changes, state.marker != nil, state.checkSource == 0,
              state.progress.unshown > 0 else { return }
        state.checkSource = GtkSource.idle(priority: GDK_PRIORITY_REDRAW) { [self] in
            state.checkSource = 0
            checkChangesShown()
            return false
        }
    }

    /// Where page `index` starts in the marked text, in characters.
    func pageStart(_ index: Int) -> Int {
        (0..<index).reduce(0) { total, page in total + pages.pieces(ofPage: page).reduce(0) { $0 + $1.characterCount } }
    }

    /// Notes the changed sections whose start or end is on screen now.
    private func checkChangesShown() {
        guard let state = changes, let marker = state.marker, let textView, dialog != nil else { return }
        let buffer = gtk_text_view_get_buffer(textView.cast())!
        var visible = GdkRectangle()
        gtk_text_view_get_visible_rect(textView.cast(), &visible)
        guard visible.height > 1 else { return }
        let start = pageStart(pageIndex)
        let inBuffer = Int(gtk_text_buffer_get_char_count(buffer))
        func onScreen(_ offset: Int) -> Bool {
            let local = offset - start
            guard local >= 0, local < inBuffer else { return false }
            var iter = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &iter, gint(local))
            var place = GdkRectangle()
            gtk_text_view_get_iter_location(textView.cast(), &iter, &place)
            return place.y >= visible.y && place.y + place.height <= visible.y + visible.height + 1
        }
        var changed = false
        for section in state.progress.changed where section < marker.sectionStarts.count {
            let range = marker.range(ofSection: section, end: marker.characterCount)
            // The last section's end is known once all of it came.
            let endKnown = section + 1 < marker.sectionStarts.count || state.isFinished
            let start = !state.progress.hasShownStart(of: section) && onScreen(range.lowerBound)
            let end = !state.progress.hasShownEnd(of: section) && endKnown
                && onScreen(max(range.lowerBound, range.upperBound - 1))
            if state.progress.note(section: section, startShown: start, endShown: end) { changed = true }
        }
        guard changed else { return }
        if state.progress.gatesAccept { acceptCondition.unshownChanges = state.progress.unshown }
        acceptConditionChanged()
    }

    /// Room left above a change's heading, as a fraction of the text's height:
    /// its label and the heading's space above stay whole on screen.
    static let changeMargin = 0.02

    /// Previous change (`step` -1) or Next change (+1): shows that section's
    /// heading at the top, turning the page when it is on another.
    func goToChange(by step: Int) {
        guard let state = changes, let marker = state.marker, let textView, let filler else { return }
        // A section not rendered yet cannot be gone to.
        guard let section = state.progress.move(by: step, isAvailable: { $0 < marker.sectionStarts.count }) else { return }
        let offset = marker.sectionStarts[section]
        if pages.isPaged {
            var page = 0
            while page + 1 < pages.count, pageStart(page + 1) <= offset { page += 1 }
            if page != pageIndex {
                wantsEnd = false
                showPage(page, atEnd: false)
            }
        }
        // The section may not be in the buffer yet: put in what is rendered.
        filler.fillNext(bytes: Int(Int32.max))
        let buffer = gtk_text_view_get_buffer(textView.cast())!
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, gint(offset - pageStart(pageIndex)))
        let mark: UnsafeMutablePointer<GtkTextMark>
        if let existing = gtk_text_buffer_get_mark(buffer, "beckon-change") {
            mark = existing
            gtk_text_buffer_move_mark(buffer, mark, &iter)
        } else {
            mark = gtk_text_buffer_create_mark(buffer, "beckon-change", &iter, 1)
        }
        // To a mark, not an iter: the text may move while GtkTextView lays it out.
        gtk_text_view_scroll_to_mark(textView.cast(), mark, Self.changeMargin, 1, 0, 0)
        // It scrolls to where the lines above are estimated to end; once its
        // layout idle (just above this priority) has measured them, go there
        // again, as showPage(_:atEnd:) does for a page's end.
        if state.scrollSource != 0 { g_source_remove(state.scrollSource) }
        let page = pageIndex
        state.scrollSource = GtkSource.idle(priority: GDK_PRIORITY_REDRAW + 6) { [self] in
            state.scrollSource = 0
            guard page == pageIndex, let textView = self.textView else { return false }
            gtk_text_view_scroll_to_mark(textView.cast(), mark, Self.changeMargin, 1, 0, 0)
            return false
        }
        changesNavigationChanged()
        gtk_widget_queue_draw(textView)
    }

    /// The buttons' sensitivity after a move.
    private func changesNavigationChanged() {
        guard let state = changes else { return }
        if let previous = state.previous {
            GtkAccessible.setSensitive(previous, state.progress.hasEarlier, reason: labels.noEarlierChange)
        }
        if let next = state.next {
            GtkAccessible.setSensitive(next, state.progress.hasLater, reason: labels.noLaterChange)
        }
        exposeState()
    }

    /// Tests only (``exposeState()``): "changes-2 changes-shown-1 change-at-1
    /// changed-2,4", the last the changed sections' numbers, from 1.
    func changeWords() -> [String] {
        guard let state = changes else { return [] }
        guard state.marker != nil else { return ["changes-unknown"] }
        let progress = state.progress
        var words = ["changes-\(progress.changed.count)", "changes-shown-\(progress.shown)"]
        if progress.current >= 0 { words.append("change-at-\(progress.current + 1)") }
        if !progress.changed.isEmpty {
            words.append("changed-" + progress.changed.prefix(20).map { String($0 + 1) }.joined(separator: ","))
        }
        return words
    }
}

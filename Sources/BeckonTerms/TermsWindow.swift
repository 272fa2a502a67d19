import BeckonConsent
import BeckonCore
import CBeckonShim
import CGtk

/// The terms window: a GtkDialog with the rendered terms in a scrolled
/// GtkTextView, an optional checkbox, a hint line, and Decline / Accept.
/// Long terms are shown a page at a time (``TermsPages``), with Previous and
/// Next under the text; Accept's condition is then met at the end of the last page.
///
/// Shown through ``DialogSession`` like every Beckon dialog; this class only
/// builds the window and keeps Accept gated. The condition is kept twice: Accept is
/// insensitive while closed, and a "response" handler connected before the
/// session's stops any Accept response that still gets through (Return on a
/// default response, a mnemonic, code).
@GtkActor
final class TermsWindow {
    static let declineResponse: Int32 = 0
    static let acceptResponse: Int32 = 1

    private let prepared: PreparedTerms
    let labels: TermsLabels
    let onWarning: @Sendable (String) -> Void
    var acceptCondition: AcceptCondition

    var dialog: UnsafeMutablePointer<GtkWidget>?
    var acceptButton: UnsafeMutablePointer<GtkWidget>?
    private var hintLabel: UnsafeMutablePointer<GtkWidget>?
    var textView: UnsafeMutablePointer<GtkWidget>?
    var filler: TextBufferFiller?
    /// The idle step filling the buffer, or the timeout waiting for more rendered text.
    var fillSource: guint = 0
    private var endCheckSource: guint = 0
    /// Takes rendered pieces while the page shown is complete and later ones are still rendering.
    private var collectSource: guint = 0

    // Paging state, used by TermsWindow+Pages.swift.
    /// The rendered terms by page, the page shown, and how many of its pieces the filler has.
    var pages: TermsPages
    var pageIndex = 0
    var fedPieces = 0
    /// Ctrl+End came before the last page was rendered: show its end once it is.
    var wantsEnd = false
    /// Scrolls to the end of a page shown at its end, once GtkTextView has laid it out.
    var endScrollSource: guint = 0
    var pageBar: UnsafeMutablePointer<GtkWidget>?
    var pageLabel: UnsafeMutablePointer<GtkWidget>?
    var previousButton: UnsafeMutablePointer<GtkWidget>?
    var nextButton: UnsafeMutablePointer<GtkWidget>?
    var scrolled: UnsafeMutablePointer<GtkWidget>?

    // MARK: Asked again (TermsWindow+Changes.swift)
    /// The sections changed since an earlier acceptance; nil when not asked again.
    var changes: TermsWindowChanges?

    // MARK: For screen readers (TermsWindow+Reading.swift)
    var progressLabel: UnsafeMutablePointer<GtkWidget>?
    var readingSource: guint = 0
    var reading = TermsReading()
    /// The characters of all the pages, once all are rendered.
    var readingTotal: Int?
    /// The accept condition as last told: whether Accept was usable, and the hint.
    var spokenCondition: (isMet: Bool, hint: String?)?

    // MARK: Login gate state, used by TermsWindow+Gate.swift.
    var shields: TermsShields?
    var keyboard: TermsShieldKeyboard?
    /// When the terms window was last mapped again to take the focus back
    /// from a shield (Wayland), in g_get_monotonic_time's microseconds.
    var focusRemappedAt: gint64 = 0
    /// How many times it was (told to tests as "focus-remapped-N").
    var focusRemaps = 0
    /// True while it is: its hiding does not end the gate.
    var isRemappingForFocus = false
    /// Whether the gate's windows were hidden, at each of the last checks
    /// (TermsWindow+Sight.swift), and what to call once they stay so.
    var sightHistory: [Bool] = []
    var sightWatched = false
    /// The gate's windows whose unmaps are counted, and how many were seen
    /// since the last check: a window unmapped again and again by another
    /// client, and mapped again by the gate each time, is hidden though a
    /// check may find it mapped.
    var unmapsWatched: Set<UnsafeMutablePointer<GtkWidget>> = []
    var unmapsSeen = 0
    var hiddenReported: String?
    let onGateHidden: (@Sendable (String) -> Void)?

    /// Bytes of terms in the buffer before the window shows: several screens.
    static let firstChunk = 16 * 1024
    /// Bytes added per idle step after the first frame: a few milliseconds of work.
    static let laterChunk = 64 * 1024
    /// How long a fill step waits for terms still being rendered, at most.
    static let renderWait = 20

    private init(prepared: PreparedTerms, options: TermsOptions) {
        self.prepared = prepared
        self.labels = options.labels
        self.onWarning = options.consent.onWarning
        self.onGateHidden = options.onGateHidden
        self.acceptCondition = AcceptCondition(requiresScroll: options.requiresScroll, requiresCheckbox: options.checkboxLabel != nil)
        self.pages = TermsPages(markdownBytes: prepared.document.markdown.utf8.count)
    }

    /// Builds the window for `prepared`; ``DialogSession`` shows and owns it.
    static func build(_ prepared: PreparedTerms, options: TermsOptions,
                      earlier: TermsChanges.Earlier? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let window = TermsWindow(prepared: prepared, options: options)
        window.setUpChanges(earlier)
        return window.makeDialog(options)
    }

    private func makeDialog(_ options: TermsOptions) -> UnsafeMutablePointer<GtkWidget> {
        let dialog = gtk_dialog_new()!
        self.dialog = dialog
        gtk_window_set_title(dialog.cast(), labels.title)
        beckon_window_set_default_size_within_screen(dialog, Int32(clamping: options.width), Int32(clamping: options.height))
        gtk_window_set_resizable(dialog.cast(), 1)
        gtk_window_set_icon_name(dialog.cast(), "beckon")

        let content = gtk_dialog_get_content_area(dialog.cast())!
        gtk_box_set_spacing(content.cast(), 6)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        // Not NEVER across: then the window is at least as wide as the widest
        // thing in the terms, and the terms decide how wide that is (a cluster
        // of a thousand joined emoji does not wrap). The text wraps to the
        // window instead, which stays within the screen; anything still wider
        // scrolls, rather than widening the window past the screen's edge.
        gtk_scrolled_window_set_policy(scrolled.cast(), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_shadow_type(scrolled.cast(), GTK_SHADOW_IN)
        Self.setMargins(scrolled, top: 6)
        if let changesBar = makeChangesBar() { gtk_box_pack_start(content.cast(), changesBar, 0, 0, 0) }
        gtk_box_pack_start(content.cast(), scrolled, 1, 1, 0)
        self.scrolled = scrolled
        if pages.isPaged { gtk_box_pack_start(content.cast(), makePageBar(), 0, 0, 0) }

        if let checkboxLabel = options.checkboxLabel {
            let checkbox = gtk_check_button_new_with_mnemonic(labels.checkboxMnemonic(checkboxLabel))!
            // Wrapped, as the hint below is: unwrapped, a long label, or a
            // short one with text scaled to 2, widens the window past the
            // screen's edge (a 105-character label is 1424 pixels wide then).
            if let label = gtk_bin_get_child(checkbox.cast()) {
                gtk_label_set_line_wrap(label.cast(), 1)
                gtk_label_set_xalign(label.cast(), 0)
            }
            Self.setMargins(checkbox, top: 0)
            gtk_box_pack_start(content.cast(), checkbox, 0, 0, 0)
            connect(checkbox, "toggled") { window in
                window.acceptCondition.isChecked = gtk_toggle_button_get_active(checkbox.cast()) != 0
                window.acceptConditionChanged()
            }
        }
        let hint = gtk_label_new(nil)!
        hintLabel = hint
        gtk_label_set_xalign(hint.cast(), 0)
        gtk_label_set_line_wrap(hint.cast(), 1)
        Self.dim(hint)
        gtk_box_pack_start(content.cast(), makeStatusRow(hint: hint), 0, 0, 0) // TermsWindow+Reading.swift

        _ = gtk_dialog_add_button(dialog.cast(), labels.decline, Self.declineResponse)
        let accept = gtk_dialog_add_button(dialog.cast(), labels.accept, Self.acceptResponse)!
        acceptButton = accept
        // The buttons line up with the text column above them (its margins,
        // setMargins), rather than with GtkDialog's edge two pixels from the
        // window's: TermsLayoutTests measures both in the real window.
        if let actions = gtk_widget_get_parent(accept) {
            gtk_widget_set_margin_start(actions, Self.sideMargin)
            gtk_widget_set_margin_end(actions, Self.sideMargin)
        }
        gtk_style_context_add_class(gtk_widget_get_style_context(accept), "suggested-action")
        if Self.exposesGate { exposeStateChanges(of: accept) }
        // Before DialogSession's funnel, which is connected when it shows the window.
        beckon_dialog_guard_response(dialog, Self.acceptResponse, CallbackBox.call,
                                     CallbackBox.retain { [self] _, _ in acceptCondition.isMet ? 1 : 0 }, CallbackBox.release)

        // Last, so the window above was built while the terms were rendering.
        let textView = makeTextView()
        self.textView = textView
        describeForScreenReaders(accept: accept, hint: hint, textView: textView)
        gtk_container_add(scrolled.cast(), textView)
        gtk_widget_show_all(content)
        // Each frame the text view paints may show the end: look once it is on screen.
        connect(textView, "draw") { $0.painted() }
        connect(dialog, "destroy") { window in
            window.dialog = nil
            window.textView = nil
            for source in [window.fillSource, window.endCheckSource, window.collectSource, window.endScrollSource,
                           window.readingSource] where source != 0 { g_source_remove(source) }
            window.fillSource = 0
            window.endCheckSource = 0
            window.collectSource = 0
            window.endScrollSource = 0
            window.readingSource = 0
        }
        if let parent = options.parent, case .x11Window(let xid) = parent {
            _ = beckon_window_attach_to_xid(dialog, UInt(xid))
        }
        gtk_widget_grab_focus(textView) // keyboard scrolling works at once; Return is not Decline
        if options.gate { makeGate(dialog) } // TermsWindow+Gate.swift
        pagesChanged()
        acceptConditionChanged()
        return dialog
    }

    private func makeTextView() -> UnsafeMutablePointer<GtkWidget> {
        // The first screens now, before the window shows; the rest once the
        // first frame is painted (see painted()).
        prepared.waitForFirstPiece()
        let buffer = gtk_text_buffer_new(nil)!
        let filler = TextBufferFiller(buffer: buffer)
        self.filler = filler
        takeRenderedPieces()
        filler.fillNext(bytes: Self.firstChunk)
        let textView = gtk_text_view_new_with_buffer(buffer)!
        g_object_unref(buffer) // the view holds it
        gtk_text_view_set_editable(textView.cast(), 0)
        gtk_text_view_set_cursor_visible(textView.cast(), 0)
        // The page bar can come later, under the text: the end must stay reachable.
        beckon_text_view_keep_page_size(textView)
        gtk_text_view_set_wrap_mode(textView.cast(), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(textView.cast(), 12)
        gtk_text_view_set_right_margin(textView.cast(), 12)
        gtk_text_view_set_top_margin(textView.cast(), 12)
        gtk_text_view_set_bottom_margin(textView.cast(), 12)
        gtk_text_view_set_pixels_below_lines(textView.cast(), 1)
        beckon_text_view_watch_links(textView, filler.linkTag, CallbackBox.call, CallbackBox.retain { [self] offset, _ in
            linkClicked(at: Int(offset))
            return 0
        }, CallbackBox.release)
        if pages.isPaged { watchPageKeys(textView) }
        return textView
    }

    // MARK: - The accept condition

    func acceptConditionChanged() {
        if let acceptButton { gtk_widget_set_sensitive(acceptButton, acceptCondition.isMet ? 1 : 0) }
        if acceptCondition.isMet, let dialog {
            // Only now may Return accept: while gated there is no default response.
            gtk_dialog_set_default_response(dialog.cast(), Self.acceptResponse)
        }
        let hint = acceptCondition.hint(labels)
        if let hintLabel {
            gtk_label_set_text(hintLabel.cast(), hint ?? "")
            gtk_widget_set_visible(hintLabel, hint == nil ? 0 : 1)
        }
        gateNews(hint: hint) // TermsWindow+Reading.swift
        exposeState()
    }

    /// Tests only: with BECKON_TEST_EXPOSE_GATE set, the window's WM_WINDOW_ROLE
    /// tells the gate's state and the Accept button's, say "beckon-terms-gate
    /// open scrolled accept-sensitive accept-pressed", so a test can wait until
    /// Accept is usable, or until a key's activation of it is over (GTK clicks a
    /// button activated by a key up to 250 ms later), instead of sleeping
    /// (Tests/EndToEndTests/Terms). Nothing changes without the variable.
    private static let exposesGate = g_getenv("BECKON_TEST_EXPOSE_GATE") != nil

    func exposeState() {
        guard Self.exposesGate, let dialog, let acceptButton else { return }
        var words = ["beckon-terms-gate", acceptCondition.isMet ? "open" : "closed"]
        if acceptCondition.hasScrolledToEnd { words.append("scrolled") }
        if acceptCondition.isChecked { words.append("checked") }
        if pages.isPaged { words.append("page-\(pageIndex + 1)-of-\(pages.isFinished ? String(pages.count) : "more")") }
        words += changeWords()
        if gtk_widget_is_sensitive(acceptButton) != 0 { words.append("accept-sensitive") }
        if gtk_widget_get_state_flags(acceptButton).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0 {
            words.append("accept-pressed")
        }
        words += gateWords // TermsWindow+Gate.swift
        gtk_window_set_role(dialog.cast(), words.joined(separator: " "))
        exposeStateInTitle(words)
    }

    /// Calls ``exposeState()`` whenever `button`'s state flags change.
    private func exposeStateChanges(of button: UnsafeMutablePointer<GtkWidget>) {
        GtkSignal.connect(button, "state-flags-changed") { [self] in exposeState() }
    }

    /// The text view painted a frame. The first one starts filling in the
    /// rest: text inserted before it would be laid out and drawn, unseen, by
    /// that first paint. Every one may have shown the end: look, after the paint.
    private func painted() {
        guard let filler, dialog != nil else { return }
        if fillSource == 0 && !filler.isComplete {
            prepared.renderRest()
            scheduleFill()
        } else if filler.isComplete {
            // The first page is whole already (a page of heavy text can be
            // one small piece): the later ones are still to be collected.
            collectWhileRendering()
        }
        scheduleEndCheck()
        changesPainted()
        readingPainted()
    }

    /// Fill steps at redraw priority: each paint waits for one step at most,
    /// and the text goes in ahead of GtkTextView's validation of it.
    func scheduleFill() {
        fillSource = GtkSource.idle(priority: GDK_PRIORITY_REDRAW) { [self] in fillStep() }
    }

    private func takeRenderedPieces() {
        let (rendered, isFinished) = prepared.takePieces()
        let pieces = markChanges(rendered, isFinished: isFinished)
        guard !pieces.isEmpty || (isFinished && !pages.isFinished) else { return }
        let wasPaged = pages.isPaged
        pages.add(pieces, isLast: isFinished)
        if !wasPaged && pages.isPaged { becamePaged() }
        feedShownPage()
        if pages.isFinished { renderingFinished() }
        pagesChanged()
        // The page shown can become the last one, whole, with no text added
        // and so no paint (a reader who reached its end before the page count
        // was known, on a loaded machine): look at the end now, not at a paint
        // that may never come while the view is already at its bottom.
        scheduleEndCheck()
    }

    /// Looks, once the loop is free, whether the end of the terms is on screen,
    /// when the page shown is the last one and whole.
    private func scheduleEndCheck() {
        guard endCheckSource == 0 && showsLastPageWhole && !acceptCondition.hasScrolledToEnd else { return }
        // At redraw priority, so it comes before most of GtkTextView's
        // background layout (GDK_PRIORITY_REDRAW + 5) of megabytes of terms.
        endCheckSource = GtkSource.idle(priority: GDK_PRIORITY_REDRAW) { [self] in
            endCheckSource = 0
            checkScrolledToEnd()
            return false
        }
    }

    /// Gives the filler the pieces of the page shown it does not have yet.
    func feedShownPage() {
        guard let filler else { return }
        let pieces = pages.pieces(ofPage: pageIndex)
        guard fedPieces < pieces.count || pages.isComplete(pageIndex) else { return }
        filler.add(Array(pieces[fedPieces...]), isLast: pages.isComplete(pageIndex))
        fedPieces = pieces.count
    }

    /// Whether the page shown is the last and all of it is in the buffer.
    private var showsLastPageWhole: Bool {
        pages.isLastPage(pageIndex) && filler?.isComplete == true
    }

    /// One idle step of filling the buffer; false when the source ends.
    private func fillStep() -> Bool {
        guard let filler, dialog != nil else { fillSource = 0; return false }
        takeRenderedPieces()
        if !filler.hasWaitingText && !filler.isComplete {
            // The renderer is behind: wait for it here, briefly, rather than
            // leave the loop to GtkTextView's background layout, which holds it
            // for a second or more per 2000 paragraphs.
            prepared.waitForPiece(milliseconds: Self.renderWait)
            takeRenderedPieces()
        }
        if filler.hasWaitingText { filler.fillNext(bytes: Self.laterChunk) }
        guard filler.isComplete else { return true }
        fillSource = 0
        if let textView { gtk_widget_queue_draw(textView) } // the end check follows the paint
        collectWhileRendering()
        return false
    }

    /// Takes later pages as they are rendered, without holding GTK's loop:
    /// the page shown is whole, so nothing waits for them but the page count.
    private func collectWhileRendering() {
        guard collectSource == 0, !pages.isFinished else { return }
        collectSource = GtkSource.timeout(milliseconds: UInt32(Self.renderWait)) { [self] in
            guard dialog != nil else { collectSource = 0; return false }
            takeRenderedPieces()
            if pages.isFinished { collectSource = 0; return false }
            return true
        }
    }

    /// Meets the scroll condition when the last line of the terms is within the visible
    /// part of the text view. Only the lines on screen need to be laid out for
    /// that (GTK lays them out before it paints), not all the megabytes above.
    private func checkScrolledToEnd() {
        // Until all the text is in, the end on screen is not the end of the terms.
        guard showsLastPageWhole, !acceptCondition.hasScrolledToEnd, dialog != nil, let textView else { return }
        // Both in the text window's own coordinates, as GTK converts them:
        // buffer coordinates and the visible rectangle differ by the margins.
        guard let window = gtk_text_view_get_window(textView.cast(), GTK_TEXT_WINDOW_TEXT) else { return }
        let height = gdk_window_get_height(window)
        guard height > 1 else { return } // not allocated yet
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(gtk_text_view_get_buffer(textView.cast()), &end)
        var last = GdkRectangle()
        gtk_text_view_get_iter_location(textView.cast(), &end, &last)
        var x: gint = 0, top: gint = 0
        gtk_text_view_buffer_to_window_coords(textView.cast(), GTK_TEXT_WINDOW_TEXT, last.x, last.y, &x, &top)
        if top >= 0 && top + last.height <= height + 1 {
            acceptCondition.hasScrolledToEnd = true
            acceptConditionChanged()
        }
    }

    private func linkClicked(at offset: Int) {
        guard let url = filler?.links.link(at: offset) else { return }
        LinkPolicy.open(url, from: dialog, warn: onWarning)
    }

    // MARK: - Plumbing

    func connect<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String,
                            _ body: @escaping @GtkActor (TermsWindow) -> Void) {
        GtkSignal.connect(instance, signal) { [self] in body(self) }
    }

    /// Greys a secondary line, except under a high-contrast theme: there the
    /// hint is the one line that says why Accept is disabled, and grey on
    /// white is what that theme is chosen to avoid.
    static func dim(_ label: UnsafeMutablePointer<GtkWidget>) {
        guard beckon_settings_theme_is_high_contrast() == 0 else { return }
        gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label")
    }

    /// The space left and right of the text, the checkbox, the hint and the buttons.
    static let sideMargin: Int32 = 6

    private static func setMargins(_ widget: UnsafeMutablePointer<GtkWidget>, top: Int32) {
        gtk_widget_set_margin_start(widget, sideMargin)
        gtk_widget_set_margin_end(widget, sideMargin)
        gtk_widget_set_margin_top(widget, top)
    }
}

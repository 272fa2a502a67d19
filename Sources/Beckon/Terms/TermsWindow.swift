import CBeckonShim
import CGtk

/// The terms window: a GtkDialog with the rendered terms in a scrolled
/// GtkTextView, an optional checkbox, a hint line, and Decline / Accept.
///
/// Shown through ``DialogSession`` like every Beckon dialog; this class only
/// builds the window and keeps Accept gated. The gate is kept twice: Accept is
/// insensitive while closed, and a "response" handler connected before the
/// session's stops any Accept response that still gets through (Return on a
/// default response, a mnemonic, code).
@GtkActor
final class TermsWindow {
    static let declineResponse: Int32 = 0
    static let acceptResponse: Int32 = 1

    private let prepared: PreparedTerms
    private var styled = StyledText()
    private let labels: TermsLabels
    private let onWarning: @Sendable (String) -> Void
    private var gate: TermsGate

    private var dialog: UnsafeMutablePointer<GtkWidget>?
    private var acceptButton: UnsafeMutablePointer<GtkWidget>?
    private var hintLabel: UnsafeMutablePointer<GtkWidget>?
    private var adjustment: UnsafeMutablePointer<GtkAdjustment>?
    /// Whether the text view has laid out all the text since the last change,
    /// so the adjustment's upper bound is the real end, not an estimate.
    private var layoutSettled = false
    private var settleSource: guint = 0
    private var filler: TextBufferFiller?
    private var fillSource: guint = 0

    /// Bytes of terms in the buffer before the window shows: several screens.
    static let firstChunk = 32 * 1024
    /// Bytes added per idle step after that: a few milliseconds of work.
    static let laterChunk = 64 * 1024

    private init(prepared: PreparedTerms, options: TermsOptions) {
        self.prepared = prepared
        self.labels = options.labels
        self.onWarning = options.onWarning
        self.gate = TermsGate(requiresScroll: options.requiresScroll, requiresCheckbox: options.checkboxLabel != nil)
    }

    /// Builds the window for `prepared`; ``DialogSession`` shows and owns it.
    static func build(_ prepared: PreparedTerms, options: TermsOptions) -> UnsafeMutablePointer<GtkWidget> {
        TermsWindow(prepared: prepared, options: options).makeDialog(options)
    }

    private func makeDialog(_ options: TermsOptions) -> UnsafeMutablePointer<GtkWidget> {
        let dialog = gtk_dialog_new()!
        self.dialog = dialog
        gtk_window_set_title(dialog.cast(), labels.title)
        gtk_window_set_default_size(dialog.cast(), DialogFrame.windowSize(options.width),
                                    DialogFrame.windowSize(options.height))
        gtk_window_set_resizable(dialog.cast(), 1)
        gtk_window_set_icon_name(dialog.cast(), "beckon")

        let content = gtk_dialog_get_content_area(dialog.cast())!
        gtk_box_set_spacing(content.cast(), 6)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(scrolled.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_shadow_type(scrolled.cast(), GTK_SHADOW_IN)
        Self.setMargins(scrolled, top: 6)
        gtk_box_pack_start(content.cast(), scrolled, 1, 1, 0)

        if let checkboxLabel = options.checkboxLabel {
            let checkbox = gtk_check_button_new_with_label(checkboxLabel)!
            Self.setMargins(checkbox, top: 0)
            gtk_box_pack_start(content.cast(), checkbox, 0, 0, 0)
            connect(checkbox, "toggled") { window in
                window.gate.isChecked = gtk_toggle_button_get_active(checkbox.cast()) != 0
                window.gateChanged()
            }
        }
        let hint = gtk_label_new(nil)!
        hintLabel = hint
        gtk_label_set_xalign(hint.cast(), 0)
        gtk_label_set_line_wrap(hint.cast(), 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(hint), "dim-label")
        Self.setMargins(hint, top: 0)
        gtk_box_pack_start(content.cast(), hint, 0, 0, 0)

        _ = gtk_dialog_add_button(dialog.cast(), labels.decline, Self.declineResponse)
        let accept = gtk_dialog_add_button(dialog.cast(), labels.accept, Self.acceptResponse)!
        acceptButton = accept
        gtk_style_context_add_class(gtk_widget_get_style_context(accept), "suggested-action")
        if Self.exposesGate { exposeStateChanges(of: accept) }
        // Before DialogSession's funnel, which is connected when it shows the window.
        beckon_dialog_guard_response(dialog, Self.acceptResponse, CallbackBox.call,
                                     CallbackBox.retain { [self] _, _ in gate.isOpen ? 1 : 0 }, CallbackBox.release)

        // Last, so the window above was built while the terms were rendering.
        let textView = makeTextView()
        gtk_container_add(scrolled.cast(), textView)
        gtk_widget_show_all(content)
        adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(textView))
        if let adjustment {
            connect(adjustment, "value-changed") { $0.checkScrolledToEnd() }
            connect(adjustment, "changed") { $0.layoutChanged() }
        }
        connect(dialog, "destroy") { window in
            window.dialog = nil
            if window.settleSource != 0 { g_source_remove(window.settleSource); window.settleSource = 0 }
            if window.fillSource != 0 { g_source_remove(window.fillSource); window.fillSource = 0 }
        }
        if let parent = options.parent, case .x11Window(let xid) = parent {
            _ = beckon_window_attach_to_xid(dialog, UInt(xid))
        }
        gtk_widget_grab_focus(textView) // keyboard scrolling works at once; Return is not Decline
        gateChanged()
        layoutChanged()
        return dialog
    }

    private func makeTextView() -> UnsafeMutablePointer<GtkWidget> {
        styled = prepared.styled
        let buffer = gtk_text_buffer_new(nil)!
        let filler = TextBufferFiller(buffer: buffer, text: styled)
        self.filler = filler
        // The first screens now, before the window shows; the rest in idle
        // steps at redraw priority, so each paint waits for one step at most.
        if !filler.fillNext(bytes: Self.firstChunk) {
            fillSource = GtkSource.idle(priority: GDK_PRIORITY_REDRAW) { [self] in fillStep() }
        }
        let textView = gtk_text_view_new_with_buffer(buffer)!
        g_object_unref(buffer) // the view holds it
        gtk_text_view_set_editable(textView.cast(), 0)
        gtk_text_view_set_cursor_visible(textView.cast(), 0)
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
        return textView
    }

    // MARK: - The gate

    private func gateChanged() {
        if let acceptButton { gtk_widget_set_sensitive(acceptButton, gate.isOpen ? 1 : 0) }
        if gate.isOpen, let dialog {
            // Only now may Return accept: while gated there is no default response.
            gtk_dialog_set_default_response(dialog.cast(), Self.acceptResponse)
        }
        if let hintLabel {
            let hint = gate.hint(labels)
            gtk_label_set_text(hintLabel.cast(), hint ?? "")
            gtk_widget_set_visible(hintLabel, hint == nil ? 0 : 1)
        }
        exposeState()
    }

    /// Tests only: with BECKON_TEST_EXPOSE_GATE set, the window's WM_WINDOW_ROLE
    /// tells the gate's state and the Accept button's, say "beckon-terms-gate
    /// open scrolled accept-sensitive accept-pressed", so a test can wait until
    /// Accept is usable, or until a key's activation of it is over (GTK clicks a
    /// button activated by a key up to 250 ms later), instead of sleeping
    /// (Tests/EndToEndTests/Terms). Nothing changes without the variable.
    private static let exposesGate = g_getenv("BECKON_TEST_EXPOSE_GATE") != nil

    private func exposeState() {
        guard Self.exposesGate, let dialog, let acceptButton else { return }
        var words = ["beckon-terms-gate", gate.isOpen ? "open" : "closed"]
        if gate.hasScrolledToEnd { words.append("scrolled") }
        if gate.isChecked { words.append("checked") }
        if gtk_widget_is_sensitive(acceptButton) != 0 { words.append("accept-sensitive") }
        if gtk_widget_get_state_flags(acceptButton).rawValue & GTK_STATE_FLAG_ACTIVE.rawValue != 0 {
            words.append("accept-pressed")
        }
        gtk_window_set_role(dialog.cast(), words.joined(separator: " "))
    }

    /// Calls ``exposeState()`` whenever `button`'s state flags change.
    private func exposeStateChanges(of button: UnsafeMutablePointer<GtkWidget>) {
        GtkSignal.connect(button, "state-flags-changed") { [self] in exposeState() }
    }

    /// The text grew or the view resized: the end may have moved. Check once
    /// GTK has finished laying the text out, which it does in idle steps at a
    /// priority above ours; until then the bottom is only an estimate.
    private func layoutChanged() {
        layoutSettled = false
        guard settleSource == 0 else { return }
        settleSource = GtkSource.idle(priority: G_PRIORITY_LOW) { [self] in
            settleSource = 0
            layoutSettled = true
            checkScrolledToEnd()
            return false
        }
    }

    /// One idle step of filling the buffer; false when done (the source ends).
    private func fillStep() -> Bool {
        guard let filler, dialog != nil else { fillSource = 0; return false }
        if filler.fillNext(bytes: Self.laterChunk) {
            fillSource = 0
            layoutChanged()
            return false
        }
        return true
    }

    private func checkScrolledToEnd() {
        // Until all the text is in, the end on screen is not the end of the terms.
        guard layoutSettled, filler?.isComplete == true, !gate.hasScrolledToEnd, dialog != nil,
              let adjustment else { return }
        let page = gtk_adjustment_get_page_size(adjustment)
        guard page > 0 else { return } // not allocated yet
        let bottom = gtk_adjustment_get_value(adjustment) + page
        if bottom >= gtk_adjustment_get_upper(adjustment) - 1 {
            gate.hasScrolledToEnd = true
            gateChanged()
        }
    }

    private func linkClicked(at offset: Int) {
        guard let url = styled.link(at: offset) else { return }
        TermsLinkPolicy.open(url, from: dialog, warn: onWarning)
    }

    // MARK: - Plumbing

    private func connect<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String,
                            _ body: @escaping @GtkActor (TermsWindow) -> Void) {
        GtkSignal.connect(instance, signal) { [self] in body(self) }
    }

    private static func setMargins(_ widget: UnsafeMutablePointer<GtkWidget>, top: Int32) {
        gtk_widget_set_margin_start(widget, 6)
        gtk_widget_set_margin_end(widget, 6)
        gtk_widget_set_margin_top(widget, top)
    }
}

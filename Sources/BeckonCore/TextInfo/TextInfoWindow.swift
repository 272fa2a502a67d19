import BeckonIO
import CBeckonShim
import CGtk
import Glibc

/// The text dialog: zenity's layout, a scrolled GtkTextView (or a WebKit view
/// for HTML) above an optional checkbox, with the frame's buttons.
///
/// The text goes into the buffer a chunk at a time: a file's first screens
/// before the window shows, the rest as GTK's loop is idle, a pipe's as its
/// writer writes. So the first frame never waits for the whole input, and
/// the buttons, Escape and the timeout work while input is still coming.
@GtkActor
final class TextInfoWindow {
    /// Bytes of a file in the buffer before the window shows: several screens.
    static let firstChunk = 32 * 1024
    /// Bytes added per turn of the loop after that: a few milliseconds of work.
    static let laterChunk = 64 * 1024

    private let request: TextInfoRequest
    private var buffer: UnsafeMutablePointer<GtkTextBuffer>?
    private var textView: UnsafeMutablePointer<GtkWidget>?
    private var webView: UnsafeMutablePointer<GtkWidget>?
    private var endMark: UnsafeMutablePointer<GtkTextMark>?
    private var checkbox: UnsafeMutablePointer<GtkWidget>?
    private var isChecked = false
    private var input: TextInfoInput?
    /// A string source not yet in the buffer, and how far it is in.
    private var remainingText: Substring = ""
    private var fillSource: guint = 0
    /// HTML gathered until the input ends, for the web view.
    private var html = ""
    private var isOpen = true
    /// Whether all the input is in (or will never come).
    private var inputIsDone = false

    private init(_ request: TextInfoRequest) {
        self.request = request
    }

    /// Builds the window for `request`; ``DialogSession`` shows and owns it.
    static func build(_ request: TextInfoRequest) throws -> DialogWindow<TextInfoContent> {
        let window = TextInfoWindow(request)
        let dialog = try window.makeDialog()
        return DialogWindow(widget: dialog) { _ in window.finish() }
    }

    private func makeDialog() throws -> UnsafeMutablePointer<GtkWidget> {
        if request.web != nil, !TextInfoRequest.isWebKitAvailable {
            throw DialogError.invalidRequest(Self.webKitMissing)
        }
        let (dialog, content) = request.frame.makeDialog()
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_container_set_border_width(box.cast(), 5)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_shadow_type(scrolled.cast(), GTK_SHADOW_ETCHED_IN)
        gtk_box_pack_start(box.cast(), scrolled, 1, 1, 0)
        gtk_box_pack_start(content.cast(), box, 1, 1, 0)

        let focus: UnsafeMutablePointer<GtkWidget>
        if request.web != nil {
            let warn = request.onWarning ?? WarningSink.standardError
            // A clicked link opens by the one rule for links (zenity launched any scheme).
            let web = request.opensLinks
                ? beckon_web_view_new(CallbackBox.call, CallbackBox.retain { [weak self] _, _ in
                    guard let view = self?.webView, let uri = beckon_web_view_link_uri(view) else { return 0 }
                    LinkPolicy.open(String(cString: uri), from: gtk_widget_get_toplevel(view), warn: warn)
                    return 0
                }, CallbackBox.release)!
                : beckon_web_view_new(nil, nil, nil)!
            webView = web
            gtk_container_add(scrolled.cast(), web)
            focus = web
        } else {
            focus = makeTextView(in: scrolled)
        }
        if let label = request.checkbox { addCheckbox(label, to: box, dialog: dialog) }
        addControlReturn(to: dialog)
        gtk_widget_show_all(box)
        GtkSignal.connect(dialog, "destroy") { [self] in stopFilling() }
        startFilling()
        // The text has the focus, as in zenity: the keys scroll it (or edit it),
        // and Return still gives OK when it is read-only.
        gtk_widget_grab_focus(focus)
        return dialog
    }

    private func makeTextView(in scrolled: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let buffer = gtk_text_buffer_new(nil)!
        self.buffer = buffer
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        // Right gravity: the mark stays after text added at the end.
        endMark = gtk_text_buffer_create_mark(buffer, nil, &end, 0)
        let view = gtk_text_view_new_with_buffer(buffer)!
        g_object_unref(buffer) // the view holds it
        textView = view
        // A window made shorter must still scroll to its last line.
        beckon_text_view_keep_page_size(view)
        // A text view has no label: the window's title names it.
        GtkAccessible.name(view, request.frame.title ?? "Text")
        gtk_text_view_set_editable(view.cast(), request.isEditable ? 1 : 0)
        gtk_text_view_set_wrap_mode(view.cast(), request.wraps ? GTK_WRAP_WORD : GTK_WRAP_NONE)
        gtk_text_view_set_pixels_above_lines(view.cast(), 2)
        gtk_text_view_set_pixels_below_lines(view.cast(), 2)
        gtk_text_view_set_left_margin(view.cast(), 2)
        gtk_text_view_set_right_margin(view.cast(), 2)
        if let font = request.font, let description = pango_font_description_from_string(font) {
            beckon_widget_set_font(view, description)
            pango_font_description_free(description)
        }
        gtk_container_add(scrolled.cast(), view)
        return view
    }

    private func addCheckbox(_ label: String, to box: UnsafeMutablePointer<GtkWidget>,
                             dialog: UnsafeMutablePointer<GtkWidget>) {
        let checkbox = gtk_check_button_new_with_label(label)!
        self.checkbox = checkbox
        gtk_box_pack_start(box.cast(), checkbox, 0, 0, 0)
        guard let ok = request.frame.defaultButtonIndex else { return }
        let okButton = beckon_dialog_button(dialog, Int32(ok))
        // A disabled OK says why to a screen reader, and stops saying it
        // once the box is ticked.
        let reason = AccessibleWords.localized.tickFirst(label)
        if let okButton { GtkAccessible.setSensitive(okButton, false, reason: reason) }
        GtkSignal.connect(checkbox, "toggled") { [self] in
            isChecked = gtk_toggle_button_get_active(checkbox.cast()) != 0
            if let okButton { GtkAccessible.setSensitive(okButton, isChecked, reason: reason) }
        }
        // Return on the default response, a mnemonic or code cannot give OK
        // while the box is clear, whatever the button's state.
        beckon_dialog_guard_response(dialog, Int32(ok), CallbackBox.call,
                                     CallbackBox.retain { [self] _, _ in isChecked ? 1 : 0 }, CallbackBox.release)
    }

    /// ctrl+Return clicks the default button, as in zenity's text dialog:
    /// in an editable text, Return is a line break. A disabled button (the
    /// checkbox still clear) does not take it.
    private func addControlReturn(to dialog: UnsafeMutablePointer<GtkWidget>) {
        guard let index = request.frame.defaultButtonIndex, let button = beckon_dialog_button(dialog, Int32(index))
        else { return }
        let group = gtk_accel_group_new()!
        gtk_window_add_accel_group(dialog.cast(), group)
        g_object_unref(UnsafeMutableRawPointer(group)) // the window holds it
        gtk_widget_add_accelerator(button, "clicked", group, guint(GDK_KEY_Return), GDK_CONTROL_MASK, GTK_ACCEL_VISIBLE)
    }

    // MARK: - Filling

    private func startFilling() {
        if case .url? = request.web { return inputEnded() } // the page is all there is
        switch request.source {
        case .text(let text):
            remainingText = text[...]
            if fillTextStep(bytes: Self.firstChunk) {
                fillSource = GtkSource.idle(priority: GDK_PRIORITY_REDRAW) { [self] in
                    let more = fillTextStep(bytes: Self.laterChunk)
                    if !more { fillSource = 0 }
                    return more
                }
            }
        case .file, .fileDescriptor:
            // Above GtkTextView's layout work (GDK_PRIORITY_REDRAW + 5), which
            // would otherwise take every idle turn of a long text and starve the
            // reading; below redraws, input and the timeout, so those come first.
            let input = TextInfoInput(request, priority: GDK_PRIORITY_REDRAW + 1,
                                      text: { [self] text in append(text) }, ended: { [self] in inputEnded() })
            self.input = input
            input.start(firstChunk: Self.firstChunk)
        }
    }

    /// Inserts up to `bytes` more of a string source; whether any is left.
    private func fillTextStep(bytes: Int) -> Bool {
        guard isOpen else { return false }
        var end = remainingText.startIndex
        var count = 0
        while end < remainingText.endIndex, count < bytes {
            count += remainingText[end].utf8.count
            end = remainingText.index(after: end)
        }
        append(String(remainingText[..<end]))
        remainingText = remainingText[end...]
        if remainingText.isEmpty { inputEnded() }
        return !remainingText.isEmpty
    }

    private func inputEnded() {
        guard isOpen, !inputIsDone else { return }
        inputIsDone = true
        if let webView {
            switch request.web {
            case .url(let address)?: beckon_web_view_load_uri(webView, Self.webAddress(address))
            case .html?, nil: beckon_web_view_load_html(webView, html, baseURI)
            }
        }
    }

    /// Adds `text` at the end of the buffer, and follows it when asked to.
    private func append(_ text: String) {
        guard !text.isEmpty else { return }
        guard let buffer else { html += text; return }
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        // A NUL would make GTK refuse the whole chunk; a string given by code may hold one.
        var text = text.utf8.contains(0) ? String(text.map { $0 == "\0" ? "\u{FFFD}" : $0 }) : text
        text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { gtk_text_buffer_insert(buffer, &end, $0.baseAddress, gint(utf8.count)) }
        }
        if request.followsEnd, let textView, let endMark {
            gtk_text_view_scroll_to_mark(textView.cast(), endMark, 0, 0, 0, 0)
        }
    }

    private func stopFilling() {
        isOpen = false
        input?.stop()
        input = nil
        if fillSource != 0 { g_source_remove(fillSource); fillSource = 0 }
    }

    /// What the window holds as it ends; it stops reading too.
    private func finish() -> TextInfoContent {
        var text: String?
        if request.isEditable, let buffer {
            input?.readRestOfRegularFile()
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            if let chars = gtk_text_buffer_get_text(buffer, &start, &end, 0) {
                text = String(cString: chars)
                g_free(chars)
            }
        }
        stopFilling()
        return TextInfoContent(text: text, isChecked: isChecked)
    }

    // MARK: - The web view

    /// What the dialog says when WebKit cannot be loaded.
    nonisolated static let webKitMissing = "HTML needs WebKit2GTK 4.1 (apt-get install libwebkit2gtk-4.1-0)"

    /// An address without a scheme gets http://, as in zenity; one with a
    /// scheme (file://, https://) is kept, where zenity would prefix it too.
    nonisolated static func webAddress(_ given: String) -> String {
        guard let scheme = g_uri_parse_scheme(given) else { return "http://" + given }
        defer { g_free(scheme) }
        // "localhost:8080" parses as a scheme too; an address names one with "://".
        return given.hasPrefix(String(cString: scheme) + "://") ? given : "http://" + given
    }

    /// Relative links in HTML from a file resolve in the file's folder.
    private var baseURI: String {
        guard case .file(let path) = request.source else { return "file:///" }
        let absolute = path.hasPrefix("/") ? path : Self.currentDirectory + "/" + path
        let folder = absolute.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return "file://" + folder + "/"
    }

    private static var currentDirectory: String {
        guard let cwd = g_get_current_dir() else { return "" }
        defer { g_free(cwd) }
        return String(cString: cwd)
    }
}

import CBeckonShim
import CGtk

/// Makes the GtkMessageDialog for a ``MessageRequest``.
extension MessageRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) -> DialogWindow<Void> {
        let dialog = beckon_message_dialog_new(
            nil, kind.gtkType,
            message.string, message.isMarkup ? 1 : 0,
            detail?.string, detail?.isMarkup == true ? 1 : 0)!
        frame.apply(to: dialog)
        // Markup's links follow the one rule, in the message and in its detail.
        for (secondary, text) in [(0, message), (1, detail)] where text?.isMarkup == true {
            if let label = beckon_message_dialog_label(dialog, gboolean(secondary)) { LinkPolicy.guardLinks(of: label) }
        }
        if let label = beckon_message_dialog_label(dialog, 0) {
            if !appearance.wrapsText { gtk_label_set_line_wrap(label.cast(), 0) }
            if appearance.isTextSelectable { beckon_label_set_selectable_after_first_frame(label) }
            if appearance.ellipsizesText {
                gtk_label_set_line_wrap(label.cast(), 0)
                gtk_label_set_ellipsize(label.cast(), PANGO_ELLIPSIZE_END)
            } else if Self.needsScrolling(message.string) {
                beckon_message_dialog_scroll_label(dialog, label, 60)
            }
        }
        beckon_message_dialog_set_icons(dialog, appearance.iconName, frame.windowIcon)
        // Above the image and the text, not in the message area: its labels are found by order.
        if let content = gtk_dialog_get_content_area(dialog.cast()) { frame.addHeading(to: content) }
        if let area = gtk_message_dialog_get_message_area(dialog.cast()) {
            frame.addCountdown(to: dialog, in: area)
        }
        return DialogWindow(widget: dialog) { _ in }
    }

    /// Whether `text` is long enough to push the buttons off a screen: a label
    /// is as tall as its text, and zenity's window grows with it (128 KiB of
    /// text made one 31,000 pixels tall).
    static func needsScrolling(_ text: String) -> Bool {
        text.utf8.count > 3_000 || text.utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count > 30
    }
}

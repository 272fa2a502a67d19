import CBeckonShim
import CGtk

/// Makes the GtkMessageDialog for a ``DialogRequest``.
@GtkActor
enum MessageDialogBuilder {
    static func build(_ request: DialogRequest) -> UnsafeMutablePointer<GtkWidget> {
        let dialog = beckon_message_dialog_new(
            nil, request.kind.gtkType,
            request.message.string, request.message.isMarkup ? 1 : 0,
            request.detail?.string, request.detail?.isMarkup == true ? 1 : 0)!
        if let title = request.title {
            gtk_window_set_title(dialog.cast(), title)
        }
        var defaultButton: UnsafeMutablePointer<GtkWidget>?
        for (index, button) in request.buttons.enumerated() {
            let widget = gtk_dialog_add_button(dialog.cast(), button.label, Int32(index))!
            let style = gtk_widget_get_style_context(widget)
            switch button.role {
            case .default:
                if request.appearance.highlightsDefaultButton {
                    gtk_style_context_add_class(style, "suggested-action")
                }
                if defaultButton == nil { defaultButton = widget }
            case .destructive:
                gtk_style_context_add_class(style, "destructive-action")
            case .cancel, .plain:
                break
            }
        }
        if let index = request.defaultButtonIndex, let defaultButton {
            gtk_dialog_set_default_response(dialog.cast(), Int32(index))
            // Return goes to the focused button first: focus the default one.
            gtk_widget_grab_focus(defaultButton)
        }
        apply(request.appearance, to: dialog)
        if request.appearance.showsCountdown, let timeout = request.timeout {
            let seconds = timeout.components.seconds + (timeout.components.attoseconds > 0 ? 1 : 0)
            beckon_message_dialog_add_countdown(dialog, UInt32(clamping: max(seconds, 0)))
        }
        if case .x11Window(let xid)? = request.parent {
            _ = beckon_window_attach_to_xid(dialog, UInt(xid))
        } else {
            // GtkMessageDialog hides itself from the taskbar, which suits a dialog
            // over its own window; one with no parent would be lost behind others.
            gtk_window_set_skip_taskbar_hint(dialog.cast(), 0)
        }
        return dialog
    }

    private static func apply(_ appearance: DialogAppearance, to dialog: UnsafeMutablePointer<GtkWidget>) {
        if appearance.width != nil || appearance.height != nil {
            gtk_window_set_default_size(
                dialog.cast(), Int32(clamping: appearance.width ?? -1), Int32(clamping: appearance.height ?? -1))
        }
        if let label = beckon_message_dialog_label(dialog, 0) {
            if !appearance.wrapsText { gtk_label_set_line_wrap(label.cast(), 0) }
            if appearance.isTextSelectable { gtk_label_set_selectable(label.cast(), 1) }
            if appearance.ellipsizesText {
                gtk_label_set_line_wrap(label.cast(), 0)
                gtk_label_set_ellipsize(label.cast(), PANGO_ELLIPSIZE_END)
            }
        }
        beckon_message_dialog_set_icons(dialog, appearance.iconName, appearance.windowIcon)
        gtk_window_set_modal(dialog.cast(), appearance.isModal ? 1 : 0)
    }
}

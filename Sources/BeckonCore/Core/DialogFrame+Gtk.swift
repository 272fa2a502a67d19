import BeckonIO
import CBeckonShim
import CGtk

/// The parts of a GtkDialog every kind shares, built the same way for all.
extension DialogFrame {
    /// Gives `dialog` the frame's title, buttons (response id = index), default
    /// button, size, modality and parent. The window icon is left to the
    /// caller: a message dialog loads its own with its image.
    @GtkActor
    func apply(to dialog: UnsafeMutablePointer<GtkWidget>) {
        if let title { gtk_window_set_title(dialog.cast(), title) }
        var defaultButton: UnsafeMutablePointer<GtkWidget>?
        for (index, button) in buttons.enumerated() {
            let widget = gtk_dialog_add_button(dialog.cast(), button.label, Int32(index))!
            let style = gtk_widget_get_style_context(widget)
            switch button.role {
            case .default:
                if highlightsDefaultButton { gtk_style_context_add_class(style, "suggested-action") }
                if defaultButton == nil { defaultButton = widget }
            case .destructive:
                gtk_style_context_add_class(style, "destructive-action")
            case .cancel, .plain:
                break
            }
        }
        if let index = defaultButtonIndex, let defaultButton {
            gtk_dialog_set_default_response(dialog.cast(), Int32(index))
            // Return goes to the focused button first: focus the default one.
            gtk_widget_grab_focus(defaultButton)
        }
        if width != nil || height != nil {
            beckon_window_set_default_size_within_screen(dialog, Int32(clamping: width ?? -1), Int32(clamping: height ?? -1))
        }
        gtk_window_set_modal(dialog.cast(), isModal ? 1 : 0)
        if case .x11Window(let xid)? = parent {
            _ = beckon_window_attach_to_xid(dialog, UInt(xid))
        } else {
            // Dialogs hide themselves from the taskbar, which suits a dialog over
            // its own window; one with no parent would be lost behind others.
            gtk_window_set_skip_taskbar_hint(dialog.cast(), 0)
        }
    }

    /// Sets ``windowIcon`` on `window`: an image file (a path with '/') or a
    /// themed name. Before the window maps, so the window manager never puts
    /// an icon of its own there.
    @GtkActor
    func applyWindowIcon(to window: UnsafeMutablePointer<GtkWidget>) {
        guard let windowIcon, !windowIcon.isEmpty else { return }
        beckon_window_set_icon(window, windowIcon)
    }

    /// Puts ``heading``, when there is one, first in `box`: big bold text, as
    /// libadwaita's AdwMessageDialog shows its heading.
    @GtkActor
    func addHeading(to box: UnsafeMutablePointer<GtkWidget>) {
        guard let heading else { return }
        let label = gtk_label_new(nil)!
        let escaped = g_markup_escape_text(heading, -1)!
        defer { g_free(escaped) }
        gtk_label_set_markup(label.cast(), "<span size=\"large\" weight=\"bold\">\(String(cString: escaped))</span>")
        gtk_label_set_line_wrap(label.cast(), 1)
        gtk_label_set_justify(label.cast(), GTK_JUSTIFY_CENTER)
        gtk_box_pack_start(box.cast(), label, 0, 0, 0)
        gtk_box_reorder_child(box.cast(), label, 0)
        gtk_widget_show(label)
    }

    /// Adds the "Closes in N seconds" line at the end of `box`, when asked for.
    @GtkActor
    func addCountdown(to dialog: UnsafeMutablePointer<GtkWidget>, in box: UnsafeMutablePointer<GtkWidget>) {
        guard showsCountdown, timeout != nil, let timeout = timeoutFromNow else { return }
        // What the session's deadline will say; it takes over once the window shows.
        beckon_dialog_add_countdown(dialog, box, DialogDeadline.after(timeout).secondsLeft())
    }
}

extension DialogFrame {
    /// A new GtkDialog with this frame: title, buttons, size, modality, parent,
    /// window icon and, when asked for, the heading and the countdown line. Returns the dialog
    /// and its content area, where a kind packs its own widgets (call
    /// `gtk_widget_show_all` on what it adds). `centered` puts it in the middle
    /// of the screen, as zenity does for a calendar, a list and a form.
    @GtkActor
    package func makeDialog(
        centered: Bool = false
    ) -> (dialog: UnsafeMutablePointer<GtkWidget>, content: UnsafeMutablePointer<GtkWidget>) {
        let dialog = gtk_dialog_new()!
        let content = gtk_dialog_get_content_area(dialog.cast())!
        gtk_container_set_border_width(content.cast(), 5)
        gtk_box_set_spacing(content.cast(), 6)
        apply(to: dialog)
        applyWindowIcon(to: dialog)
        addHeading(to: content)
        addCountdown(to: dialog, in: content)
        if centered { gtk_window_set_position(dialog.cast(), GTK_WIN_POS_CENTER) }
        return (dialog, content)
    }
}

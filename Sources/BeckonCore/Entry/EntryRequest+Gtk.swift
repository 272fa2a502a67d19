import CBeckonShim
import CGtk

/// Builds the window of an ``EntryRequest`` as zenity's entry dialog is laid
/// out: the prompt over the field, the field focused, Return answers OK.
extension EntryRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<String> {
        if let problem { throw DialogError.invalidRequest(problem) }
        let (dialog, content) = frame.makeDialog()
        keepReturnForTheDefault(dialog)

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_container_set_border_width(box.cast(), 6)
        let label = gtk_label_new_with_mnemonic(prompt)!
        gtk_label_set_xalign(label.cast(), 0)
        gtk_box_pack_start(box.cast(), label, 0, 0, 0)

        let field: UnsafeMutablePointer<GtkWidget>
        let entry: UnsafeMutablePointer<GtkWidget>
        if suggestions.isEmpty {
            field = gtk_entry_new()!
            entry = field
            gtk_entry_set_text(entry.cast(), text)
        } else {
            field = gtk_combo_box_text_new_with_entry()!
            for suggestion in suggestions { gtk_combo_box_text_append_text(field.cast(), suggestion) }
            entry = gtk_bin_get_child(field.cast())!
            if let index = suggestions.firstIndex(of: text) {
                gtk_combo_box_set_active(field.cast(), Int32(clamping: index))
            } else {
                gtk_entry_set_text(entry.cast(), text)
            }
        }
        gtk_entry_set_activates_default(entry.cast(), 1)
        if hidesText { gtk_entry_set_visibility(entry.cast(), 0) }
        gtk_label_set_mnemonic_widget(label.cast(), field)
        gtk_box_pack_start(box.cast(), field, 0, 0, 0)
        let row = iconName.map { name in
            // The icon beside the prompt and the field, as a message dialog's beside its text.
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            let image = beckon_image_new_for_icon(name)!
            gtk_widget_set_valign(image, GTK_ALIGN_START)
            gtk_box_pack_start(row.cast(), image, 0, 0, 0)
            gtk_box_pack_start(row.cast(), box, 1, 1, 0)
            return row
        } ?? box
        gtk_box_pack_start(content.cast(), row, 0, 1, 0)
        gtk_widget_show_all(row)
        // The frame focused the default button; the person types first.
        gtk_widget_grab_focus(entry)
        GtkEntrySelection.selectAllOnceActive(dialog, entry)

        return DialogWindow(widget: dialog) { _ in
            gtk_entry_get_text(entry.cast()).map { String(cString: $0) } ?? ""
        }
    }

    /// zenity's Cancel and OK do not take Return when focused: from Cancel too,
    /// Return still answers with the default button (Space presses Cancel).
    /// Other buttons take it, as GTK's buttons do.
    @GtkActor
    private func keepReturnForTheDefault(_ dialog: UnsafeMutablePointer<GtkWidget>) {
        for (index, button) in frame.buttons.enumerated() where button.role == .default || button.role == .cancel {
            if let widget = beckon_dialog_button(dialog, Int32(index)) { gtk_widget_set_receives_default(widget, 0) }
        }
    }
}

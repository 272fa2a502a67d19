import CBeckonShim
import CGtk

/// Builds the window of a ``PasswordRequest`` as zenity lays its password
/// dialog out: an icon and a heading, then a label and a field per line.
extension PasswordRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<Credentials> {
        if let problem { throw DialogError.invalidRequest(problem) }
        let (dialog, content) = frame.makeDialog()

        let top = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 5)!
        if let iconName {
            let image = gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_DIALOG)!
            gtk_box_pack_start(top.cast(), image, 0, 0, 12)
        }
        let headingLabel = gtk_label_new(heading)!
        if frame.title == nil { GtkAccessible.name(dialog, heading) }
        gtk_label_set_line_wrap(headingLabel.cast(), 1)
        gtk_label_set_xalign(headingLabel.cast(), 0)
        gtk_box_pack_start(top.cast(), headingLabel, 0, 0, 12)
        gtk_box_pack_start(content.cast(), top, 0, 1, 5)

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(grid.cast(), 12)
        gtk_grid_set_column_spacing(grid.cast(), 24)
        gtk_container_set_border_width(grid.cast(), 12)
        func addLine(_ text: String, row: Int32) -> UnsafeMutablePointer<GtkWidget> {
            let label = gtk_label_new(text)!
            gtk_label_set_xalign(label.cast(), 0)
            let field = gtk_entry_new()!
            gtk_widget_set_hexpand(field, 1)
            GtkAccessible.label(field, by: label)
            gtk_grid_attach(grid.cast(), label, 0, row, 1, 1)
            gtk_grid_attach(grid.cast(), field, 1, row, 1, 1)
            return field
        }
        // The password line goes in first: a GtkGrid lists its newest child
        // first to a screen reader, so this reads the user name before the
        // password, as they are seen.
        let passwordField = addLine(passwordLabel, row: 1)
        // Return in the user-name field does nothing, as in zenity: only the
        // password field answers with the default button.
        let usernameField = asksUsername ? addLine(usernameLabel, row: 0) : nil
        if let usernameField { gtk_entry_set_text(usernameField.cast(), username) }
        gtk_entry_set_visibility(passwordField.cast(), 0)
        gtk_entry_set_activates_default(passwordField.cast(), 1)
        gtk_box_pack_start(content.cast(), grid, 0, 1, 5)
        gtk_widget_show_all(top)
        gtk_widget_show_all(grid)
        // The frame focused the default button; the person types first.
        gtk_widget_grab_focus(usernameField ?? passwordField)

        return DialogWindow(widget: dialog) { _ in
            func text(_ field: UnsafeMutablePointer<GtkWidget>) -> String {
                gtk_entry_get_text(field.cast()).map { String(cString: $0) } ?? ""
            }
            return Credentials(username: usernameField.map(text), password: text(passwordField))
        }
    }
}

import CGtk

extension DialogText {
    /// A GtkLabel showing this text, as markup only when it is markup (its
    /// links under ``LinkPolicy``), aligned to the start as zenity's dialogs
    /// align theirs.
    @GtkActor
    func makeLabel() -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        if isMarkup {
            gtk_label_set_markup(label.cast(), string)
            LinkPolicy.guardLinks(of: label)
        } else {
            gtk_label_set_text(label.cast(), string)
        }
        gtk_label_set_xalign(label.cast(), 0)
        return label
    }
}

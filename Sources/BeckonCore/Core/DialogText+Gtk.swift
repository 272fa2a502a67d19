import CGtk

extension DialogText {
    /// `string` as markup when Pango parses it, else as plain text: what GTK
    /// would show of markup that does not parse is nothing at all.
    static func markupOrPlain(_ string: String) -> DialogText {
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(string, -1, 0, nil, nil, nil, &error) != 0 else {
            if error != nil { g_error_free(error) }
            return .plain(string)
        }
        return .markup(string)
    }
}

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

extension DialogText {
    /// The text as a screen reader should say it: markup's tags taken off by
    /// Pango's own parser (the string as given if it does not parse).
    var plainText: String {
        guard isMarkup else { return string }
        var plain: UnsafeMutablePointer<CChar>?
        guard pango_parse_markup(string, -1, 0, nil, &plain, nil, nil) != 0, let plain else { return string }
        defer { g_free(plain) }
        return String(cString: plain)
    }
}

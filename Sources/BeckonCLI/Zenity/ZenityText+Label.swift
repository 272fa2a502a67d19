import BeckonCore

extension ZenityText {
    /// The text of a label that zenity sets with `gtk_label_set_markup
    /// (g_strcompress (text))` (scale, calendar): GLib escapes, then markup;
    /// broken markup is shown as plain text with a warning naming `option`.
    /// Without `given`, the dialog's `default` text, literally.
    static func labelText(_ given: String?, default defaultText: String,
                          option: String) -> (text: DialogText, warning: String?) {
        guard let given else { return (.plain(defaultText), nil) }
        let compressed = compress(given)
        if let error = markupError(compressed) {
            return (.plain(compressed), "beckon: warning: \(option) is not valid Pango markup (\(error)); "
                + "showing it as plain text")
        }
        return (.markup(compressed), nil)
    }
}

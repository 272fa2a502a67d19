import CGtk

/// GTK's own button labels, in the process's language ("gtk30" domain).
public enum GtkLabels {
    /// "_OK", translated.
    public static var ok: String { translated("_OK") }
    /// "_Cancel", translated.
    public static var cancel: String { translated("_Cancel") }

    /// `text` from GTK's catalogue; itself when untranslated.
    public static func translated(_ text: String) -> String {
        translated(text, domain: "gtk30")
    }

    /// `text` from gettext's `domain`; itself when untranslated.
    package static func translated(_ text: String, domain: String) -> String {
        // Untranslated, g_dgettext returns the msgid pointer itself: copy it
        // while the temporary C string is still alive.
        text.withCString { msgid in
            guard let translated = g_dgettext(domain, msgid) else { return text }
            return String(cString: translated)
        }
    }
}

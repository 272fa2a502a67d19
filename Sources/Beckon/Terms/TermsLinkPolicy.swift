import CGtk

/// Which links in the terms may open, and opening them with the desktop's handler.
public enum TermsLinkPolicy {
    /// The schemes that open: web pages and mail. Anything else (file:, a custom
    /// scheme that launches a program, a relative link) is ignored with a warning.
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// Whether `url` may open.
    public static func allows(_ url: String) -> Bool {
        guard let scheme = scheme(of: url) else { return false }
        return allowedSchemes.contains(scheme)
    }

    /// The URL's scheme in lowercase, as GLib parses it; nil for a relative link.
    public static func scheme(of url: String) -> String? {
        guard let scheme = g_uri_parse_scheme(url) else { return nil }
        defer { g_free(scheme) }
        return String(cString: scheme).lowercased()
    }

    /// Opens `url` with `gtk_show_uri_on_window` when allowed; warns otherwise.
    @GtkActor
    static func open(_ url: String, from window: UnsafeMutablePointer<GtkWidget>?, warn: (String) -> Void) {
        guard allows(url) else {
            warn("ignored a link to \(url): only http, https and mailto links open")
            return
        }
        var error: UnsafeMutablePointer<GError>?
        if gtk_show_uri_on_window(window?.cast(), url, guint32(GDK_CURRENT_TIME), &error) == 0 {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if error != nil { g_error_free(error) }
            warn("cannot open \(url): \(reason)")
        }
    }
}

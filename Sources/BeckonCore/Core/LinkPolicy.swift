import CGtk

/// Which links a dialog may open, and opening them: the one rule for every
/// link Beckon shows, in the terms and in any label with markup.
///
/// Only web pages and mail open: `http`, `https` and `mailto`, in any case.
/// Anything else (`file:`, `ssh:`, a custom scheme that starts a program, a
/// relative link) is refused. A `mailto:` link is rebuilt from its recipients
/// and the header fields that only fill in a message (``mailtoFields``);
/// `attach`, `attachment`, `file` and every other field are dropped, so a link
/// cannot make the mail client attach `/etc/shadow`. GLib parses the link
/// (`g_uri_parse`, `g_uri_params_iter`), so a field's name is compared once
/// decoded: `%61ttach` is `attach`.
public enum LinkPolicy {
    /// The schemes that open: web pages and mail.
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// The `mailto:` header fields a link keeps, in lowercase.
    public static let mailtoFields: Set<String> = ["to", "cc", "bcc", "subject", "body", "in-reply-to"]

    /// The link as it may open: `url` itself for a web page, a rebuilt
    /// `mailto:` for mail; nil when it may not open at all.
    public static func permitted(_ url: String) -> String? {
        vet(url)?.url
    }

    /// Whether `url` may open (perhaps with fields dropped, for `mailto:`).
    public static func allows(_ url: String) -> Bool {
        permitted(url) != nil
    }

    /// The URL's scheme in lowercase, as GLib parses it; nil for a relative link.
    public static func scheme(of url: String) -> String? {
        guard let scheme = g_uri_parse_scheme(url) else { return nil }
        defer { g_free(scheme) }
        return String(cString: scheme).lowercased()
    }

    /// What may open of `url`, and the names of the `mailto:` fields dropped.
    static func vet(_ url: String) -> (url: String, dropped: [String])? {
        guard let scheme = scheme(of: url), allowedSchemes.contains(scheme) else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_uri_parse(url, G_URI_FLAGS_ENCODED, &error) else {
            if error != nil { g_error_free(error) }
            return nil
        }
        defer { g_uri_unref(uri) }
        guard scheme == "mailto" else { return (url, []) }
        return mailto(uri)
    }

    /// A `mailto:` rebuilt from the recipients and the kept fields, each
    /// decoded by GLib and encoded again, in their order, repeats included.
    private static func mailto(_ uri: OpaquePointer) -> (url: String, dropped: [String])? {
        // mailto has recipients, never a host: "mailto://host/…" is not mail.
        guard g_uri_get_host(uri) == nil else { return nil }
        guard let recipients = decoded(String(cString: g_uri_get_path(uri))) else { return nil }
        var fields: [String] = []
        var dropped: [String] = []
        if let query = g_uri_get_query(uri) {
            var iter = GUriParamsIter()
            g_uri_params_iter_init(&iter, query, -1, "&", G_URI_PARAMS_NONE)
            while true {
                var name: UnsafeMutablePointer<gchar>?
                var value: UnsafeMutablePointer<gchar>?
                var error: UnsafeMutablePointer<GError>?
                let more = g_uri_params_iter_next(&iter, &name, &value, &error)
                defer { g_free(name); g_free(value) }
                if error != nil {
                    // A field GLib cannot decode (a bad escape, a NUL) is not kept.
                    g_error_free(error)
                    return nil
                }
                guard more != 0, let name, let value else { break }
                let field = String(cString: name).lowercased()
                if mailtoFields.contains(field) {
                    fields.append(field + "=" + encoded(String(cString: value), keeping: nil))
                } else {
                    dropped.append(field)
                }
            }
        }
        let url = "mailto:" + encoded(recipients, keeping: "@,+") + (fields.isEmpty ? "" : "?" + fields.joined(separator: "&"))
        return (url, dropped)
    }

    private static func decoded(_ text: String) -> String? {
        guard let plain = g_uri_unescape_string(text, nil) else { return nil }
        defer { g_free(plain) }
        return String(cString: plain)
    }

    private static func encoded(_ text: String, keeping reserved: String?) -> String {
        let escaped = g_uri_escape_string(text, reserved, 0)!
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// Opens `url` with the desktop's handler (`gtk_show_uri_on_window`) when
    /// the rule allows it, as rebuilt; warns instead, or also when fields
    /// were dropped from a `mailto:` link.
    @GtkActor
    public static func open(_ url: String, from window: UnsafeMutablePointer<GtkWidget>?,
                            warn: (String) -> Void) {
        // The link is content: shown on stderr, which is often a terminal, it must not drive it.
        let shown = TerminalText.printable(url, lineBreaks: false)
        guard let (permitted, dropped) = vet(url) else {
            warn("ignored a link to \(shown): only http, https and mailto links open")
            return
        }
        if !dropped.isEmpty {
            let names = dropped.map { TerminalText.printable($0, lineBreaks: false) }.joined(separator: ", ")
            warn("opening \(TerminalText.printable(permitted, lineBreaks: false)) without the link's \(names): "
                + "a mailto link keeps only to, cc, bcc, subject, body and in-reply-to")
        }
        var error: UnsafeMutablePointer<GError>?
        if gtk_show_uri_on_window(window?.cast(), permitted, guint32(GDK_CURRENT_TIME), &error) == 0 {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if error != nil { g_error_free(error) }
            warn("cannot open \(shown): \(reason)")
        }
    }
}

import BeckonIO
import CBeckonShim
import CGtk

extension LinkPolicy {
    /// Puts the links of `label`'s markup (`<a href="…">`) under this rule:
    /// GTK alone would hand any scheme to the desktop's handler, `file:` and
    /// custom ones included. A refused link is a line for `warn` and opens nothing.
    @GtkActor
    static func guardLinks(of label: UnsafeMutablePointer<GtkWidget>,
                           warn: @escaping @Sendable (String) -> Void = WarningSink.standardError) {
        beckon_label_watch_links(label, CallbackBox.call, CallbackBox.retain { _, _ in
            // The link being activated: GTK's answer while "activate-link" runs.
            guard let uri = gtk_label_get_current_uri(label.cast()) else { return 0 }
            open(String(cString: uri), from: gtk_widget_get_toplevel(label), warn: warn)
            return 0
        }, CallbackBox.release)
    }
}

import CBeckonShim
import CGtk

/// Where default labels, titles and texts come from.
///
/// Button labels use GTK's own translations (the "gtk30" domain), so they read
/// as in every other GTK dialog of the desktop: "キャンセル(_C)" under ja_JP.
/// Titles and default texts use zenity's catalogue when zenity's translations are
/// installed, and English otherwise.
public struct Translations: Sendable {
    public var gtk: @Sendable (String) -> String
    public var zenity: @Sendable (String) -> String

    public init(gtk: @escaping @Sendable (String) -> String, zenity: @escaping @Sendable (String) -> String) {
        self.gtk = gtk
        self.zenity = zenity
    }

    /// English, untranslated: for tests.
    public static let english = Translations(gtk: { $0 }, zenity: { $0 })

    /// The process's locale. Call after `setlocale` (GTK's init does it).
    public static let system: Translations = {
        // GTK asks for UTF-8 from its own domain; zenity's must be asked too,
        // or a non-UTF-8 locale would hand back bytes GTK cannot show.
        beckon_textdomain_use_utf8("zenity")
        return Translations(gtk: { translate("gtk30", $0) }, zenity: { translate("zenity", $0) })
    }()

    private static func translate(_ domain: String, _ text: String) -> String {
        // Untranslated, g_dgettext returns the msgid pointer itself: copy it
        // while the temporary C string is still alive.
        text.withCString { msgid in
            guard let translated = g_dgettext(domain, msgid) else { return text }
            return String(cString: translated)
        }
    }
}

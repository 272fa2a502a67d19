import BeckonCore
import CBeckonShim

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
        return Translations(gtk: { GtkLabels.translated($0) }, zenity: { GtkLabels.translated($0, domain: "zenity") })
    }()
}

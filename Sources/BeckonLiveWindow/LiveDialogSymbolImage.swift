import BeckonCore
import BeckonLiveDialog
import CBeckonShim
import CGtk

/// Draws an ``SFSymbol`` in a GtkImage: the freedesktop icon ``SFSymbolMap``
/// declares for it (the fallback, with one warning, when it declares none),
/// recoloured through the image's own CSS, and named for a screen reader.
///
/// The image keeps the icon's name (`gtk_image_set_from_icon_name`), so it
/// follows the theme and the scale, and GTK recolours a symbolic icon with
/// the CSS `color` of its style context (`colour1`) and `-gtk-icon-palette`
/// (`colour2`, for the parts a theme marks success, warning or error).
@GtkActor
enum LiveDialogSymbolImage {
    /// Shows `symbol` in `image`, `size` pixels square.
    static func show(_ symbol: SFSymbol, in image: UnsafeMutablePointer<GtkWidget>, size: Int) {
        gtk_image_set_from_icon_name(image.cast(), SFSymbolMap.resolve(symbol.name), GTK_ICON_SIZE_DIALOG)
        gtk_image_set_pixel_size(image.cast(), Int32(size))
        setCSS(css(for: symbol), on: image)
        GtkAccessible.name(image, symbol.words)
        gtk_widget_show(image)
    }

    /// The CSS that recolours the symbol, or "" for the theme's colours
    /// (`colour=auto`, or no colour given).
    static func css(for symbol: SFSymbol) -> String {
        guard !symbol.autoColour else { return "" }
        var rules: [String] = []
        if let colour = symbol.colour1?.css { rules.append("color: \(colour);") }
        if let colour = symbol.colour2?.css {
            rules.append("-gtk-icon-palette: success \(colour), warning \(colour), error \(colour);")
        }
        return rules.isEmpty ? "" : "* { \(rules.joined(separator: " ")) }"
    }

    /// Gives `image` alone the rules `css` ("" clears them): one provider per
    /// image, made the first time and reloaded after.
    static func setCSS(_ css: String, on image: UnsafeMutablePointer<GtkWidget>) {
        let object = UnsafeMutableRawPointer(image).assumingMemoryBound(to: GObject.self)
        var provider = g_object_get_data(object, providerKey)?.assumingMemoryBound(to: GtkCssProvider.self)
        if provider == nil {
            guard !css.isEmpty, let made = gtk_css_provider_new() else { return }
            gtk_style_context_add_provider(gtk_widget_get_style_context(image), OpaquePointer(made),
                                           guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            // The image holds the provider's one reference.
            g_object_set_data_full(object, providerKey, UnsafeMutableRawPointer(made)) { g_object_unref($0) }
            provider = made
        }
        gtk_css_provider_load_from_data(provider, css, -1, nil)
    }

    private static let providerKey = "beckon-symbol-css"
}

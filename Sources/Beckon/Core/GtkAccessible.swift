import CGtk

/// What a screen reader hears of a widget: its accessible name and
/// description, set on the ATK object GTK 3 gives every widget (and which its
/// bridge shows on AT-SPI), for the widgets whose visible text does not name
/// them already.
enum GtkAccessible {
    /// Names `widget` for screen readers, where no label of its own does.
    @GtkActor
    static func name(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        guard !name.isEmpty, let object = gtk_widget_get_accessible(widget) else { return }
        atk_object_set_name(object, name)
    }

    /// Tells a screen reader what `widget` is for, or why it is disabled.
    @GtkActor
    static func describe(_ widget: UnsafeMutablePointer<GtkWidget>, _ description: String) {
        guard let object = gtk_widget_get_accessible(widget) else { return }
        atk_object_set_description(object, description)
    }

    /// Makes `label` the visible name of `field`: GTK's accessible label then
    /// adds the labelled-by and label-for relations a screen reader follows.
    @GtkActor
    static func label(_ field: UnsafeMutablePointer<GtkWidget>, by label: UnsafeMutablePointer<GtkWidget>) {
        gtk_label_set_mnemonic_widget(label.cast(), field)
    }
}

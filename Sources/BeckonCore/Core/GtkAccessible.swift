import CBeckonShim
import CGtk

/// What a screen reader hears of a widget: its accessible name and
/// description, set on the ATK object GTK 3 gives every widget (and which its
/// bridge shows on AT-SPI), for the widgets whose visible text does not name
/// them already.
package enum GtkAccessible {
    /// Names `widget` for screen readers, where no label of its own does.
    @GtkActor
    package static func name(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        guard !name.isEmpty, let object = gtk_widget_get_accessible(widget) else { return }
        atk_object_set_name(object, name)
    }

    /// Tells a screen reader what `widget` is for, or why it is disabled.
    @GtkActor
    package static func describe(_ widget: UnsafeMutablePointer<GtkWidget>, _ description: String) {
        guard let object = gtk_widget_get_accessible(widget) else { return }
        atk_object_set_description(object, description)
    }

    /// Makes `label` the visible name of `field`: GTK's accessible label then
    /// adds the labelled-by and label-for relations a screen reader follows.
    @GtkActor
    package static func label(_ field: UnsafeMutablePointer<GtkWidget>, by label: UnsafeMutablePointer<GtkWidget>) {
        gtk_label_set_mnemonic_widget(label.cast(), field)
    }

    /// Makes `explanation` what a screen reader reads as `widget`'s
    /// description (a described-by relation).
    @GtkActor
    package static func describe(_ widget: UnsafeMutablePointer<GtkWidget>, by explanation: UnsafeMutablePointer<GtkWidget>) {
        guard let object = gtk_widget_get_accessible(widget), let target = gtk_widget_get_accessible(explanation) else { return }
        _ = atk_object_add_relationship(object, ATK_RELATION_DESCRIBED_BY, target)
    }

    /// Enables or disables `widget`; while disabled, `reason` is its
    /// description, so a screen reader says why, and nothing once enabled.
    @GtkActor
    package static func setSensitive(_ widget: UnsafeMutablePointer<GtkWidget>, _ sensitive: Bool, reason: String) {
        gtk_widget_set_sensitive(widget, sensitive ? 1 : 0)
        describe(widget, sensitive ? "" : reason)
    }

    /// Gives `widget` the status-bar role: a line that reports state, which a
    /// screen reader reads on request (Orca: KP_Enter) rather than as plain text.
    @GtkActor
    package static func markAsStatus(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let object = gtk_widget_get_accessible(widget) else { return }
        atk_object_set_role(object, ATK_ROLE_STATUSBAR)
    }

    /// Has a screen reader say `text` now, wherever the focus is (ATK 2.46's
    /// announcement; nothing with an older ATK).
    @GtkActor
    package static func announce(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        _ = beckon_accessible_announce(widget, text)
    }
}

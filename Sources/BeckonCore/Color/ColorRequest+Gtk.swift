import CBeckonShim
import CGtk

/// Makes the window for a ``ColorRequest``: GTK's colour chooser in the core's
/// dialog, behaving as `GtkColorChooserDialog` does.
extension ColorRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<RGBAColor> {
        try validate()
        let (dialog, content) = frame.makeDialog()
        // Untitled, as in zenity, but named for a screen reader in GTK's own
        // words (GtkColorButton's title, already translated).
        if frame.title == nil { GtkAccessible.name(dialog, GtkLabels.translated("Pick a Color")) }
        // GtkColorChooserDialog's own frame: a fixed size, and its spacing,
        // so the window is the size of GTK's (and zenity's) colour dialog.
        gtk_window_set_resizable(dialog.cast(), 0)
        gtk_container_set_border_width(dialog.cast(), 5)
        gtk_container_set_border_width(content.cast(), 2)
        gtk_box_set_spacing(content.cast(), 2)
        let chooser = gtk_color_chooser_widget_new()!
        gtk_container_set_border_width(chooser.cast(), 5)
        gtk_color_chooser_set_use_alpha(OpaquePointer(chooser), allowsAlpha ? 1 : 0)
        // In this order, as zenity does it: the colour, then the view. The
        // editor takes the selected swatch's colour as it opens.
        var starting = GdkRGBA(red: startingColor.red, green: startingColor.green, blue: startingColor.blue,
                               alpha: startingColor.alpha)
        gtk_color_chooser_set_rgba(OpaquePointer(chooser), &starting)
        beckon_color_chooser_set_show_editor(chooser, showsPalette ? 0 : 1)
        beckon_color_chooser_describe(chooser)
        gtk_box_pack_start(content.cast(), chooser, 1, 1, 0)
        // Not show_all: the chooser shows its own parts, the editor or the
        // palette, and keeps the others hidden.
        gtk_widget_show(chooser)

        let defaultIndex = frame.defaultButtonIndex
        if let defaultIndex {
            // A swatch activated (double click, Return on the selected one)
            // answers as the default button, as in GTK's colour dialog.
            beckon_color_chooser_on_color_activated(chooser, CallbackBox.call, CallbackBox.retain { _, _ in
                gtk_dialog_response(dialog.cast(), Int32(defaultIndex))
                return 0
            }, CallbackBox.release)
        }
        // The core focused the default button; GTK's colour dialog leaves the
        // focus to GtkDialog, which gives it to the first field (the editor's
        // colour-name entry, or the first swatch) as the window maps. Under
        // Plasma the editor's first field is GTK's eyedropper, shown where
        // KWin's colour picker answers on the bus: typed text went nowhere
        // and Return asked KWin to pick (on X11 the display then stopped
        // answering; PlasmaDesktopTests).
        // So the entry is given the focus once the window is active, after GtkDialog's choice.
        gtk_window_set_focus(dialog.cast(), nil)
        if !showsPalette, let entry = beckon_color_chooser_editor_entry(chooser) {
            GtkEntrySelection.focusOnceActive(dialog, entry)
        }

        return DialogWindow(widget: dialog) { ending in
            var rgba = GdkRGBA()
            gtk_color_chooser_get_rgba(OpaquePointer(chooser), &rgba)
            if case .response(let id) = ending, let defaultIndex, id == defaultIndex {
                // As GtkColorChooserDialog does on OK: setting the colour again
                // keeps it among the chooser's custom colours (GSettings).
                gtk_color_chooser_set_rgba(OpaquePointer(chooser), &rgba)
            }
            return RGBAColor(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
        }
    }
}

import CGtk

/// Makes the scale dialog for a ``ScaleRequest``: zenity's layout, a text
/// above a horizontal GtkScale with the number drawn on its right.
extension ScaleRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<Int> {
        try validate()
        let (dialog, content) = frame.makeDialog()
        let box = gtk_box_new(GtkOrientation(rawValue: 1), 6)! // vertical
        gtk_container_set_border_width(box.cast(), 5)
        if let text {
            let label = text.makeLabel()
            gtk_widget_set_margin_top(label, 4)
            gtk_widget_set_margin_bottom(label, 4)
            gtk_box_pack_start(box.cast(), label, 0, 0, 0)
        }
        // zenity's adjustment: Page Up and Page Down move by a step, as the arrows do.
        let adjustment = gtk_adjustment_new(
            Double(initial), Double(range.lowerBound), Double(range.upperBound), Double(step), Double(step), 0)
        let scale = gtk_scale_new(GtkOrientation(rawValue: 0), adjustment)! // horizontal
        gtk_scale_set_digits(scale.cast(), 0)
        gtk_scale_set_value_pos(scale.cast(), GtkPositionType(rawValue: 1)) // GTK_POS_RIGHT
        gtk_scale_set_draw_value(scale.cast(), showsValue ? 1 : 0)
        if let text { GtkAccessible.name(scale, text.plainText) }
        gtk_box_pack_start(box.cast(), scale, 1, 1, 0)
        gtk_box_pack_start(content.cast(), box, 0, 1, 0)
        gtk_widget_show_all(box)

        let read = { @GtkActor in Int(gtk_range_get_value(scale.cast()).rounded(.toNearestOrEven)) }
        if let onChange {
            GtkSignal.connect(scale, "value-changed") { onChange(read()) }
        }
        // The arrow keys move the scale at once; Return still gives OK, the default.
        gtk_widget_grab_focus(scale)
        return DialogWindow(widget: dialog) { _ in read() }
    }
}

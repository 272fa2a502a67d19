import CGtk

/// Makes the calendar dialog for a ``CalendarRequest``: zenity's layout, a
/// text, a mnemonic label and a GtkCalendar.
extension CalendarRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<CalendarDate> {
        try validate()
        let (dialog, content) = frame.makeDialog(centered: true)
        let box = gtk_box_new(GtkOrientation(rawValue: 1), 6)! // vertical
        gtk_container_set_border_width(box.cast(), 5)
        if let text {
            let label = text.makeLabel()
            gtk_label_set_line_wrap(label.cast(), 1)
            gtk_box_pack_start(box.cast(), label, 1, 1, 0)
        }
        let calendar = gtk_calendar_new()!
        if let calendarLabel {
            let label = gtk_label_new_with_mnemonic(calendarLabel)!
            gtk_label_set_xalign(label.cast(), 0)
            gtk_label_set_mnemonic_widget(label.cast(), calendar)
            gtk_box_pack_start(box.cast(), label, 0, 0, 0)
        }
        // The calls zenity makes, in its order, so the keyboard's cursor in the
        // calendar starts where zenity's does.
        let date = initial ?? .today
        gtk_calendar_select_month(calendar.cast(), UInt32(date.month - 1), UInt32(date.year))
        gtk_calendar_select_day(calendar.cast(), UInt32(date.day))
        gtk_box_pack_start(box.cast(), calendar, 0, 0, 0)
        gtk_box_pack_start(content.cast(), box, 0, 1, 0)
        gtk_widget_show_all(box)

        if let ok = frame.defaultButtonIndex {
            GtkSignal.connect(calendar, "day-selected-double-click") {
                gtk_dialog_response(dialog.cast(), Int32(ok))
            }
        }
        return DialogWindow(widget: dialog) { _ in
            var year: guint = 0, month: guint = 0, day: guint = 0
            gtk_calendar_get_date(calendar.cast(), &year, &month, &day)
            return CalendarDate(year: Int(year), month: Int(month) + 1, day: Int(day))
        }
    }
}

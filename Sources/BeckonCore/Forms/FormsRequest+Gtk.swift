import CBeckonShim
import CGtk

/// Builds the window of a ``FormsRequest`` as zenity lays out its forms: the
/// heading in bold as a frame's label, then a grid of labels and fields. As in
/// zenity no button is the default (Return does not press OK) and the first
/// field takes the focus.
extension FormsRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<[FormFieldValue]> {
        try validate()
        let (dialog, content) = frame.makeDialog(centered: true)
        gtk_window_set_default(dialog.cast(), nil)
        // A window with no title is named by its heading, as a screen reader reads it.
        if frame.title == nil, let text { GtkAccessible.name(dialog, text.plainText) }

        let box = gtk_frame_new(nil)!
        if let text {
            let heading = text.makeLabel()
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_weight_new(PANGO_WEIGHT_BOLD))
            gtk_label_set_attributes(heading.cast(), attributes)
            pango_attr_list_unref(attributes)
            gtk_frame_set_label_widget(box.cast(), heading)
        }
        let grid = gtk_grid_new()!
        gtk_widget_set_margin_start(grid, 12)
        gtk_widget_set_margin_end(grid, 6)
        gtk_widget_set_margin_top(grid, 12)
        gtk_widget_set_margin_bottom(grid, 6)
        gtk_grid_set_row_spacing(grid.cast(), 6)
        gtk_grid_set_column_spacing(grid.cast(), 10)
        gtk_container_add(box.cast(), grid)
        gtk_box_pack_start(content.cast(), box, 0, 1, 0)

        let problemLabel = gtk_label_new(nil)!
        gtk_label_set_xalign(problemLabel.cast(), 0)
        gtk_label_set_line_wrap(problemLabel.cast(), 1)
        gtk_box_pack_start(content.cast(), problemLabel, 0, 0, 0)

        var readers: [@GtkActor () -> FormFieldValue] = []
        var emptiness: [(@GtkActor () -> Bool)?] = []
        var watchers: [(UnsafeMutableRawPointer, String)] = []
        // Last row first: a GtkGrid lists its newest child first to a screen
        // reader, so this reads the fields top to bottom, as they are seen.
        for (row, field) in fields.enumerated().reversed() {
            let label = gtk_label_new(field.label)!
            gtk_widget_set_halign(label, GTK_ALIGN_START)
            let made = Self.makeField(field)
            gtk_widget_set_hexpand(made.widget, 1)
            gtk_grid_attach(grid.cast(), made.widget, 1, Int32(row), 1, 1)
            gtk_grid_attach(grid.cast(), label, 0, Int32(row), 1, 1)
            // The label names the field (makeField names a scrolled one's view).
            GtkAccessible.label(made.widget, by: label)
            readers.insert(made.read, at: 0)
            emptiness.insert(made.isEmpty, at: 0)
            watchers.insert(made.changes, at: 0)
        }
        gtk_widget_show_all(box)

        // Rules: OK waits, with a line saying what is wrong, until all are kept.
        if fields.contains(where: { !$0.rule.isEmpty }), let ok = frame.defaultButtonIndex,
           let okButton = beckon_dialog_button(dialog, Int32(ok)) {
            // A change checks only the field that changed (FormRuleChecks).
            // Called on GTK's thread, from the handlers below and from here.
            let (fieldReaders, fieldEmptiness) = (readers, emptiness)
            let read: (Int) -> FormFieldValue = { index in GtkActor.assumeIsolated { fieldReaders[index]() } }
            let isEmpty: (Int) -> Bool? = { index in GtkActor.assumeIsolated { fieldEmptiness[index]?() } }
            let checks = FormChecksBox(FormRuleChecks(fields: fields, read: read, isEmpty: isEmpty))
            let show: @GtkActor () -> Void = { [self] in
                let problem = self.problem(fieldProblems: checks.value.problems)
                GtkAccessible.setSensitive(okButton, problem == nil, reason: problem ?? "")
                gtk_widget_set_tooltip_text(okButton, problem)
                gtk_label_set_text(problemLabel.cast(), problem ?? "")
                if problem == nil { gtk_widget_hide(problemLabel) } else { gtk_widget_show(problemLabel) }
            }
            for index in fields.indices where !fields[index].rule.isEmpty {
                let (instance, signal) = watchers[index]
                GtkSignal.connect(instance, signal) {
                    checks.value.changed(index, read: read, isEmpty: isEmpty)
                    show()
                }
            }
            show()
        }
        // No focus yet: GTK gives it to the first field as the window shows,
        // as in zenity, which also selects a first list's first row.
        gtk_window_set_focus(dialog.cast(), nil)

        return DialogWindow(widget: dialog) { _ in readers.map { $0() } }
    }

    /// One field's widget, how to read it, for a text field how to tell it is
    /// empty without reading its text, and the object and signal that say it changed.
    @GtkActor
    private static func makeField(_ field: FormField) -> (
        widget: UnsafeMutablePointer<GtkWidget>,
        read: @GtkActor () -> FormFieldValue, isEmpty: (@GtkActor () -> Bool)?,
        changes: (UnsafeMutableRawPointer, String)
    ) {
        switch field.kind {
        case .entry, .password:
            let entry = gtk_entry_new()!
            if case .text(let text)? = field.initial { gtk_entry_set_text(entry.cast(), text) }
            if field.kind == .password { gtk_entry_set_visibility(entry.cast(), 0) }
            return (entry, { .text(gtk_entry_get_text(entry.cast()).map { String(cString: $0) } ?? "") },
                    { gtk_entry_get_text_length(entry.cast()) == 0 }, (UnsafeMutableRawPointer(entry), "changed"))
        case .multilineEntry:
            return makeMultilineEntry(field)
        case .calendar:
            let calendar = gtk_calendar_new()!
            if case .date(let date)? = field.initial {
                gtk_calendar_select_month(calendar.cast(), UInt32(date.month - 1), UInt32(date.year))
                gtk_calendar_select_day(calendar.cast(), UInt32(date.day))
            }
            return (calendar, {
                var year: guint = 0, month: guint = 0, day: guint = 0
                gtk_calendar_get_date(calendar.cast(), &year, &month, &day)
                return .date(CalendarDate(year: Int(year), month: Int(month) + 1, day: Int(day)))
            }, nil, (UnsafeMutableRawPointer(calendar), "day-selected"))
        case .list(let columns, let rows, let showsHeader):
            let store = beckon_list_store_new(Int32(columns.count), 0)!
            appendRows(rows, columns: columns.count, to: store)
            let tree = gtk_tree_view_new_with_model(OpaquePointer(store))!
            GtkAccessible.name(tree, field.label)
            g_object_unref(store)
            for (index, title) in columns.enumerated() {
                _ = beckon_tree_view_append_text_column(tree, title, Int32(index), 0)
            }
            gtk_tree_view_set_headers_visible(tree.cast(), showsHeader ? 1 : 0)
            if case .row(let row?)? = field.initial, let path = gtk_tree_path_new_from_string(String(row)) {
                gtk_tree_view_set_cursor(tree.cast(), path, nil, 0)
                gtk_tree_path_free(path)
            }
            let scrolled = gtk_scrolled_window_new(nil, nil)!
            gtk_widget_set_size_request(scrolled, -1, 100)
            gtk_container_add(scrolled.cast(), tree)
            let selection = gtk_tree_view_get_selection(tree.cast())!
            return (scrolled, {
                var count: Int32 = 0
                guard let chosen = beckon_tree_view_chosen_rows(tree, &count) else { return .row(nil) }
                defer { g_free(chosen) }
                guard count > 0 else { return .row(nil) }
                let index = beckon_list_store_row_index(store, chosen[0])
                return .row(index < 0 ? nil : Int(index))
            }, nil, (UnsafeMutableRawPointer(selection), "changed"))
        case .combo(let choices):
            let combo = gtk_combo_box_text_new()!
            for choice in choices { gtk_combo_box_text_append_text(combo.cast(), choice) }
            if case .choice(let index?)? = field.initial { gtk_combo_box_set_active(combo.cast(), Int32(index)) }
            return (combo, {
                let active = gtk_combo_box_get_active(combo.cast())
                return .choice(active < 0 ? nil : Int(active))
            }, nil, (UnsafeMutableRawPointer(combo), "changed"))
        }
    }

    /// zenity 4.2's multi-line entry: a text view that wraps at words, in a
    /// scrolled window, that leaves Tab to move between fields.
    @GtkActor
    private static func makeMultilineEntry(_ field: FormField) -> (
        widget: UnsafeMutablePointer<GtkWidget>,
        read: @GtkActor () -> FormFieldValue, isEmpty: (@GtkActor () -> Bool)?,
        changes: (UnsafeMutableRawPointer, String)
    ) {
        let view = gtk_text_view_new()!
        GtkAccessible.name(view, field.label)
        gtk_text_view_set_wrap_mode(view.cast(), GTK_WRAP_WORD)
        gtk_text_view_set_accepts_tab(view.cast(), 0)
        let buffer = gtk_text_view_get_buffer(view.cast())!
        if case .text(let text)? = field.initial { gtk_text_buffer_set_text(buffer, text, -1) }
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_shadow_type(scrolled.cast(), GTK_SHADOW_IN)
        gtk_widget_set_size_request(scrolled, -1, 80)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_container_add(scrolled.cast(), view)
        return (scrolled, {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let chars = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return .text("") }
            defer { g_free(chars) }
            return .text(String(cString: chars))
        }, { gtk_text_buffer_get_char_count(buffer) == 0 }, (UnsafeMutableRawPointer(buffer), "changed"))
    }

    /// Appends `rows` to `store`; a cell past a short row's end has no text.
    @GtkActor
    private static func appendRows(_ rows: [[String]], columns: Int, to store: UnsafeMutablePointer<GtkListStore>) {
        guard !rows.isEmpty, columns > 0 else { return }
        var bytes: [CChar] = []
        var offsets: [Int32] = []
        for row in rows {
            for column in 0..<columns {
                guard column < row.count else { offsets.append(-1); continue }
                offsets.append(Int32(bytes.count))
                bytes += row[column].utf8CString
            }
        }
        beckon_list_store_append_rows(store, bytes, offsets, nil, Int32(rows.count))
    }
}

/// The form's rule checks, shared by the handlers of its fields' changes.
@GtkActor
private final class FormChecksBox {
    var value: FormRuleChecks
    init(_ value: FormRuleChecks) { self.value = value }
}

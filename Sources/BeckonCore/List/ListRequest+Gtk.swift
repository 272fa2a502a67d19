import CBeckonShim
import CGtk

/// Makes the list dialog for a ``ListRequest``: zenity's layout, a text above
/// a GtkTreeView in a scrolled window, in fixed-height mode so that 100,000
/// rows load and scroll as fast as ten.
extension ListRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<ListSelection> {
        try validate()
        let (dialog, content) = frame.makeDialog(centered: true)
        // No default button, as in zenity: Return answers through the row
        // under the cursor (row-activated), and with no row it does nothing
        // rather than accept an empty choice.
        gtk_window_set_default(dialog.cast(), nil)
        let box = gtk_box_new(GtkOrientation(rawValue: 1), 6)! // vertical
        gtk_container_set_border_width(box.cast(), 5)
        if let text {
            gtk_box_pack_start(box.cast(), text.makeLabel(), 0, 0, 0)
        }
        let toggles = style.hasToggles
        let store = beckon_list_store_new(Int32(columns.count), toggles ? 1 : 0)!
        let treeView = gtk_tree_view_new_with_model(OpaquePointer(store))!
        // The table has no label of its own: the dialog's text names it.
        GtkAccessible.name(treeView, text?.plainText ?? frame.title ?? columns.joined(separator: ", "))
        g_object_unref(store) // the view holds it
        addColumns(to: treeView)
        gtk_tree_view_set_headers_visible(treeView.cast(), showsHeaders ? 1 : 0)
        gtk_tree_view_set_fixed_height_mode(treeView.cast(), 1)
        let selection = gtk_tree_view_get_selection(treeView.cast())
        gtk_tree_selection_set_mode(selection, style == .multiple ? GTK_SELECTION_MULTIPLE : GTK_SELECTION_SINGLE)
        if searchesWithin { beckon_tree_view_search_within(treeView) }
        if returnChoosesFirstRow { beckon_tree_view_return_chooses_first_row(treeView) }
        if toggles {
            beckon_tree_view_toggle_rows(treeView, style == .radiolist ? 1 : 0, spaceToggles ? 1 : 0)
        } else if let ok = frame.defaultButtonIndex {
            // Return or a double click on a row answers, as OK does.
            GtkSignal.connect(treeView, "row-activated") { gtk_dialog_response(dialog.cast(), Int32(ok)) }
        }

        var batch = ListRowBatch(cellCount: columns.count, toggles: toggles)
        for (index, row) in rows.enumerated() { batch.append(cells(of: row), checked: checked.contains(index)) }
        batch.flush(into: store)
        let measured = min(rows.count, ListRowLoader.measuredRows)
        beckon_tree_view_fit_columns(treeView, 0, Int32(measured))
        if returnChoosesFirstRow && style == .single && !rows.isEmpty, let first = gtk_tree_path_new_first() {
            // 4.2.2's GtkSingleSelection chooses the first row by itself.
            gtk_tree_view_set_cursor(treeView.cast(), first, nil, 0)
            gtk_tree_path_free(first)
        }

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_shadow_type(scrolled.cast(), GTK_SHADOW_IN)
        gtk_container_add(scrolled.cast(), treeView)
        gtk_box_pack_start(box.cast(), scrolled, 1, 1, 0)
        gtk_box_pack_start(content.cast(), box, 1, 1, 0)
        gtk_widget_show_all(box)
        // The list has the keyboard, as in zenity: the arrow keys move in it at once.
        gtk_widget_grab_focus(treeView)

        var loader: ListRowLoader?
        if let input {
            let rowLoader = ListRowLoader(input, store: store, treeView: treeView, toggles: toggles, measured: measured)
            rowLoader.start()
            GtkSignal.connect(dialog, "destroy") { rowLoader.stop() }
            loader = rowLoader
        }
        let textColumns = Array((toggles ? 1 : 0)..<columns.count)
        return DialogWindow(widget: dialog) { _ in
            loader?.stop()
            return Self.chosen(in: treeView, store: store, textColumns: textColumns)
        }
    }

    @GtkActor
    private func addColumns(to treeView: UnsafeMutablePointer<GtkWidget>) {
        let firstText = style.hasToggles ? 1 : 0
        for (index, title) in columns.enumerated() {
            let column: UnsafeMutablePointer<GtkTreeViewColumn>?
            if index == 0 && style.hasToggles {
                column = beckon_tree_view_append_toggle_column(treeView, title, style == .radiolist ? 1 : 0)
            } else if index == firstText && showsImages {
                column = beckon_tree_view_append_image_column(treeView, title, Int32(index))
            } else {
                column = beckon_tree_view_append_text_column(treeView, title, Int32(index), isEditable ? 1 : 0)
            }
            if hiddenColumns.contains(index) { gtk_tree_view_column_set_visible(column, 0) }
        }
    }

    /// The rows chosen when the dialog ends, in the order shown, with their cells.
    @GtkActor
    private static func chosen(in treeView: UnsafeMutablePointer<GtkWidget>, store: UnsafeMutablePointer<GtkListStore>,
                               textColumns: [Int]) -> ListSelection {
        var count: Int32 = 0
        guard let positions = beckon_tree_view_chosen_rows(treeView, &count) else { return .none }
        defer { g_free(positions) }
        var selection = ListSelection()
        for position in UnsafeBufferPointer(start: positions, count: Int(count)) {
            selection.indices.append(Int(beckon_list_store_row_index(store, position)))
            selection.rows.append(textColumns.map { column in
                guard let text = beckon_list_store_cell(store, position, Int32(column)) else { return nil }
                defer { g_free(text) }
                return String(cString: text)
            })
        }
        return selection
    }
}

@testable import Beckon
import CBeckonShim
import CGtk

extension ShownDialog {
    /// The root-window centre of the first widget of `type` (such as
    /// `gtk_calendar_get_type()`) in the shown dialog, depth first.
    @GtkActor func center(ofFirst type: GType) -> (x: Int32, y: Int32)? {
        guard let window = DialogQueue.shownWindow, let widget = Self.first(type, in: window) else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        guard beckon_widget_root_center(widget, &x, &y) != 0 else { return nil }
        return (x, y)
    }

    /// Whether GTK sees the pointer over a row of the shown dialog's list.
    @GtkActor func listRowIsUnderPointer() -> Bool {
        guard let window = DialogQueue.shownWindow, let view = Self.first(gtk_tree_view_get_type(), in: window)
        else { return false }
        var x: Int32 = 0, y: Int32 = 0, binX: Int32 = 0, binY: Int32 = 0
        gtk_widget_get_pointer(view, &x, &y)
        gtk_tree_view_convert_widget_to_bin_window_coords(view.cast(), x, y, &binX, &binY)
        return gtk_tree_view_get_path_at_pos(view.cast(), binX, binY, nil, nil, nil, nil) != 0
    }

    /// How many rows the shown dialog's list holds; nil when it shows no list.
    @GtkActor func listRowCount() -> Int? {
        guard let window = DialogQueue.shownWindow, let view = Self.first(gtk_tree_view_get_type(), in: window),
              let model = gtk_tree_view_get_model(view.cast()) else { return nil }
        return Int(gtk_tree_model_iter_n_children(model, nil))
    }

    @GtkActor private static func first(_ type: GType, in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        func isA(_ type: GType) -> Bool {
            g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
        }
        if isA(type) { return widget }
        guard isA(gtk_container_get_type()) else { return nil }
        let children = gtk_container_get_children(widget.cast())
        defer { g_list_free(children) }
        var node = children
        while let current = node {
            if let data = current.pointee.data, let found = first(type, in: data.assumingMemoryBound(to: GtkWidget.self)) {
                return found
            }
            node = current.pointee.next
        }
        return nil
    }
}

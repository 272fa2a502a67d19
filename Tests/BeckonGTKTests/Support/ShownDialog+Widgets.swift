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

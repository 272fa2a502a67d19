import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
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

extension ShownDialog {
    /// A label of the shown dialog: what it shows, and what it was given
    /// (its markup, when it was given markup).
    struct Label: Sendable, Equatable {
        var text: String
        var source: String
    }

    /// Every label of the shown dialog, buttons' included, depth first.
    @GtkActor func labels() -> [Label] {
        guard let window = DialogQueue.shownWindow else { return [] }
        return Self.all(gtk_label_get_type(), in: window).map { label in
            Label(text: gtk_label_get_text(label.cast()).map { String(cString: $0) } ?? "",
                  source: gtk_label_get_label(label.cast()).map { String(cString: $0) } ?? "")
        }
    }

    /// An image of the shown dialog: its themed icon name, or the size of its pixbuf.
    struct Image: Sendable, Equatable {
        var iconName: String?
        var pixbufSize: (width: Int, height: Int)?
        static func == (a: Image, b: Image) -> Bool {
            a.iconName == b.iconName && a.pixbufSize?.width == b.pixbufSize?.width && a.pixbufSize?.height == b.pixbufSize?.height
        }
    }

    /// Every image of the shown dialog that shows something, depth first.
    @GtkActor func images() -> [Image] {
        guard let window = DialogQueue.shownWindow else { return [] }
        return Self.all(gtk_image_get_type(), in: window).compactMap { image in
            switch gtk_image_get_storage_type(image.cast()) {
            case GTK_IMAGE_PIXBUF:
                guard let pixbuf = gtk_image_get_pixbuf(image.cast()) else { return nil }
                return Image(pixbufSize: (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf))))
            case GTK_IMAGE_ICON_NAME:
                var name: UnsafePointer<gchar>?
                gtk_image_get_icon_name(image.cast(), &name, nil)
                return Image(iconName: name.map { String(cString: $0) })
            default:
                return nil
            }
        }
    }

    @GtkActor private static func all(_ type: GType, in widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, type) != 0 { return [widget] }
        guard g_type_check_instance_is_a(instance, gtk_container_get_type()) != 0 else { return [] }
        let children = gtk_container_get_children(widget.cast())
        defer { g_list_free(children) }
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var node = children
        while let current = node {
            if let data = current.pointee.data { found += all(type, in: data.assumingMemoryBound(to: GtkWidget.self)) }
            node = current.pointee.next
        }
        return found
    }
}

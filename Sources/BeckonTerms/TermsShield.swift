import BeckonCore
import CBeckonShim
import CGtk

/// One shield of a login gate: an undecorated, opaque window filling one
/// monitor, so that nothing behind the terms can be seen or reached there.
/// Nothing but its owner closes it (``beckon_window_refuse_close``).
@GtkActor
final class TermsShield {
    /// The title and WM_WINDOW_ROLE of every shield: what a test, or an
    /// administrator's window-manager rule, finds it by.
    static let role = "beckon-shield"

    /// The monitor covered, referenced for as long as the shield lives, so
    /// its pointer cannot be reused for another monitor meanwhile.
    let monitor: OpaquePointer
    let window: UnsafeMutablePointer<GtkWidget>
    /// Follows the monitor's geometry (a mode set at login, a rotation).
    private var geometryHandler: gulong = 0

    /// A shield for `monitor`, the `index`th of its display; not yet shown.
    init(monitor: OpaquePointer, index: Int32) {
        self.monitor = monitor
        g_object_ref(UnsafeMutableRawPointer(monitor))
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_title(window.cast(), Self.role)
        gtk_window_set_role(window.cast(), Self.role)
        gtk_window_set_decorated(window.cast(), 0)
        gtk_window_set_deletable(window.cast(), 0)
        gtk_window_set_skip_taskbar_hint(window.cast(), 1)
        gtk_window_set_skip_pager_hint(window.cast(), 1)
        gtk_window_set_keep_above(window.cast(), 1)
        gtk_window_set_icon_name(window.cast(), "beckon")
        beckon_shield_style(window)
        beckon_window_refuse_close(window)
        beckon_window_refuse_iconify(window, 0)
        // The monitor's rectangle first: without a window manager nothing
        // fullscreens the window, and this is where and how big it maps.
        let area = Self.geometry(of: monitor)
        gtk_window_move(window.cast(), area.x, area.y)
        gtk_window_set_default_size(window.cast(), area.width, area.height)
        gtk_window_fullscreen_on_monitor(window.cast(), gtk_widget_get_screen(window), index)
        beckon_window_keep_fullscreen(window, index)
        geometryHandler = GtkSignal.connect(UnsafeMutableRawPointer(monitor), "notify::geometry") { [weak self] in
            self?.fit()
        }
    }

    private static func geometry(of monitor: OpaquePointer) -> GdkRectangle {
        var area = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &area)
        return area
    }

    /// Covers the monitor's new rectangle (a window manager refits a
    /// fullscreen window itself; without one, no one else does).
    private func fit() {
        let area = Self.geometry(of: monitor)
        gtk_window_move(window.cast(), area.x, area.y)
        gtk_window_resize(window.cast(), max(area.width, 1), max(area.height, 1))
    }

    func show() {
        gtk_widget_show(window)
    }

    /// Raises the shield above other windows (X11 without a window manager).
    func raise() {
        if let gdkWindow = gtk_widget_get_window(window) { gdk_window_raise(gdkWindow) }
    }

    func destroy() {
        if geometryHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(monitor), geometryHandler) }
        geometryHandler = 0
        gtk_widget_destroy(window)
        g_object_unref(UnsafeMutableRawPointer(monitor))
    }
}

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
    /// Makes the shield fullscreen once mapped (X11 with a window manager).
    private var mapHandler: gulong = 0

    /// A shield for `monitor`, the `index`th of its display; not yet shown.
    init(monitor: OpaquePointer, index: Int32) {
        self.monitor = monitor
        g_object_ref(UnsafeMutableRawPointer(monitor))
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_title(window.cast(), Self.role)
        gtk_window_set_role(window.cast(), Self.role)
        beckon_window_set_wayland_app_id(window, Self.role)
        gtk_window_set_decorated(window.cast(), 0)
        gtk_window_set_deletable(window.cast(), 0)
        gtk_window_set_skip_taskbar_hint(window.cast(), 1)
        gtk_window_set_skip_pager_hint(window.cast(), 1)
        gtk_window_set_keep_above(window.cast(), 1)
        gtk_window_set_icon_name(window.cast(), "beckon")
        beckon_shield_style(window)
        beckon_window_refuse_close(window)
        beckon_window_refuse_iconify(window, 0)
        beckon_window_refuse_shade(window)
        beckon_window_keep_on_every_workspace(window)
        // The monitor's rectangle first: without a window manager nothing
        // fullscreens the window, and this is where and how big it maps.
        let area = Self.geometry(of: monitor)
        gtk_window_move(window.cast(), area.x, area.y)
        gtk_window_set_default_size(window.cast(), area.width, area.height)
        if beckon_display_is_x11() != 0, beckon_display_keeps_above(window) != 0 {
            // Under an X11 window manager, fullscreen only once it has made
            // the window "above". xfwm4 4.18 applies a new window's fullscreen
            // before its above, so it remembers the normal layer as the one to
            // go back to, and puts a fullscreen window that loses the focus
            // (a shield, once the terms window takes it) back there: below
            // xfce4-panel's dock layer (xfwm4 src/client.c
            // clientApplyInitialState, src/netwm.c clientUpdateFullscreenState,
            // src/stacking.c clientAdjustFullscreenLayer). Made fullscreen
            // when already above, it goes back to above (XfceDesktopTests).
            mapHandler = beckon_window_on_map_event(window, CallbackBox.call, CallbackBox.retain { [weak self] _, _ in
                self?.fullscreen()
                return 0
            }, CallbackBox.release)
        } else {
            gtk_window_fullscreen_on_monitor(window.cast(), gtk_widget_get_screen(window), index)
        }
        // KWin: put back into full screen when another client takes it out.
        beckon_window_keep_fullscreen(window, index)
        if beckon_display_is_x11() == 0 { refuseMinimiseOnWayland() }
        geometryHandler = GtkSignal.connect(UnsafeMutableRawPointer(monitor), "notify::geometry") { [weak self] in
            self?.fit()
        }
    }

    /// mutter 43 minimises any ordinary Wayland window when asked (its
    /// window menu's Hide, Super+H with the shield focused, an extension),
    /// and the terms, transient for the shield, are hidden with it: the
    /// monitor is bare (measured: GnomeDesktopTests, Wayland). xdg-shell
    /// tells a client nothing of being minimised, so the shield cannot put
    /// itself back as it does on X11 (beckon_window_refuse_iconify). A modal
    /// hint (gtk_shell1 set_modal, src/wayland/meta-wayland-gtk-shell.c) makes
    /// mutter take the shield as a modal dialog, which has no minimise
    /// function (src/core/window.c meta_window_recalc_features) and is still
    /// made fullscreen (meta_window_make_fullscreen asks no function). Only
    /// the GDK window gets the hint, not GTK's modality (a grab on beckon's
    /// other windows); GTK sets the hint from the GtkWindow as it realizes
    /// it, so this follows. Compositors without gtk_shell1 (sway, KWin)
    /// ignore it.
    private func refuseMinimiseOnWayland() {
        let window = self.window
        let apply: @GtkActor () -> Void = {
            guard let gdkWindow = gtk_widget_get_window(window) else { return }
            gdk_window_set_modal_hint(gdkWindow, 1)
        }
        if gtk_widget_get_realized(window) != 0 { apply() }
        GtkSignal.connect(window, "realize", apply)
    }

    /// Fullscreen on its monitor, once: after the first mapping.
    private func fullscreen() {
        guard mapHandler != 0 else { return }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(window), mapHandler)
        mapHandler = 0
        let display = gtk_widget_get_display(window)
        let index = (0..<gdk_display_get_n_monitors(display)).first { gdk_display_get_monitor(display, $0) == monitor }
        gtk_window_fullscreen_on_monitor(window.cast(), gtk_widget_get_screen(window), index ?? 0)
    }

    /// Whether the window manager made the shield fullscreen on another
    /// monitor than its own. KWin 5.27 did so in 1 of 4 tries with a monitor
    /// just plugged in (PlasmaDesktopTests): asked before it knew the new
    /// output, it fits a fullscreen window to an output it knows, and the new
    /// monitor stayed bare while two shields lay on the first.
    var isFullscreenElsewhere: Bool {
        guard beckon_display_is_x11() != 0, beckon_display_keeps_above(window) != 0, gtk_widget_get_mapped(window) != 0,
              let gdkWindow = gtk_widget_get_window(window),
              gdk_window_get_state(gdkWindow).rawValue & GDK_WINDOW_STATE_FULLSCREEN.rawValue != 0 else { return false }
        var x: gint = 0, y: gint = 0
        gdk_window_get_origin(gdkWindow, &x, &y)
        let area = Self.geometry(of: monitor)
        return x != area.x || y != area.y || gdk_window_get_width(gdkWindow) != area.width
            || gdk_window_get_height(gdkWindow) != area.height
    }

    /// How many checks in a row found the shield fullscreen elsewhere.
    private var seenElsewhere = 0

    /// Takes the shield out of full screen once two checks in a row found it
    /// fullscreen elsewhere (not while the window manager is still moving
    /// it): beckon_window_keep_fullscreen then asks for full screen on its
    /// own monitor again, which the window manager knows by now. Whether it did.
    func moveToItsMonitorIfElsewhere() -> Bool {
        seenElsewhere = isFullscreenElsewhere ? seenElsewhere + 1 : 0
        guard seenElsewhere >= 2 else { return false }
        seenElsewhere = 0
        gtk_window_unfullscreen(window.cast())
        return true
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

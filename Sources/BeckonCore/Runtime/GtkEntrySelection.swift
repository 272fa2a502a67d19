import CBeckonShim
import CGtk

/// An entry's text selected as on X11, where GTK selects it as it takes the focus.
@GtkActor
package enum GtkEntrySelection {
    /// The entry's text selected once the window is active, so that what is
    /// typed replaces it, as on X11. grab_focus selects it, but GtkEntry owns
    /// the PRIMARY selection for what it selects, and on Wayland a window
    /// without the keyboard focus yet cannot own it: GTK then clears the
    /// selection (gtkentry.c, update_primary_selection), and typed text went
    /// after the default (measured under KWin on Wayland,
    /// PlasmaDesktopTests+WaylandDialogs.swift). Once, and only while the
    /// entry still has the focus, nothing selected and nothing typed: keys
    /// typed as the window became active could be handled before this, and
    /// selecting them then let the next key replace them ("Ada" answered as
    /// "da" in DelegatingRequestTests, 2 runs in 80 on one display).
    package static func selectAllOnceActive(_ dialog: UnsafeMutablePointer<GtkWidget>, _ entry: UnsafeMutablePointer<GtkWidget>) {
        var typed = false
        GtkSignal.connect(entry, "changed") { typed = true }
        onceActive(dialog) {
            if !typed, gtk_widget_has_focus(entry) != 0,
               gtk_editable_get_selection_bounds(OpaquePointer(entry), nil, nil) == 0 {
                gtk_editable_select_region(OpaquePointer(entry), 0, -1)
            }
        }
    }

    /// Gives `entry` the focus, its text selected, right after the window
    /// first becomes active (whatever GtkDialog focused as it mapped), so
    /// that the first key typed goes to it.
    package static func focusOnceActive(_ dialog: UnsafeMutablePointer<GtkWidget>, _ entry: UnsafeMutablePointer<GtkWidget>) {
        onceActive(dialog) {
            gtk_widget_grab_focus(entry)
            gtk_editable_select_region(OpaquePointer(entry), 0, -1)
        }
    }

    /// Runs `body` once, the first time `dialog` becomes active: after the
    /// focus-in that activation brings has been handled, and before the next
    /// event. Keys typed as the window became active queue behind this
    /// change, and at the default idle priority, behind a frame to draw, they
    /// could be handled first: with no widget to take them (the likely way a
    /// colour typed at once went nowhere in ColorAPITests, in one of three
    /// full runs on a loaded machine), or into an entry that then selected
    /// them.
    private static func onceActive(_ dialog: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @GtkActor () -> Void) {
        var done = false
        GtkSignal.connect(dialog, "notify::is-active") {
            guard !done, gtk_window_is_active(dialog.cast()) != 0 else { return }
            done = true
            GtkSource.idle(priority: G_PRIORITY_HIGH) {
                body()
                return false
            }
        }
    }
}

import BeckonCore
import CBeckonShim
import CGtk

/// The keyboard, held by a login gate's terms window on X11: keys reach the
/// terms and no other client, the window manager's shortcuts included.
/// Wayland has no such grab; there nothing is taken (see docs/administrators.md).
///
/// Grabbed once the window is mapped. Another client may hold the keyboard
/// then (a login manager finishing, a screen locker, a menu open): the grab
/// is tried again, each wait twice the last up to ``longestWait``, for as
/// long as the gate is shown. There is no deadline, on purpose: giving up
/// would leave the keyboard with that client while the terms are on screen.
/// The tries end when the grab succeeds or the gate ends (``end()``); a grab
/// GDK reports broken later (the window hidden, another grab of this process)
/// starts them again.
@GtkActor
final class TermsShieldKeyboard {
    static let firstWait: UInt32 = 20
    static let longestWait: UInt32 = 1000

    private let window: UnsafeMutablePointer<GtkWidget>
    private(set) var isGrabbed = false
    /// Whether the grab ever succeeded: from then on, a grab not held is a
    /// grab lost (another client's, or the window made unviewable).
    private(set) var wasGrabbed = false
    private var retrySource: guint = 0
    private var wait = firstWait
    private var isEnded = false
    private let changed: @GtkActor () -> Void

    /// Holds the keyboard for `window` from its mapping until ``end()``.
    init(for window: UnsafeMutablePointer<GtkWidget>, changed: @escaping @GtkActor () -> Void) {
        self.window = window
        self.changed = changed
        GtkSignal.connect(window, "map") { [weak self] in self?.take() }
        beckon_window_on_grab_broken(window, CallbackBox.call, CallbackBox.retain { [weak self] _, _ in
            guard let self else { return 0 }
            isGrabbed = false
            changed()
            take()
            return 0
        }, CallbackBox.release)
    }

    /// Grabs the keyboard, or tries again later.
    func take() {
        guard !isEnded, !isGrabbed, retrySource == 0 else { return }
        // A Wayland compositor grants no client a grab of a toplevel's
        // keyboard (GDK's would be its own bookkeeping, claiming what is not
        // so). Keys typed on a shield reach the terms there anyway: the
        // window is modal, and GTK hands it its group's keys. GNOME's
        // overview, which would cover the gate at login, is left all the
        // same (GnomeOverview).
        guard beckon_display_is_x11() != 0 else { GnomeOverview.leave(); return }
        if let gdkWindow = gtk_widget_get_window(window),
           let seat = gdk_display_get_default_seat(gtk_widget_get_display(window)),
           // Not owner_events: a key on a shield (where the pointer may rest
           // with no window manager to move the focus) goes to the terms.
           gdk_seat_grab(seat, gdkWindow, GDK_SEAT_CAPABILITY_KEYBOARD, 0, nil, nil, nil, nil) == GDK_GRAB_SUCCESS
        {
            isGrabbed = true
            wasGrabbed = true
            wait = Self.firstWait
            changed()
            return
        }
        // Under GNOME the keyboard's holder is most often the Activities
        // overview, which the shell opens as a session starts (GnomeOverview).
        GnomeOverview.leave()
        retrySource = GtkSource.timeout(milliseconds: wait) { [weak self] in
            guard let self else { return false }
            retrySource = 0
            take()
            return false
        }
        wait = min(wait * 2, Self.longestWait)
    }

    /// Lets the keyboard go and stops trying.
    func end() {
        isEnded = true
        if retrySource != 0 { g_source_remove(retrySource) }
        retrySource = 0
        if isGrabbed, let seat = gdk_display_get_default_seat(gtk_widget_get_display(window)) { gdk_seat_ungrab(seat) }
        isGrabbed = false
    }
}

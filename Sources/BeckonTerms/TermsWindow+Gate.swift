import BeckonCore
import CBeckonShim
import CGtk

/// A login gate's terms window (``TermsOptions/gate``): shields on every
/// monitor, the window on top of the primary one's, kept above, modal, with
/// the keyboard, and nothing but Accept or Decline ends it.
///
/// What each desktop grants of this is measured in docs/administrators.md ("The gate: what it guarantees"). Under a
/// window manager, the shields and the window are kept above by it
/// (`_NET_WM_STATE_ABOVE`, the window transient for its shield); without one
/// (X11), the gate raises its windows again each time another client's
/// window maps or is restacked.
extension TermsWindow {
    func makeGate(_ dialog: UnsafeMutablePointer<GtkWidget>) {
        // The theme from system paths alone, whatever the display's settings name.
        beckon_settings_keep_theme_names_plain(dialog)
        // Before DialogSession's funnel: Escape, the window manager's close
        // (Alt+F4 in most) and GTK's delete responses never reach it.
        beckon_window_refuse_close(dialog)
        beckon_window_refuse_iconify(dialog, 1)
        beckon_window_keep_on_every_workspace(dialog)
        beckon_window_refuse_shade(dialog)
        gtk_window_set_deletable(dialog.cast(), 0)
        offerOnlyMoveAndResize(dialog)
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_keep_above(dialog.cast(), 1)
        // A role for window-manager rules, as the shields have theirs: KDE
        // Plasma's administrators keep KWin's global shortcuts (Meta opens the
        // launcher through XInput 2, past the keyboard grab) off the gate by a
        // window rule on it (docs/administrators.md, "KDE Plasma").
        gtk_window_set_role(dialog.cast(), "beckon-terms-gate")
        // Wayland has no role: there the rule finds the gate by its app_id.
        beckon_window_set_wayland_app_id(dialog, "beckon-terms-gate")
        shields = TermsShields(for: dialog, named: labels.title) { [weak self] in self?.shieldsChanged() }
        keyboard = TermsShieldKeyboard(for: dialog) { [weak self] in self?.exposeState() }
        shieldsChanged()
        _ = beckon_window_watch_foreign_stacking(dialog, CallbackBox.call, CallbackBox.retain { [weak self] _, _ in
            self?.restackGate()
            return 0
        }, CallbackBox.release)
        watchSight() // TermsWindow+Sight.swift
        // The session hides the window as it ends, and destroys it later.
        connect(dialog, "hide") { if !$0.isRemappingForFocus { $0.endGate() } }
        connect(dialog, "destroy") { $0.endGate() }
    }

    /// Tells the window manager that the window may be moved and resized,
    /// nothing else (_MOTIF_WM_HINTS functions): no maximise or minimise
    /// button or menu entry, as none of them has a use on a gate. xfwm4 4.18
    /// under Greybird offered maximise on the title bar (XfceDesktopTests);
    /// xfwm4 (src/client.c clientApplyMWMHints) and openbox both take their
    /// buttons and actions from these functions. GTK sets the functions as it
    /// realizes the window (a window that is not deletable: all but close),
    /// so they are set after it.
    private func offerOnlyMoveAndResize(_ dialog: UnsafeMutablePointer<GtkWidget>) {
        let apply: @GtkActor () -> Void = {
            guard let window = gtk_widget_get_window(dialog) else { return }
            gdk_window_set_functions(window, GdkWMFunction(GDK_FUNC_MOVE.rawValue | GDK_FUNC_RESIZE.rawValue))
        }
        if gtk_widget_get_realized(dialog) != 0 { apply() }
        GtkSignal.connect(dialog, "realize", apply)
    }

    /// The terms window belongs to the primary monitor's shield, whichever that is now.
    private func shieldsChanged() {
        guard let dialog, let shields else { return }
        let parent = shields.primary?.window
        if gtk_window_get_transient_for(dialog.cast()) != parent?.cast() {
            gtk_window_set_transient_for(dialog.cast(), parent?.cast())
            if let monitor = shields.primary?.monitor { center(dialog, on: monitor) }
        }
        if shields.isActive { takeFocusFromShield(dialog) }
        restackGate()
        exposeState()
    }

    /// Gives the focus back to the terms from a shield that took it: one
    /// that maps after them (sway and mutter focus a new window), or a click.
    /// On X11 the window manager honours a present. On Wayland a client
    /// cannot move the focus between its own windows for sure: GTK 3 sends
    /// mutter's gtk_surface1 `present` only with an event's timestamp, and
    /// xdg-activation wants the serial of an input event on the focused
    /// surface, which a shield just mapped has had none of. Measured on
    /// GNOME's Wayland with a monitor plugged in (G9): the present alone
    /// gave the terms the focus back in 2 of 3 logins, and in the third the
    /// new shield kept it and keys reached nothing. What every compositor
    /// measured does is focus a window as it maps (mutter 43: a window with
    /// no user time takes the focus, src/core/window.c
    /// intervening_user_event_occurred): so if a shield still has the focus
    /// a moment after the present, the terms are mapped again. At most once
    /// a second, so that a compositor that focuses a shield again as the
    /// terms unmap cannot start a loop.
    private func takeFocusFromShield(_ dialog: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_present(dialog.cast())
        guard beckon_display_is_x11() == 0 else { return }
        _ = GtkSource.timeout(milliseconds: 200) { [weak self] in
            guard let self, let shields = self.shields, shields.isActive, gtk_widget_get_mapped(dialog) != 0 else { return false }
            let now = g_get_monotonic_time()
            guard now - self.focusRemappedAt > 1_000_000 else { return false }
            self.focusRemappedAt = now
            self.focusRemaps += 1
            self.isRemappingForFocus = true
            gtk_widget_hide(dialog)
            self.isRemappingForFocus = false
            gtk_window_present(dialog.cast())
            self.exposeState()
            return false
        }
    }

    /// Places the window in the middle of `monitor`, as a window manager
    /// would a transient of its shield: without one, GTK cannot, the shield
    /// not being placed yet when the window is.
    private func center(_ dialog: UnsafeMutablePointer<GtkWidget>, on monitor: OpaquePointer) {
        var area = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &area)
        var width: gint = 0, height: gint = 0
        gtk_window_get_size(dialog.cast(), &width, &height)
        gtk_window_move(dialog.cast(), area.x + max(0, (area.width - width) / 2), area.y + max(0, (area.height - height) / 2))
    }

    /// Raises the shields, then the terms window above them, where nothing
    /// else keeps them above: X11 without a window manager.
    private func restackGate() {
        guard let dialog, let shields, beckon_display_keeps_above(dialog) == 0 else { return }
        shields.raise()
        if let window = gtk_widget_get_window(dialog) { gdk_window_raise(window) }
    }

    private func endGate() {
        keyboard?.end()
        keyboard = nil
        shields?.close()
        shields = nil
    }

    /// The gate's words in the state told to tests: "shields-2" (how many
    /// monitors are covered), "keyboard-grabbed" once the grab succeeded,
    /// "focus-remapped-1" once the terms were mapped again to take the focus
    /// back from a shield (``takeFocusFromShield(_:)``).
    var gateWords: [String] {
        guard let shields else { return [] }
        var words = ["shields-\(shields.count)"]
        if keyboard?.isGrabbed == true { words.append("keyboard-grabbed") }
        if focusRemaps > 0 { words.append("focus-remapped-\(focusRemaps)") }
        if let hiddenReported { words.append("hidden-\(hiddenReported)") }
        return words
    }

    /// Wayland has no WM_WINDOW_ROLE for a test to read: there a terms
    /// window, gated or not, tells its state (tests only) in its title
    /// instead, which the compositor shows (`swaymsg -t get_tree`, KWin's
    /// scripting API): the plain terms too, which the Plasma Wayland suite
    /// answers by keys as KeyboardOnlyTests does on X11.
    func exposeStateInTitle(_ words: [String]) {
        guard let dialog, beckon_display_is_x11() == 0 else { return }
        gtk_window_set_title(dialog.cast(), words.joined(separator: " "))
    }
}

import BeckonCore
import CBeckonShim
import CGtk

/// A gate's windows watched from inside (issue 51): any X client of the
/// user's can unmap them, or reparent them into an unmapped 1×1 window of its
/// own (the keyboard grab goes with them), while the process lives on and
/// the enforcer follows it. Twice a second, once the terms window has
/// mapped, the gate looks at the terms window and each shield as the X
/// server has them (viewable, not cut off by any window between them and
/// the root, ``beckon_window_x11_hidden``) and at its keyboard grab, once
/// held; what is hidden it puts back at once (``beckon_window_x11_reclaim``,
/// the grab retaken by ``TermsShieldKeyboard``). A window unmapped since the
/// last check counts as hidden at it, though GTK mapped it again meanwhile
/// (without a window manager a foreign unmap is taken for a minimise, which
/// the gate undoes at once): a client that keeps unmapping it keeps it
/// mostly hidden. Hidden at 4 of the last 5 checks, and at the last (2 s,
/// whatever it did), it calls
/// ``TermsOptions/onGateHidden`` once: `beckon terms` tells the enforcer,
/// which ends the session (`gate-hidden`).
///
/// On Wayland the compositor alone stacks and places windows, and tells a
/// client nothing of being covered; GTK sees only whether each window is
/// mapped and not minimised, which is what is checked there (docs/administrators.md).
extension TermsWindow {
    static let sightInterval: UInt32 = 500
    /// How many of the last ``sightWindow`` checks must find the gate hidden.
    static let hiddenChecks = 4
    static let sightWindow = 5

    func watchSight() {
        guard let dialog, !sightWatched else { return }
        sightWatched = true
        var started = false
        GtkSignal.connect(dialog, "map") { [weak self] in
            guard let self, !started else { return }
            started = true
            _ = GtkSource.timeout(milliseconds: Self.sightInterval) { [weak self] in
                guard let self, self.shields != nil else { return false }
                self.checkSight()
                return true
            }
        }
    }

    /// One check: records whether the gate is hidden, puts it back, and
    /// reports once it stays hidden.
    private func checkSight() {
        countUnmaps()
        let unmapped = unmapsSeen > 0
        unmapsSeen = 0
        let reason = hiddenReason() ?? (unmapped ? "unmapped-again" : nil)
        sightHistory.append(reason != nil)
        if sightHistory.count > Self.sightWindow { sightHistory.removeFirst(sightHistory.count - Self.sightWindow) }
        guard let reason else { return }
        if sightHistory.filter({ $0 }).count >= Self.hiddenChecks, hiddenReported == nil {
            hiddenReported = reason
            exposeState()
            onWarning("the gate's windows stayed hidden (\(reason))")
            onGateHidden?(reason)
        }
        reclaim()
    }

    /// Counts the unmaps of the terms window and of each shield, a shield
    /// of a monitor plugged in since too.
    private func countUnmaps() {
        guard let dialog, let shields else { return }
        for window in [dialog] + shields.shields.map(\.window) where !unmapsWatched.contains(window) {
            unmapsWatched.insert(window)
            _ = beckon_window_on_unmap_event(window, CallbackBox.call, CallbackBox.retain { [weak self] _, _ in
                if self?.isRemappingForFocus == false { self?.unmapsSeen += 1 }
                return 0
            }, CallbackBox.release)
        }
    }

    /// How the gate is hidden now (`terms-unmapped`, `shield-clipped`,
    /// `keyboard-lost`), or nil when all of it can be seen.
    private func hiddenReason() -> String? {
        guard let dialog, let shields, !isRemappingForFocus else { return nil }
        let windows = [("terms", dialog)] + shields.shields.map { ("shield", $0.window) }
        for (name, window) in windows {
            if beckon_display_is_x11() != 0 {
                switch beckon_window_x11_hidden(window) {
                case Int32(BECKON_HIDDEN_UNMAPPED): return "\(name)-unmapped"
                case Int32(BECKON_HIDDEN_CLIPPED): return "\(name)-clipped"
                default: break
                }
            } else if !Self.isShown(window) {
                return "\(name)-unmapped"
            }
        }
        if let keyboard, keyboard.wasGrabbed, !keyboard.isGrabbed { return "keyboard-lost" }
        return nil
    }

    /// Mapped, and neither withdrawn nor minimised, as GDK knows it.
    private static func isShown(_ window: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard gtk_widget_get_mapped(window) != 0, let gdkWindow = gtk_widget_get_window(window) else { return false }
        let hiding = GDK_WINDOW_STATE_WITHDRAWN.rawValue | GDK_WINDOW_STATE_ICONIFIED.rawValue
        return gdk_window_get_state(gdkWindow).rawValue & hiding == 0
    }

    /// Puts every hidden window back, the shields first, then the terms on top.
    private func reclaim() {
        guard let dialog, let shields else { return }
        for window in shields.shields.map(\.window) + [dialog] {
            if beckon_display_is_x11() != 0 {
                if beckon_window_x11_hidden(window) != 0 { beckon_window_x11_reclaim(window) }
            } else if !Self.isShown(window) {
                gtk_window_present(window.cast())
            }
        }
        if keyboard?.isGrabbed == false { keyboard?.take() }
    }
}

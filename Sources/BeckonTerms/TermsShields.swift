import BeckonCore
import CBeckonShim
import CGtk

/// The shields of a login gate, one per monitor of the display, following
/// the monitors as they are plugged in and out while the gate is shown.
@GtkActor
package final class TermsShields {
    private let display: OpaquePointer
    private(set) var shields: [TermsShield] = []
    private var isClosed = false
    /// Called after the shields changed, or one became active: the terms
    /// window follows the primary one, and keeps the focus.
    private let changed: @GtkActor () -> Void
    /// What a screen reader calls each shield: the terms' title, not the role
    /// "beckon-shield" that its title says to tests and window-manager rules.
    private let accessibleName: String

    /// Shields every monitor of `owner`'s display, and each one added until
    /// ``close()`` or until `owner` goes.
    package init(for owner: UnsafeMutablePointer<GtkWidget>, named accessibleName: String,
         changed: @escaping @GtkActor () -> Void) {
        display = gtk_widget_get_display(owner)
        self.accessibleName = accessibleName
        self.changed = changed
        follow()
        beckon_display_watch_monitors(owner, CallbackBox.call, CallbackBox.retain { [weak self] _, _ in
            // GDK says so while it updates its list of monitors: look once it is done.
            GtkSource.idle {
                self?.follow()
                return false
            }
            return 0
        }, CallbackBox.release)
    }

    /// The shield the terms window sits on: the primary monitor's, or the first.
    var primary: TermsShield? {
        let monitor = gdk_display_get_primary_monitor(display)
        return shields.first { $0.monitor == monitor } ?? shields.first
    }

    var count: Int { shields.count }

    /// Whether a shield has the focus (which belongs to the terms window).
    var isActive: Bool { shields.contains { gtk_window_is_active($0.window.cast()) != 0 } }

    /// A shield for each monitor that has none, none for a monitor gone.
    func follow() {
        guard !isClosed else { return }
        let monitors = (0..<gdk_display_get_n_monitors(display)).compactMap { gdk_display_get_monitor(display, $0) }
        var kept: [TermsShield] = []
        for shield in shields {
            if monitors.contains(shield.monitor) { kept.append(shield) } else { shield.destroy() }
        }
        for (index, monitor) in monitors.enumerated() where !kept.contains(where: { $0.monitor == monitor }) {
            let shield = TermsShield(monitor: monitor, index: Int32(index))
            GtkAccessible.name(shield.window, accessibleName)
            // A shield that maps after the terms window may take the focus
            // (sway gives it to a fullscreen window), and a click can: the
            // terms window takes it back.
            GtkSignal.connect(shield.window, "notify::is-active") { [weak self] in self?.changed() }
            shield.show()
            kept.append(shield)
        }
        shields = kept
        changed()
        checkPlacement()
    }

    /// For 10 s after the monitors changed, twice a second, puts back a
    /// shield the window manager made fullscreen on another monitor than its
    /// own, and found so twice in a row (``TermsShield/isFullscreenElsewhere``): the window manager learns
    /// of a new monitor in its own time, maybe after the shield asked.
    private func checkPlacement() {
        var checks = 20
        var moved = false
        _ = GtkSource.timeout(milliseconds: 500) { [weak self] in
            guard let self, !self.isClosed else { return false }
            // A shield put back may have taken the focus: the terms take it
            // back (a tick later, once it has asked for full screen).
            if moved { self.changed() }
            moved = false
            for shield in self.shields where shield.moveToItsMonitorIfElsewhere() { moved = true }
            checks -= 1
            return checks > 0 || moved
        }
    }

    func raise() {
        for shield in shields { shield.raise() }
    }

    /// Takes every shield down; monitors added later get none.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        for shield in shields { shield.destroy() }
        shields = []
    }
}

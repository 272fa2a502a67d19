import CBeckonGLib

/// What code a gate's process may load once it runs: a module (GTK's, GIO's,
/// an input method, an image loader) only from a file root alone can write,
/// in directories root alone can write (`module_policy.c`).
///
/// The clean environment (``GateEnvironment``) drops every variable that
/// names a module, but GTK 3 also loads the modules the display's settings
/// name: XSETTINGS' `Gtk/Modules`, which any X client of the user's can set
/// (an `xsettingsd` of their own), and GSettings' on Wayland, absolute paths
/// allowed. No GTK setting's priority stops it: GTK loads those modules as
/// the display opens and as its settings are made, before any code of ours
/// could set one. So the policy is on the loading itself. See
/// docs/administrators.md, "The gate's own environment".
package enum GateModulePolicy {
    /// Turns the policy on for the rest of the process's life.
    package static func enforce() {
        beckon_module_policy_enable()
    }

    /// Whether `path` would be loaded under the policy.
    package static func allows(_ path: String) -> Bool {
        beckon_module_path_is_trusted(path) != 0
    }
}

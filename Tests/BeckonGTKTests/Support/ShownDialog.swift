import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import CBeckonShim
import CGtk
import Foundation

/// The dialog on screen, as the tests see it.
struct ShownDialog: Sendable {
    let xid: UInt
    let title: String

    /// Waits until a dialog is mapped and has the keyboard focus, so real key
    /// presses reach it; nil after `seconds`.
    static func wait(seconds: Double = 10) async -> ShownDialog? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let shown = await current() { return shown }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }

    @GtkActor private static func current() -> ShownDialog? {
        guard let window = DialogQueue.shownWindow,
              gtk_widget_get_mapped(window) != 0,
              gtk_window_is_active(window.cast()) != 0 else { return nil }
        let title = gtk_window_get_title(window.cast()).map { String(cString: $0) } ?? ""
        return ShownDialog(xid: UInt(beckon_window_xid(window)), title: title)
    }

    /// The root-window centre of the button for `index` (its response id).
    @GtkActor func buttonCenter(_ index: Int) -> (x: Int32, y: Int32)? {
        guard let window = DialogQueue.shownWindow,
              let button = beckon_dialog_button(window, Int32(index)) else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        guard beckon_widget_root_center(button, &x, &y) != 0 else { return nil }
        return (x, y)
    }

    /// Whether GTK sees the pointer over the button for `index` (it is prelit):
    /// a click there now reaches that button.
    @GtkActor func buttonIsUnderPointer(_ index: Int) -> Bool {
        guard let window = DialogQueue.shownWindow,
              let button = beckon_dialog_button(window, Int32(index)) else { return false }
        return gtk_widget_get_state_flags(button).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0
    }

    /// Destroys the shown window from code, as an app tearing down would.
    @GtkActor static func destroyFromCode() {
        if let window = DialogQueue.shownWindow { gtk_widget_destroy(window) }
    }

    /// How many GTK toplevel windows are visible, and how many dialogs are queued or shown.
    @GtkActor static func leftovers() -> (visibleWindows: Int, dialogs: Int) {
        let list = gtk_window_list_toplevels()
        var visible = 0
        for index in 0..<g_list_length(list) {
            if let data = g_list_nth_data(list, index),
               gtk_widget_get_visible(data.assumingMemoryBound(to: GtkWidget.self)) != 0 { visible += 1 }
        }
        g_list_free(list)
        return (visible, DialogQueue.count)
    }
}

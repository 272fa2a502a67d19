import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestEndings
import CBeckonShim
import CGtk
import Foundation

/// The dialog queue's window once it is mapped and has the focus; nil after 5 s.
@GtkActor func shownWindow() async -> UnsafeMutablePointer<GtkWidget>? {
    await waitFor { () -> UnsafeMutablePointer<GtkWidget>? in
        guard let w = DialogQueue.shownWindow, gtk_widget_get_mapped(w) != 0, gtk_window_is_active(w.cast()) != 0
        else { return nil }
        return w
    }
}

/// GTK's file chooser: a toplevel of GtkFileChooserNative's, not of the
/// dialog queue's, found once it is mapped and has the focus.
@GtkActor func chooserWindow() async -> UnsafeMutablePointer<GtkWidget>? {
    await waitFor { toplevels().first { gtk_widget_get_mapped($0) != 0 && gtk_window_is_active($0.cast()) != 0 } }
}

@GtkActor func toplevels() -> [UnsafeMutablePointer<GtkWidget>] {
    let list = gtk_window_list_toplevels()
    defer { g_list_free(list) }
    return (0..<g_list_length(list)).compactMap { g_list_nth_data(list, $0)?.assumingMemoryBound(to: GtkWidget.self) }
}

@GtkActor func visibleToplevels() -> Int {
    toplevels().filter { gtk_widget_get_visible($0) != 0 }.count
}

/// Polls `probe` every millisecond until it gives a value; nil after `seconds`.
@GtkActor func waitFor<T>(seconds: Int = 5, _ probe: @GtkActor () -> T?) async -> T? {
    for _ in 0..<(seconds * 1000) {
        if let value = probe() { return value }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return nil
}

extension Kind {
    /// Ends the shown dialog by `path`, once it is shown; false when it never
    /// was (or an X tool failed), which the caller counts as a hang.
    ///
    /// Not every path has a meaning for every kind; each kind takes the nearest:
    /// - fileSelection: GtkFileChooserNative owns its window and ends it
    ///   itself, so a destroy by code is out of a caller's reach: it takes the
    ///   window-manager close. Its response from code is GTK_RESPONSE_ACCEPT
    ///   on the chooser's dialog, the chooser's own accept.
    /// - notification: no window of the process's own. Return and the response
    ///   from code take a click on the server's bubble (its default action),
    ///   Escape and the close a click on a bubble without actions (the server
    ///   closes it as dismissed), the destroy a close from code.
    @GtkActor func act(_ path: Path, task: Task<Bool, any Error>) async -> Bool {
        if self == .notification { return await actOnNotification(path, task: task) }
        let found = self == .fileSelection ? await chooserWindow() : await shownWindow()
        guard let window = found else { return false }
        if self == .progress && path.expected == .accepted {
            // The updates end at 1: OK is enabled then, and takes the focus from Cancel.
            let ready = await waitFor(seconds: 10) { () -> Bool? in
                guard let ok = beckon_dialog_button(window, 1), gtk_widget_get_sensitive(ok) != 0,
                      path == .responseFromCode || gtk_widget_has_focus(ok) != 0 else { return nil }
                return true
            }
            guard ready != nil else { print("progress: OK never took the focus"); return false }
        }
        if self == .fileSelection && path.expected == .accepted {
            // The chooser loads its folder in the background and chooses the
            // file only then: an accept before that has nothing to give, and
            // GTK ignores it, as it does a person's early Return.
            let chosen = await waitFor(seconds: 10) { () -> Bool? in
                guard let name = gtk_file_chooser_get_filename(OpaquePointer(window)) else { return nil }
                g_free(name)
                return true
            }
            guard chosen != nil else { print("file-selection: nothing chosen after 10 s"); return false }
        }
        var status: Int32 = 0
        switch path {
        case .returnKey: status = await tool(["xdotool", "key"] + acceptKeys)
        case .escapeKey: status = await tool(["xdotool", "key", "Escape"])
        case .windowManagerClose: status = await tool(["wmctrl", "-i", "-c", String(beckon_window_xid(window))])
        case .destroyedByCode where self == .fileSelection:
            status = await tool(["wmctrl", "-i", "-c", String(beckon_window_xid(window))])
        case .destroyedByCode: gtk_widget_destroy(window)
        case .cancelledWhileShown: task.cancel()
        case .responseFromCode:
            gtk_dialog_response(window.cast(), self == .fileSelection ? GTK_RESPONSE_ACCEPT.rawValue : 1)
        case .timeout, .cancelledBeforeShowing: break
        }
        if status != 0 { print("\(self): the X tool for path \(path.rawValue) failed with status \(status)") }
        return status == 0
    }

    @GtkActor private func actOnNotification(_ path: Path, task: Task<Bool, any Error>) async -> Bool {
        guard let posted = await waitFor(seconds: 10, { SoakState.posted }) else { return false }
        switch path {
        case .returnKey, .responseFromCode, .escapeKey, .windowManagerClose:
            guard let server = SoakState.server else { return false }
            // A click on the bubble is its default action; on its close
            // button (24 px from the right, 28 down), a dismissal.
            let dismisses = path == .escapeKey || path == .windowManagerClose
            // The bubble slides into place: clicks are repeated until the server answers one.
            for _ in 0..<50 where posted.ending == nil {
                let bubbles = await toolLines(["xdotool", "search", "--onlyvisible", "--pid", "\(server.pid)"]) ?? []
                if let bubble = bubbles.last {
                    let geometry = await toolLines(["xdotool", "getwindowgeometry", "--shell", bubble]) ?? []
                    let width = geometry.first { $0.hasPrefix("WIDTH=") }.flatMap { Int($0.dropFirst(6)) } ?? 400
                    let (x, y) = dismisses ? (width - 24, 28) : (20, 20)
                    _ = await tool(["xdotool", "mousemove", "--window", bubble, "\(x)", "\(y)", "click", "1"])
                }
                if posted.ending == nil { try? await Task.sleep(for: .milliseconds(200)) }
            }
            // notification-daemon holds a bubble's expiry while the pointer
            // rests on it: the pointer leaves for the next bubble's sake.
            _ = await tool(["xdotool", "mousemove", "0", "799"])
            return posted.ending != nil
        case .destroyedByCode:
            do { try await posted.close() } catch { print("notification: close failed: \(error)"); return false }
        case .cancelledWhileShown: task.cancel()
        case .timeout, .cancelledBeforeShowing: break
        }
        return true
    }
}

/// Ends one dialog of `kind` by `path`; nil on a hang (no answer in 10 s),
/// otherwise how it ended.
@GtkActor func oneDialog(_ index: Int, kind: Kind, path: Path) async -> Ending? {
    SoakState.posted = nil
    let task = Task { @GtkActor in try await kind.show(index, path: path) }
    if path == .cancelledBeforeShowing {
        task.cancel()
    } else if path.actsOnShown, await !kind.act(path, task: task) {
        task.cancel()
        return nil
    }
    let deadline = Task { try await Task.sleep(for: .seconds(10)); task.cancel() }
    let result = await task.result
    deadline.cancel()
    // A cancelled deadline means the dialog answered in time.
    guard await deadline.result.isFailure else { return nil }
    switch result {
    case .success(true): return .accepted
    case .success(false): return .dismissed
    case .failure(DialogError.timedOut): return .timedOut
    case .failure(is CancellationError): return .cancelled
    case .failure(let error): print("dialog \(index), \(kind): \(error)"); return .failed
    }
}

extension Result { var isFailure: Bool { if case .failure = self { true } else { false } } }

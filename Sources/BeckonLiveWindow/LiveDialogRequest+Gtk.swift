import BeckonCore
import BeckonLiveDialog
import CBeckonShim
import CGtk

/// Builds the window of a ``LiveDialogRequest`` and starts its feed.
extension LiveDialogRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<LiveDialogAnswer> {
        let (dialog, content) = frame.makeDialog(centered: true)
        // Escape and the window's close are button 2 (swiftDialog binds Escape
        // to it); with no button 2 they do nothing, as in swiftDialog.
        if spec.button2 == nil { beckon_window_refuse_close(dialog) }
        let window = LiveDialogWindow(request: self, control: control, dialog: dialog, content: content)
        let sink = LiveDialogSink { [weak window] update in window?.receive(update) }
        // The session destroys the window at every ending, a cancelled task
        // or a failure included: the feed stops reading then.
        GtkSignal.connect(dialog, "destroy") { sink.stop() }
        feed(sink)
        return DialogWindow(widget: dialog) { end in
            sink.stop()
            let kind: LiveDialogAnswer.Ending = switch end {
            case .response(let id): ending(forButton: Int(id))
            case .escape: .button2
            case .close: .closed
            case .timedOut: .timeout
            case .destroyed: window.inputs.ending ?? .closed
            }
            if kind == .button1 { runButton1Actions(from: dialog) }
            return window.inputs.answer(kind)
        }
    }

    /// `--button1action` opens its URL; `--button1shellaction` runs with `sh -c`
    /// in the background (its output is not Beckon's; the dialog still ends with 0).
    @GtkActor
    private func runButton1Actions(from dialog: UnsafeMutablePointer<GtkWidget>) {
        if let url = spec.button1Action { LiveDialogWindow.open(url, from: dialog) }
        if let command = spec.button1ShellAction {
            var argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (text: String) in strdup(text) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            _ = g_spawn_async(nil, &argv, nil, G_SPAWN_DEFAULT, nil, nil, nil, nil)
        }
    }
}

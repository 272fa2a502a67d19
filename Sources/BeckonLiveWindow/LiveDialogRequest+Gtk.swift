import BeckonCore
import BeckonLiveDialog
import CBeckonShim
import CGtk

/// Builds the window of a ``LiveDialogRequest`` and starts its feed.
extension LiveDialogRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<LiveDialogAnswer> {
        let (dialog, content) = frame.makeDialog(centered: true)
        let window = LiveDialogWindow(request: self, control: control, dialog: dialog, content: content)
        // Escape is button 2's key and ends the dialog only as button 2 could
        // be pressed (see LiveDialogWindow.allowsClose); before the session
        // watches the dialog, so a refused one never reaches it.
        beckon_dialog_guard_close(dialog, CallbackBox.call, CallbackBox.retain { [weak window] kind, _ in
            guard let window else { return 0 }
            return window.allowsClose(byEscape: Int(kind) == BECKON_CLOSE_ESCAPE) ? 1 : 0
        }, CallbackBox.release)
        // Return is button 1's key, and does nothing while button 1 is
        // disabled (swiftDialog's `.keyboardShortcut(.defaultAction)` on a
        // disabled button). GTK would instead activate the focused widget:
        // Return on an `enableButton1` checkbox would tick it, and a second
        // Return accept, with nothing deliberately ticked.
        GtkSignal.connect(dialog, "activate-default") { [weak window] in
            guard let button1 = window?.button1, gtk_widget_is_sensitive(button1) == 0 else { return }
            g_signal_stop_emission_by_name(UnsafeMutableRawPointer(dialog), "activate-default")
        }
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

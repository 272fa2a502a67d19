import CBeckonShim
import CGtk
import Glibc

/// Builds the window of a ``ProgressRequest`` as zenity's progress dialog is
/// laid out: the text, the bar, the time-remaining line, then Cancel and OK.
extension ProgressRequest: GtkDialogKind {
    @GtkActor
    package func makeWindow(_ control: DialogControl) throws -> DialogWindow<ProgressState> {
        guard let ok = frame.defaultButtonIndex else {
            throw DialogError.invalidRequest("a progress dialog needs a button with the default role (OK)")
        }
        let (dialog, content) = frame.makeDialog()
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_container_set_border_width(box.cast(), 5)
        let shown = textIsMarkup ? text.map { DialogText.markupOrPlain($0.string) } : text
        let label = shown?.makeLabel() ?? gtk_label_new(nil)!
        // Updates may bring links; makeLabel guarded those of markup already.
        if textIsMarkup && shown?.isMarkup != true { LinkPolicy.guardLinks(of: label) }
        gtk_label_set_xalign(label.cast(), 0)
        gtk_label_set_line_wrap(label.cast(), 1)
        let bar = gtk_progress_bar_new()!
        gtk_progress_bar_set_pulse_step(bar.cast(), 0.1)
        let timeLabel = gtk_label_new(nil)!
        gtk_label_set_xalign(timeLabel.cast(), 0)
        for widget in [label, bar, timeLabel] { gtk_box_pack_start(box.cast(), widget, 0, 0, 0) }
        gtk_box_pack_start(content.cast(), box, 0, 0, 0)
        gtk_widget_show_all(box)

        let window = ProgressWindow(
            request: self, control: control, dialog: dialog, label: label, bar: bar, timeLabel: timeLabel, ok: ok)
        let progressFeed = ProgressFeed(window)
        progressFeed.onStop { window.stopPulsing() }
        // The session hides the window at every ending, and destroys it: a
        // cancelled task or a failure ends it without reading it.
        for signal in ["hide", "destroy"] { GtkSignal.connect(dialog, signal) { progressFeed.stop() } }
        feed(progressFeed)
        return DialogWindow(widget: dialog) { _ in
            progressFeed.stop()
            return window.state
        }
    }
}

/// A shown progress dialog: applies the updates its feed brings, as zenity's
/// `zenity_progress_handle_stdin` does.
@GtkActor
private final class ProgressWindow: ProgressSink {
    private let request: ProgressRequest
    private let control: DialogControl
    private let bar: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let timeLabel: UnsafeMutablePointer<GtkWidget>
    private let okButton: UnsafeMutablePointer<GtkWidget>?
    private let cancelButton: UnsafeMutablePointer<GtkWidget>?
    private let ok: Int
    private var pulseSource: guint = 0
    private var timeRemaining = ProgressTimeRemaining()
    private var shownText: String?
    private(set) var state: ProgressState

    init(request: ProgressRequest, control: DialogControl, dialog: UnsafeMutablePointer<GtkWidget>,
         label: UnsafeMutablePointer<GtkWidget>, bar: UnsafeMutablePointer<GtkWidget>,
         timeLabel: UnsafeMutablePointer<GtkWidget>, ok: Int) {
        self.request = request
        self.control = control
        self.label = label
        self.bar = bar
        self.timeLabel = timeLabel
        self.ok = ok
        okButton = beckon_dialog_button(dialog, Int32(ok))
        let cancel = request.frame.buttons.firstIndex { $0.role == .cancel }
        cancelButton = cancel.flatMap { beckon_dialog_button(dialog, Int32($0)) }
        state = ProgressState(fraction: ProgressRequest.clamped(request.initialFraction))
        gtk_progress_bar_set_fraction(bar.cast(), state.fraction)
        // OK waits for the work, and says so to a screen reader; the focus
        // starts on Cancel, as in zenity.
        if let okButton { GtkAccessible.setSensitive(okButton, false, reason: AccessibleWords.localized.workNotDone) }
        if let cancelButton { gtk_widget_grab_focus(cancelButton) }
        if !request.isCancellable {
            if let cancelButton { gtk_widget_hide(cancelButton) }
            gtk_window_set_deletable(dialog.cast(), 0)
            if request.autoCloses, let okButton { gtk_widget_hide(okButton) }
        }
        if request.pulsates { startPulsing() }
    }

    func apply(_ update: ProgressUpdate) {
        switch update {
        case .text(let text):
            guard text != shownText else { return }
            shownText = text
            state.text = text
            if request.textIsMarkup, DialogText.markupOrPlain(text).isMarkup {
                gtk_label_set_markup(label.cast(), text)
            } else {
                gtk_label_set_text(label.cast(), text)
            }
        case .pulsating(let on):
            if on {
                startPulsing()
            } else {
                stopPulsing()
                gtk_progress_bar_set_fraction(bar.cast(), state.fraction)
            }
        case .fraction(let value):
            let fraction = ProgressRequest.clamped(value)
            // 100,000 lines a second must not each cost a relayout.
            if fraction != gtk_progress_bar_get_fraction(bar.cast()) {
                gtk_progress_bar_set_fraction(bar.cast(), fraction)
            }
            state.fraction = fraction
            if request.showsTimeRemaining { updateTimeRemaining() }
            if fraction >= 1 { workDone() }
        }
    }

    func inputEnded() {
        state.updatesEnded = true
        state.fraction = 1
        if let cancelButton { GtkAccessible.setSensitive(cancelButton, false, reason: AccessibleWords.localized.workDone) }
        gtk_progress_bar_set_fraction(bar.cast(), 1)
        stopPulsing()
        workDone()
    }

    func abandon() {
        control.end(.destroyed)
    }

    /// OK becomes the answer; an auto-closing dialog gives it at once.
    private func workDone() {
        if let okButton {
            GtkAccessible.setSensitive(okButton, true, reason: "")
            gtk_widget_grab_focus(okButton)
        }
        if request.autoCloses { control.end(.response(Int32(ok))) }
    }

    private func startPulsing() {
        guard pulseSource == 0 else { return }
        pulseSource = GtkSource.timeout(milliseconds: 100) { [bar] in
            gtk_progress_bar_pulse(bar.cast())
            return true
        }
    }

    func stopPulsing() {
        guard pulseSource != 0 else { return }
        g_source_remove(pulseSource)
        pulseSource = 0
    }

    private func updateTimeRemaining() {
        gtk_label_set_text(timeLabel.cast(), timeRemaining.line(at: state.fraction))
    }
}

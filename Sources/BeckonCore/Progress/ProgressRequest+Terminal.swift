import CGtk

/// A progress dialog on a terminal: the text, a bar as wide as the terminal
/// with its percentage, and the time left when asked for, fed by the same
/// updates as the window (a script's stdin in the command). OK waits for the
/// work, as in the window; Escape, Ctrl-C and Ctrl-D stop it as Escape does.
extension ProgressRequest: TerminalDialogKind {
    @GtkActor
    package func makePrompt() throws -> any TerminalPrompt<ProgressState> {
        guard frame.defaultButtonIndex != nil else {
            throw DialogError.invalidRequest("a progress dialog needs a button with the default role (OK)")
        }
        return ProgressPrompt(self)
    }
}

@GtkActor
private final class ProgressPrompt: TerminalPrompt, ProgressSink {
    private let request: ProgressRequest
    private let ok: Int
    private let cancel: Int?
    private let initialText: String
    private(set) var state: ProgressState
    private var events: TerminalPromptEvents?
    private var feed: ProgressFeed?
    private var isDone = false
    private var isPulsing = false
    /// Where the pulsing block is, in steps of a tenth of the bar.
    private var pulseStep = 0
    private var pulseSource: guint = 0
    /// A drawing waits for this source, so a writer sending 100,000 lines a
    /// second costs a few drawings a second, not one a line.
    private var drawSource: guint = 0
    private var timeRemaining = ProgressTimeRemaining()
    private var timeLine = ""

    init(_ request: ProgressRequest) {
        self.request = request
        ok = request.frame.defaultButtonIndex ?? 0
        cancel = request.frame.buttons.firstIndex { $0.role == .cancel }
        initialText = request.text.map { request.textIsMarkup ? TerminalText.plain(.markup($0.string)) : TerminalText.plain($0) } ?? ""
        state = ProgressState(fraction: ProgressRequest.clamped(request.initialFraction))
        isPulsing = request.pulsates
    }

    var fieldCount: Int { 0 }
    var takesTyping: Bool { false }
    var value: ProgressState { state }

    func shows(button index: Int) -> Bool {
        // As the window: --no-cancel hides Cancel, and OK too when the dialog closes by itself.
        guard !request.isCancellable else { return true }
        if index == cancel { return false }
        return !(index == ok && request.autoCloses)
    }

    func allows(button index: Int) -> Bool {
        if index == ok { return isDone }
        if index == cancel { return !state.updatesEnded }
        return true
    }

    var hint: String? { isDone ? nil : "Escape or Ctrl-C: stop" }

    /// Cancel while the work runs, as in the window: Return stops it.
    var initialButton: Int? { request.isCancellable ? cancel : nil }

    func start(_ events: TerminalPromptEvents) {
        self.events = events
        if isPulsing { startPulsing() }
        let feed = ProgressFeed(self)
        self.feed = feed
        request.feed(feed)
    }

    func stop() {
        feed?.stop()
        feed = nil
        stopPulsing()
        if drawSource != 0 { g_source_remove(drawSource); drawSource = 0 }
        events = nil
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult { .ignored }

    // MARK: ProgressSink

    func apply(_ update: ProgressUpdate) {
        switch update {
        case .text(let text):
            state.text = text
        case .pulsating(let on):
            isPulsing = on
            if on { startPulsing() } else { stopPulsing() }
        case .fraction(let value):
            state.fraction = ProgressRequest.clamped(value)
            if request.showsTimeRemaining { timeLine = timeRemaining.line(at: state.fraction) }
            if state.fraction >= 1 { workDone() }
        }
        scheduleDraw()
    }

    func inputEnded() {
        state.updatesEnded = true
        state.fraction = 1
        isPulsing = false
        stopPulsing()
        workDone()
        scheduleDraw()
    }

    func abandon() {
        events?.end(.destroyed)
    }

    /// OK becomes the answer; an auto-closing dialog gives it at once.
    private func workDone() {
        isDone = true
        if shows(button: ok) { events?.focusButton(ok) }
        if request.autoCloses { events?.end(.response(Int32(ok))) }
    }

    private func scheduleDraw() {
        guard drawSource == 0, events != nil else { return }
        drawSource = GtkSource.timeout(milliseconds: 40) { [self] in
            drawSource = 0
            events?.redraw()
            return false
        }
    }

    private func startPulsing() {
        guard pulseSource == 0 else { return }
        pulseSource = GtkSource.timeout(milliseconds: 100) { [self] in
            pulseStep += 1
            events?.redraw()
            return true
        }
    }

    private func stopPulsing() {
        guard pulseSource != 0 else { return }
        g_source_remove(pulseSource)
        pulseSource = 0
    }

    // MARK: Drawing

    func render(_ layout: TerminalLayout) -> TerminalBody {
        let text = state.text.map { request.textIsMarkup ? TerminalText.plain(.markup($0)) : TerminalText.printable($0) }
        var lines = TerminalText.wrap(text ?? initialText, width: layout.width)
        let barWidth = max(4, layout.width - 7)
        var bar: String
        if isPulsing {
            // A block going back and forth, as GTK's bar pulses.
            let block = max(1, barWidth / 6)
            let travel = max(1, barWidth - block)
            let phase = pulseStep % (2 * 10)
            let start = travel * (phase <= 10 ? phase : 20 - phase) / 10
            bar = String(repeating: "░", count: start) + String(repeating: "█", count: block)
                + String(repeating: "░", count: max(0, barWidth - start - block))
            bar = "[" + bar + "]"
        } else {
            let filled = Int((state.fraction * Double(barWidth)).rounded(.down))
            let percent = Int((state.fraction * 100).rounded(.down))
            bar = "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "] "
                + String(repeating: " ", count: percent < 10 ? 2 : percent < 100 ? 1 : 0) + "\(percent)%"
        }
        lines.append(bar)
        if request.showsTimeRemaining { lines.append(timeLine) }
        return TerminalBody(lines)
    }
}

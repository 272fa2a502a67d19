import BeckonCore
import BeckonLiveDialog

/// A dialog in swiftDialog's vocabulary that changes while it is shown: what
/// `beckon dialog` opens, and what ``Dialog/live(_:updates:timeout:)`` shows
/// from Swift.
///
/// Updates are whole specs: the window keeps the one it shows and, once per
/// frame, draws only what differs from the newest, so a writer that sends
/// thousands of updates a second costs one redraw a frame, and each ending
/// (a button, Return, Escape, the quit key, the timer, `quit:`, a close, the
/// timeout, cancellation) resumes the caller exactly once, as every Beckon
/// dialog does.
public struct LiveDialogRequest: DialogRequest {
    public typealias Value = LiveDialogAnswer

    public var frame: DialogFrame
    /// What the window shows first.
    public var spec: LiveDialogSpec
    /// Starts the source of updates once the window exists; it hands each one
    /// to the sink it is given, on GTK's thread.
    package var feed: @Sendable @GtkActor (LiveDialogSink) -> Void

    /// A live dialog showing `spec`, then each update of `updates` as it comes.
    /// The sequence is iterated on GTK's thread while the dialog is shown;
    /// when the dialog ends first, the iterating task is cancelled.
    public init<Updates: AsyncSequence & Sendable>(_ spec: LiveDialogSpec, updates: Updates,
                                                   timeout: Duration? = nil)
        where Updates.Element == LiveDialogUpdate {
        self.init(spec, timeout: timeout) { sink in
            let task = Task { @GtkActor in
                do {
                    for try await update in updates { sink.receive(update) }
                } catch {}
            }
            sink.onStop { task.cancel() }
        }
    }

    /// A live dialog whose updates come from `feed` (the command file's reader).
    package init(_ spec: LiveDialogSpec, timeout: Duration? = nil,
                 feed: @escaping @Sendable @GtkActor (LiveDialogSink) -> Void) {
        self.spec = spec
        self.feed = feed
        // The info button is the window's own (it may open a URL and stay), not a response.
        var buttons: [DialogButton] = []
        if let button2 = spec.button2 { buttons.append(DialogButton(button2.label, role: .cancel)) }
        buttons.append(DialogButton(spec.button1.label, role: .default))
        frame = DialogFrame(title: spec.title ?? "", buttons: buttons, timeout: timeout)
        frame.width = spec.window.width ?? Self.defaultWidth(spec.window.style)
        frame.height = spec.window.height
    }

    /// swiftDialog's window is 820 points wide; a GTK dialog at 1× is smaller
    /// text, so 640 pixels keeps its proportions; `--small` is 25 % less,
    /// `--big` 25 % more, `--mini` a narrow strip.
    static func defaultWidth(_ style: LiveDialogSpec.WindowPlacement.Style) -> Int {
        switch style {
        case .regular: 640
        case .small: 480
        case .big: 800
        case .mini: 420
        }
    }

    /// The answer of a window that was not changed: nothing typed, the defaults chosen.
    public func value(scripted: LiveDialogAnswer?) -> LiveDialogAnswer? {
        scripted ?? LiveDialogAnswer.initial(for: spec, ending: .button1)
    }

    public var builders: DialogBuilders<LiveDialogAnswer> { DialogBuilders(self) }

    /// The answer of `reply`, with the ending the session saw. A window
    /// writes its ending into the answer itself (the quit key, the timer and
    /// `quit:` are known only there); a terminal prompt's answer does not know
    /// which button or key ended it, so Cancel and Escape there gave 0.
    public func answer(_ reply: DialogReply<LiveDialogAnswer>) -> LiveDialogAnswer {
        var answer = reply.value
        switch reply.outcome {
        case .button(let index): if ending(forButton: index) == .button2 { answer.ending = .button2 }
        case .escape: answer.ending = .button2
        case .close: answer.ending = .closed
        case .timedOut: answer.ending = .timeout
        case .destroyed: break
        }
        return answer
    }

    /// Which ending a response id (a button's index in ``frame``) stands for.
    func ending(forButton index: Int) -> LiveDialogAnswer.Ending {
        guard frame.buttons.indices.contains(index) else { return .closed }
        return frame.buttons[index].role == .cancel ? .button2 : .button1
    }
}

extension LiveDialogAnswer {
    /// The inputs as `spec` starts them: fields with their values, selects on
    /// their defaults, checkboxes as given.
    static func initial(for spec: LiveDialogSpec, ending: Ending) -> LiveDialogAnswer {
        var answer = LiveDialogAnswer(ending: ending)
        answer.textFields = spec.textFields.map { .init(key: $0.key, value: $0.value) }
        answer.selects = spec.selects.map { select in
            let index = select.defaultValue.flatMap { select.values.firstIndex(of: $0) } ?? -1
            return .init(key: select.key, value: index >= 0 ? select.values[index] : "", index: index)
        }
        answer.checkboxes = spec.checkboxes.map { .init(key: $0.key, value: $0.checked) }
        return answer
    }
}

import BeckonCore
import BeckonLiveDialog
import CGtk

/// A live dialog on a terminal: the title and message, the status rows with a
/// mark for each status, the progress bar, fed by the same updates as the
/// window and drawn again in place. Inputs keep their defaults (a terminal
/// form is `beckon --forms`); the buttons answer as in the window.
extension LiveDialogRequest: TerminalDialogKind {
    @GtkActor
    package func makePrompt() throws -> any TerminalPrompt<LiveDialogAnswer> {
        LiveDialogPrompt(self)
    }
}

@GtkActor
private final class LiveDialogPrompt: TerminalPrompt {
    private let request: LiveDialogRequest
    private var spec: LiveDialogSpec
    private var events: TerminalPromptEvents?
    private var sink: LiveDialogSink?
    /// A few drawings a second, however many updates come.
    private lazy var newest = NewestValue<LiveDialogSpec>(everyMilliseconds: 100) { [unowned self] next in
        spec = next
        events?.redraw()
    }
    private var ending: LiveDialogAnswer.Ending?

    init(_ request: LiveDialogRequest) {
        self.request = request
        spec = request.spec
    }

    var fieldCount: Int { 0 }
    var takesTyping: Bool { false }
    var value: LiveDialogAnswer { LiveDialogAnswer.initial(for: spec, ending: ending ?? .button1) }

    /// A disabled button does not answer, button 2 as button 1 (swiftDialog's
    /// ButtonBarView.swift: each button is `.disabled(isDisabled)`).
    func allows(button index: Int) -> Bool {
        request.ending(forButton: index) == .button1 ? spec.button1.enabled : spec.button2?.enabled ?? false
    }

    var hint: String? { spec.button1.enabled ? nil : "\(spec.button1.label) is not available yet" }

    func start(_ events: TerminalPromptEvents) {
        self.events = events
        let sink = LiveDialogSink { [weak self] update in self?.receive(update) }
        self.sink = sink
        request.feed(sink)
    }

    func stop() {
        sink?.stop()
        sink = nil
        newest.cancel()
    }

    private func receive(_ update: LiveDialogUpdate) {
        switch update {
        case .spec(let next):
            newest.offer(next)
        case .action(.quit):
            ending = .quitCommand
            events?.end(.destroyed)
        case .action:
            break
        }
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult { .ignored }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        var lines: [String] = []
        let width = max(10, layout.width - 1)
        if !spec.message.isEmpty {
            for line in spec.message.split(separator: "\n", omittingEmptySubsequences: false) {
                lines += TerminalText.wrap(TerminalText.printable(String(line), lineBreaks: false), width: width)
            }
        }
        if spec.listVisible, !spec.listItems.isEmpty {
            lines.append("")
            // The rows that fit, the last changed ones kept in view: the end of the list.
            let room = max(3, layout.height - lines.count - 4)
            for item in spec.listItems.suffix(room) {
                let mark = Self.mark(item.status)
                let status = item.statusText.isEmpty ? "" : "  " + item.statusText
                lines.append(TerminalText.fit("\(mark) \(TerminalText.printable(item.title, lineBreaks: false))\(status)", width: width))
            }
        }
        if let bar = spec.progress, bar.visible {
            lines.append("")
            let cells = max(4, width - 7)
            let fraction = bar.value.map { Double($0) / Double(bar.total) } ?? 0
            let filled = Int((fraction * Double(cells)).rounded(.down))
            let percent = bar.value == nil ? "…" : "\(Int((fraction * 100).rounded()))%"
            lines.append("[" + String(repeating: "#", count: filled) + String(repeating: " ", count: cells - filled) + "] " + percent)
            if !bar.text.isEmpty { lines.append(TerminalText.fit(TerminalText.printable(bar.text, lineBreaks: false), width: width)) }
        }
        return TerminalBody(lines)
    }

    /// One cell per status, readable without colour.
    static func mark(_ status: LiveDialogSpec.ItemStatus) -> String {
        switch status {
        case .none: " "
        case .wait: "…"
        case .success: "✓"
        case .fail: "✗"
        case .error: "!"
        case .pending: "·"
        case .progress(let value): "\(value)%"
        case .symbol: "•"
        }
    }
}

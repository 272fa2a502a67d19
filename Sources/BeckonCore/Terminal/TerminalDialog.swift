import BeckonIO
import CBeckonShim
import CGtk

/// One prompt on the controlling terminal, from its first drawing to the
/// terminal put back: what ``TerminalPresenter`` gives a ``DialogSession`` in
/// place of a window.
///
/// The session keeps what every dialog shares (the queue, the timeout, the
/// one ending, cancellation); this draws the title, the kind's
/// ``TerminalPrompt`` and the buttons on `/dev/tty` (never on stdout, which
/// carries the answer), reads keys on GTK's loop, and moves the focus. Tab and
/// Shift-Tab move between the fields and buttons, Left and Right between the
/// buttons, Return presses the focused button (on a field: the default one),
/// a button's mnemonic letter presses it (with Alt while a field has the
/// focus), and Escape, Ctrl-C and Ctrl-D end it as Escape does in a window.
@GtkActor
final class TerminalDialog<Value> {
    private let prompt: any TerminalPrompt<Value>
    private let frame: DialogFrame
    private let control: DialogControl
    private let device: TerminalDevice
    private let reader: FileDescriptorReader
    private var decoder = TerminalKeyDecoder()
    private var focus: Int
    private var escapeSource: guint = 0
    private var resizeSource: guint = 0
    /// The countdown's number, as the session's deadline gives it (``DialogCountdown``).
    private var secondsLeft: UInt32?
    /// The row of the cursor within what was drawn last, counted from its top.
    private var cursorRow = 0
    private var isClosed = false
    /// What was printed last on a terminal without ANSI (``drawPlain(_:final:)``).
    private var plainLines: [String]?

    /// How long a lone Escape waits for the rest of a key's sequence.
    private static var escapeWait: UInt32 { 40 }

    init(_ prompt: any TerminalPrompt<Value>, frame: DialogFrame, control: DialogControl) throws(TerminalError) {
        self.prompt = prompt
        self.frame = frame
        self.control = control
        device = try TerminalDevice()
        reader = FileDescriptorReader(fileDescriptor: device.fileDescriptor, chunkSize: 4096, priority: G_PRIORITY_DEFAULT)
        // As in the window: the first field, else the default button, else the first one.
        focus = prompt.fieldCount > 0 ? 0 : prompt.initialButton ?? frame.defaultButtonIndex ?? 0
    }

    /// Draws the prompt, starts reading keys, and hands the session the
    /// window-less dialog: its value, and the terminal put back at the end.
    func start() -> DialogWindow<Value> {
        if prompt.usesWholeScreen { device.setAlternateScreen(true) }
        // Until the session's deadline says (as it shows the prompt), what it will say.
        if frame.showsCountdown, frame.timeout != nil, let timeout = frame.timeoutFromNow {
            secondsLeft = DialogDeadline.after(timeout).secondsLeft()
        }
        // A pager wraps anew and an inline prompt is drawn again for the new size.
        resizeSource = beckon_terminal_watch_resize(CallbackBox.call, CallbackBox.retain { [weak self] _, _ in
            self?.draw()
            return 0
        }, CallbackBox.release)
        reader.start(onData: { [self] bytes in
            receive(decoder.keys(in: bytes))
        }, onEnd: { [self] _ in
            // The terminal hung up or its input ended: as Escape, as read(1)'s EOF.
            end(.escape)
        })
        draw()
        prompt.start(TerminalPromptEvents(redraw: { [weak self] in self?.draw() },
                                          end: { [weak self] ending in self?.end(ending) },
                                          focusButton: { [weak self] index in self?.focusButton(index) }))
        var window = DialogWindow(widget: nil, read: { [prompt] _ in prompt.value }, ended: { [self] in close() })
        if secondsLeft != nil {
            window.countdown = { [weak self] seconds in self?.showCountdown(seconds) }
        }
        return window
    }

    /// The session's deadline says `seconds` are left.
    private func showCountdown(_ seconds: UInt32) {
        guard !isClosed, seconds != secondsLeft else { return }
        secondsLeft = seconds
        draw()
    }

    private func receive(_ keys: [TerminalKey]) {
        if escapeSource != 0 {
            g_source_remove(escapeSource)
            escapeSource = 0
        }
        for key in keys where !isClosed {
            handle(key)
        }
        guard !isClosed else { return }
        if decoder.pendingEscape {
            escapeSource = GtkSource.timeout(milliseconds: Self.escapeWait) { [self] in
                escapeSource = 0
                receive(decoder.flush())
                return false
            }
        }
        draw()
    }

    private var buttonCount: Int { frame.buttons.count }
    private var stopCount: Int { prompt.fieldCount + buttonCount }
    private var focusedField: Int? { focus < prompt.fieldCount ? focus : nil }

    private func handle(_ key: TerminalKey) {
        switch key {
        case .escape, .interrupt, .endOfInput:
            end(.escape)
            return
        case .tab:
            moveFocus(by: 1)
            return
        case .backTab:
            moveFocus(by: -1)
            return
        default:
            break
        }
        switch prompt.handle(key, field: focusedField) {
        case .handled: return
        case .focusNext: moveFocus(by: 1); return
        case .activate: pressDefault(); return
        case .dismiss: end(.escape); return
        case .ignored: break
        }
        if case .alt(let letter) = key, let index = mnemonicButton(letter) {
            press(index)
            return
        }
        guard focusedField == nil else {
            if key == .enter { pressDefault() }
            if case .character(let letter) = key, !prompt.takesTyping, let index = mnemonicButton(letter) { press(index) }
            return
        }
        let button = focus - prompt.fieldCount
        switch key {
        case .left: if let next = shownButton(from: button, by: -1) { focus = prompt.fieldCount + next }
        case .right: if let next = shownButton(from: button, by: 1) { focus = prompt.fieldCount + next }
        case .enter, .character(" "): press(button)
        case .character(let letter):
            if let index = mnemonicButton(letter) { press(index) }
        default: break
        }
    }

    private func moveFocus(by step: Int) {
        guard stopCount > 0 else { return }
        for _ in 0..<stopCount {
            focus = (focus + step + stopCount) % stopCount
            if focus < prompt.fieldCount || prompt.shows(button: focus - prompt.fieldCount) { return }
        }
    }

    /// The next shown button from `button` in the direction of `step`, if any.
    private func shownButton(from button: Int, by step: Int) -> Int? {
        var next = button + step
        while frame.buttons.indices.contains(next) {
            if prompt.shows(button: next) { return next }
            next += step
        }
        return nil
    }

    private func focusButton(_ index: Int) {
        guard !isClosed, frame.buttons.indices.contains(index), prompt.shows(button: index) else { return }
        focus = prompt.fieldCount + index
        draw()
    }

    private func mnemonicButton(_ letter: Character) -> Int? {
        let wanted = Character(letter.lowercased())
        return frame.buttons.indices.first { index in
            prompt.shows(button: index) && TerminalText.mnemonic(frame.buttons[index].label).key == wanted
        }
    }

    private func pressDefault() {
        if let index = frame.defaultButtonIndex { press(index) }
    }

    private func press(_ index: Int) {
        guard frame.buttons.indices.contains(index), prompt.shows(button: index) else { return }
        guard prompt.allows(button: index) else {
            device.write("\u{07}") // the bell: the button waits (its hint says why)
            return
        }
        end(.response(Int32(index)))
    }

    private func end(_ ending: DialogEnding) {
        guard !isClosed else { return }
        control.end(ending)
    }

    /// Stops reading, draws the final state and puts the terminal back; runs
    /// once, at the session's end, however it ended.
    private func close() {
        guard !isClosed else { return }
        for source in [escapeSource, resizeSource] where source != 0 { g_source_remove(source) }
        escapeSource = 0
        resizeSource = 0
        reader.stop()
        prompt.stop()
        if prompt.usesWholeScreen {
            // A plain terminal kept every page drawn: the shell goes on under the last.
            if device.understandsANSI { device.setAlternateScreen(false) } else { device.write("\n") }
        } else {
            draw(final: true)
        }
        isClosed = true
        device.close()
    }

    // MARK: Drawing

    private func draw(final: Bool = false) {
        guard !isClosed else { return }
        let width = max(10, device.columns - 1)
        let rows = max(4, device.rows)
        var lines = frame.terminalHeader(width: width)
        let top = lines.count
        let footer = 1 + (footerHint == nil ? 0 : 1)
        let room = rows - 1 - top - footer
        let layout = TerminalLayout(width: width, height: max(1, room), focusedField: final ? nil : focusedField)
        var body = prompt.render(layout)
        if body.lines.count > room {
            // An inline prompt taller than the screen cannot be redrawn in place.
            body.lines = Array(body.lines.prefix(max(0, room - 1))) + [TerminalText.styled("…", TerminalText.dim)]
            if let cursor = body.cursor, cursor.line >= body.lines.count { body.cursor = nil }
        }
        lines += body.lines
        lines.append(buttonRow(width: width, final: final))
        if let hint = footerHint { lines.append(TerminalText.styled(TerminalText.fit(hint, width: width), TerminalText.dim)) }
        guard device.understandsANSI else {
            drawPlain(lines.map(TerminalText.withoutEscapes), final: final)
            return
        }

        var out = ""
        if prompt.usesWholeScreen {
            out += "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
            cursorRow = lines.count - 1
        } else {
            if cursorRow > 0 { out += "\u{1B}[\(cursorRow)A" }
            out += "\r\u{1B}[J" + lines.joined(separator: "\n")
            cursorRow = lines.count - 1
        }
        if !final, let cursor = body.cursor {
            let target = top + cursor.line
            if cursorRow > target { out += "\u{1B}[\(cursorRow - target)A" }
            out += "\r" + (cursor.column > 0 ? "\u{1B}[\(cursor.column)C" : "") + "\u{1B}[?25h"
            cursorRow = target
        } else {
            out += "\u{1B}[?25l"
        }
        if final { out += "\n\u{1B}[?25h" }
        device.write(out)
    }

    /// Draws on a terminal that takes no escape sequence (`TERM=dumb` or
    /// unset), line by line as a teletype would: no cursor to move back, so
    /// each new state is printed anew under the last, after a blank line,
    /// and only when it changed; the end prints nothing new, only the line
    /// break the shell goes on after. The lines' styles are taken out
    /// (content has none: it was made printable before it became a line).
    private func drawPlain(_ lines: [String], final: Bool) {
        if final {
            if plainLines != nil { device.write("\n") }
            return
        }
        guard lines != plainLines else { return }
        device.write((plainLines == nil ? "" : "\n\n") + lines.joined(separator: "\n"))
        plainLines = lines
    }

    private var footerHint: String? {
        if let secondsLeft { return secondsLeft == 1 ? "Closes in 1 second" : "Closes in \(secondsLeft) seconds" }
        return prompt.hint
    }

    private func buttonRow(width: Int, final: Bool) -> String {
        let focusedButton = final ? nil : focusedField == nil ? focus - prompt.fieldCount : nil
        let cells = frame.buttons.enumerated().filter { prompt.shows(button: $0.offset) }.map { index, button -> String in
            let (text, _, offset) = TerminalText.mnemonic(button.label)
            var label = ""
            for (position, character) in text.enumerated() {
                label += position == offset && !final
                    ? TerminalText.underline + String(character) + "\u{1B}[24m" : String(character)
            }
            guard device.understandsANSI else {
                // No reverse video to show the focus with: marks around the button.
                return index == focusedButton ? ">[ " + label + " ]<" : " [ " + label + " ] "
            }
            let style = index == focusedButton ? TerminalText.reverse
                : prompt.allows(button: index) ? "" : TerminalText.dim
            return TerminalText.styled("[ " + label + " ]", style)
        }
        return cells.joined(separator: " ")
    }
}

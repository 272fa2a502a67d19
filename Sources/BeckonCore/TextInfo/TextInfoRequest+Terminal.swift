import Glibc

/// A text on a terminal: a pager on the whole screen, as `less` shows a file,
/// filled as the file or stdin is read (the keys come from the terminal, not
/// stdin). Only the lines on screen are wrapped and drawn, so a long text
/// scrolls as fast as a short one. OK waits for the checkbox, as in the
/// window. An editable text is edited in place: the arrows move the cursor,
/// Return starts a line, Ctrl-S (or Tab, then Return on OK) answers.
extension TextInfoRequest: TerminalDialogKind {
    @GtkActor
    package func makePrompt() -> any TerminalPrompt<TextInfoContent> {
        TextInfoPager(self)
    }
}

@GtkActor
private final class TextInfoPager: TerminalPrompt {
    private let request: TextInfoRequest
    private let checkboxLabel: String?
    private var isChecked = false
    /// The text's lines, as read (an editable text: as edited); the last one
    /// may still be growing.
    private var lines: [String] = [""]
    /// The first line on screen, and which of its wrapped rows.
    private var top = (line: 0, row: 0)
    /// The editing cursor: a line and a character in it.
    private var cursor = (line: 0, column: 0)
    /// Whether the cursor stays at the end as text comes, as in the window:
    /// until a key moves it, typing goes after what was read.
    private var cursorFollowsEnd = true
    /// The first cell shown of each line of an editable text (it does not wrap).
    private var leftColumn = 0
    private var pageHeight = 1
    private var width = 80
    private var input: TextInfoInput?
    private var inputIsDone = false

    init(_ request: TextInfoRequest) {
        self.request = request
        checkboxLabel = request.checkbox.map { TerminalText.mnemonic($0).text }
    }

    var fieldCount: Int { checkboxLabel == nil ? 1 : 2 }
    var usesWholeScreen: Bool { true }
    var takesTyping: Bool { request.isEditable }

    var value: TextInfoContent {
        guard request.isEditable else { return TextInfoContent(text: nil, isChecked: isChecked) }
        input?.readRestOfRegularFile()
        return TextInfoContent(text: lines.joined(separator: "\n"), isChecked: isChecked)
    }

    func allows(button index: Int) -> Bool {
        checkboxLabel == nil || isChecked || index != request.frame.defaultButtonIndex
    }

    var hint: String? {
        checkboxLabel != nil && !isChecked ? "OK waits for the box to be ticked (Tab to it, then Space)" : nil
    }

    func start(_ events: TerminalPromptEvents) {
        let followsEnd = request.followsEnd
        // Below the keys and the timeout (G_PRIORITY_DEFAULT_IDLE), so a long text never holds them back.
        let input = TextInfoInput(request, priority: 200, text: { [self] text in
            append(text)
            if followsEnd { top = lastTop }
            events.redraw()
        }, ended: { [self] in
            inputIsDone = true
            events.redraw()
        })
        self.input = input
        if case .text(let text) = request.source { append(text) }
        if case .fileDescriptor(let fd) = request.source, isatty(fd) != 0 {
            // The keys come from that terminal: what is typed cannot be the text too.
            request.onWarning?("the text would be read from the terminal the dialog asks on; "
                               + "give it with --filename or pipe it in")
            inputIsDone = true
            return
        }
        input.start(firstChunk: 0)
    }

    func stop() {
        input?.stop()
        input = nil
    }

    private func append(_ text: String) {
        var pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines[lines.count - 1] += pieces.removeFirst()
        lines += pieces.map(String.init)
        if cursorFollowsEnd { cursor = (lines.count - 1, lines[lines.count - 1].count) }
    }

    // MARK: Keys

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        if field == 1 {
            // Return on the box answers, as in the window; Space ticks it.
            guard key == .character(" ") || key == .character("x") else { return .ignored }
            isChecked.toggle()
            return .handled
        }
        guard field == 0 else { return .ignored }
        if request.isEditable { return edit(key) }
        switch key {
        case .down, .character("j"): scroll(by: 1)
        case .up, .character("k"): scroll(by: -1)
        case .pageDown, .character(" "), .character("f"), .control("f"): scroll(by: pageHeight)
        case .pageUp, .character("b"), .control("b"): scroll(by: -pageHeight)
        case .home, .character("g"): top = (0, 0)
        case .end, .character("G"): top = lastTop
        case .character("q"): return .dismiss
        default: return .ignored
        }
        return .handled
    }

    private func edit(_ key: TerminalKey) -> TerminalKeyResult {
        cursorFollowsEnd = false
        var line = Array(lines[cursor.line])
        switch key {
        case .character(let character):
            line.insert(character, at: cursor.column)
            lines[cursor.line] = String(line)
            cursor.column += 1
        case .enter:
            lines[cursor.line] = String(line[..<cursor.column])
            lines.insert(String(line[cursor.column...]), at: cursor.line + 1)
            cursor = (cursor.line + 1, 0)
        case .backspace:
            if cursor.column > 0 {
                line.remove(at: cursor.column - 1)
                lines[cursor.line] = String(line)
                cursor.column -= 1
            } else if cursor.line > 0 {
                let previous = lines[cursor.line - 1].count
                lines[cursor.line - 1] += lines.remove(at: cursor.line)
                cursor = (cursor.line - 1, previous)
            }
        case .delete:
            if cursor.column < line.count {
                line.remove(at: cursor.column)
                lines[cursor.line] = String(line)
            } else if cursor.line + 1 < lines.count {
                lines[cursor.line] += lines.remove(at: cursor.line + 1)
            }
        case .left:
            if cursor.column > 0 { cursor.column -= 1 } else if cursor.line > 0 {
                cursor = (cursor.line - 1, lines[cursor.line - 1].count)
            }
        case .right:
            if cursor.column < line.count { cursor.column += 1 } else if cursor.line + 1 < lines.count {
                cursor = (cursor.line + 1, 0)
            }
        case .up: moveCursor(lines: -1)
        case .down: moveCursor(lines: 1)
        case .pageUp: moveCursor(lines: -pageHeight)
        case .pageDown: moveCursor(lines: pageHeight)
        case .home, .control("a"): cursor.column = 0
        case .end, .control("e"): cursor.column = line.count
        case .control("s"): return .activate
        default: return .ignored
        }
        return .handled
    }

    private func moveCursor(lines count: Int) {
        let line = min(max(cursor.line + count, 0), lines.count - 1)
        cursor = (line, min(cursor.column, lines[line].count))
    }

    // MARK: Scrolling a wrapped text

    /// A line as rows of the screen: wrapped, or cut when the text does not wrap.
    private func rows(of index: Int) -> [String] {
        let line = TerminalText.printable(lines[index])
        return request.wraps && !request.isEditable ? TerminalText.wrap(line, width: width)
            : [TerminalText.fit(line, width: width)]
    }

    private var lastTop: (line: Int, row: Int) {
        var position = (line: lines.count - 1, row: max(0, rows(of: lines.count - 1).count - 1))
        var shown = 1
        while shown < pageHeight, let previous = step(position, by: -1) {
            position = previous
            shown += 1
        }
        return position
    }

    private func step(_ position: (line: Int, row: Int), by direction: Int) -> (line: Int, row: Int)? {
        if direction > 0 {
            if position.row + 1 < rows(of: position.line).count { return (position.line, position.row + 1) }
            return position.line + 1 < lines.count ? (position.line + 1, 0) : nil
        }
        if position.row > 0 { return (position.line, position.row - 1) }
        guard position.line > 0 else { return nil }
        return (position.line - 1, rows(of: position.line - 1).count - 1)
    }

    private func scroll(by count: Int) {
        let last = lastTop
        for _ in 0..<abs(count) {
            if count > 0, top.line > last.line || (top.line == last.line && top.row >= last.row) { break }
            guard let next = step(top, by: count) else { break }
            top = next
        }
    }

    // MARK: Drawing

    func render(_ layout: TerminalLayout) -> TerminalBody {
        width = layout.width
        pageHeight = max(1, layout.height - 2 - (checkboxLabel == nil ? 0 : 1))
        var body: [String] = []
        var textCursor: (Int, Int)?
        if request.isEditable {
            if cursor.line < top.line { top = (cursor.line, 0) }
            if cursor.line >= top.line + pageHeight { top = (cursor.line - pageHeight + 1, 0) }
            let before = TerminalText.width(TerminalText.printable(String(lines[cursor.line].prefix(cursor.column))))
            if before < leftColumn { leftColumn = before }
            if before >= leftColumn + width - 1 { leftColumn = before - width + 2 }
            for index in top.line..<min(lines.count, top.line + pageHeight) {
                body.append(Self.cells(of: TerminalText.printable(lines[index]), from: leftColumn, width: width))
            }
            if layout.focusedField == 0 { textCursor = (cursor.line - top.line, before - leftColumn) }
        } else {
            top.line = min(top.line, lines.count - 1)
            var position: (line: Int, row: Int)? = top
            while body.count < pageHeight, let current = position {
                let rows = rows(of: current.line)
                if current.row < rows.count { body.append(rows[current.row]) }
                position = step(current, by: 1)
            }
        }
        body += Array(repeating: "", count: max(0, pageHeight - body.count))
        let place = "line \(top.line + 1) of \(lines.count)\(inputIsDone ? "" : "…")"
        let keys = request.isEditable ? "  Ctrl-S: OK · Tab: buttons" : "  Space/PgDn: more · Tab: buttons"
        body.append(TerminalText.styled(TerminalText.fit(place + keys, width: width), TerminalText.reverse))
        if let checkboxLabel {
            body.append(TerminalText.checkbox(checkboxLabel, isChecked: isChecked, isFocused: layout.focusedField == 1,
                                              width: width))
            if layout.focusedField == 1 { textCursor = (body.count - 1, 1) }
        }
        body.append("")
        return TerminalBody(body, cursor: textCursor)
    }

    /// The cells of `line` from cell `start`, at most `width` of them.
    private static func cells(of line: String, from start: Int, width: Int) -> String {
        var result = ""
        var cell = 0
        for character in line {
            let size = character.unicodeScalars.reduce(0) { $0 + TerminalText.cellWidth($1) }
            if cell >= start {
                if cell + size - start > width - 1 { break }
                result.append(character)
            }
            cell += size
        }
        return result
    }
}

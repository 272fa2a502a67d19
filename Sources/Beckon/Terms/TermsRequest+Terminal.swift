/// The terms on a terminal: a pager on the whole screen, as `less` shows a
/// file; Accept waits until the last line has been on screen (and the box is
/// ticked), as in the window.
extension TermsRequest: TerminalDialogKind {
    @GtkActor
    func makePrompt() -> any TerminalPrompt<Void> {
        TermsPager(self)
    }
}

@GtkActor
private final class TermsPager: TerminalPrompt {
    private let styled: StyledText
    private let labels: TermsLabels
    private let checkboxLabel: String?
    private var gate: TermsGate
    private var lines: [String] = []
    private var linesWidth = 0
    private var top = 0
    /// Lines of terms on screen, known once drawn.
    private var pageHeight = 1

    init(_ request: TermsRequest) {
        styled = request.prepared.styled
        labels = request.options.labels
        checkboxLabel = request.options.checkboxLabel.map { TerminalText.mnemonic($0).text }
        gate = TermsGate(requiresScroll: request.options.requiresScroll,
                         requiresCheckbox: request.options.checkboxLabel != nil)
    }

    var fieldCount: Int { checkboxLabel == nil ? 1 : 2 }
    var usesWholeScreen: Bool { true }
    var takesTyping: Bool { false }
    var value: Void { () }
    var hint: String? { gate.hint(labels) }

    func allows(button index: Int) -> Bool {
        index != Int(TermsWindow.acceptResponse) || gate.isOpen
    }

    private var lastTop: Int { max(0, lines.count - pageHeight) }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        if layout.width != linesWidth {
            // A new width wraps anew; the reading position stays about where it was.
            let fraction = lines.isEmpty ? 0 : Double(top) / Double(lines.count)
            lines = styled.terminalLines(width: layout.width)
            linesWidth = layout.width
            top = Int(fraction * Double(lines.count))
        }
        pageHeight = max(1, layout.height - 2 - (checkboxLabel == nil ? 0 : 1))
        top = min(top, lastTop)
        if top + pageHeight >= lines.count { gate.hasScrolledToEnd = true }
        var body = Array(lines[top..<min(lines.count, top + pageHeight)])
        body += Array(repeating: "", count: pageHeight - body.count)
        let last = min(lines.count, top + pageHeight)
        let place = lines.isEmpty ? "" : "lines \(top + 1)–\(last) of \(lines.count)"
        let keys = top < lastTop ? "  Space/PgDn: more · Tab: buttons" : "  (end) · Tab: buttons"
        body.append(TerminalText.styled(TerminalText.fit(place + keys, width: layout.width), TerminalText.reverse))
        var cursor: (Int, Int)?
        if let checkboxLabel {
            body.append((gate.isChecked ? "[x] " : "[ ] ") + TerminalText.fit(checkboxLabel, width: layout.width - 4))
            if layout.focusedField == 1 { cursor = (body.count - 1, 1) }
        }
        body.append("")
        return TerminalBody(body, cursor: cursor)
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        if field == 1, key == .character(" ") || key == .character("x") || key == .enter {
            gate.isChecked.toggle()
            return .handled
        }
        switch key {
        case .down, .character("j"): top += 1
        case .up, .character("k"): top -= 1
        case .pageDown, .character("f"), .control("f"): top += pageHeight
        case .character(" ") where field == 0: top += pageHeight
        case .pageUp, .character("b"), .control("b"): top -= pageHeight
        case .home, .character("g"): top = 0
        case .end, .character("G"): top = lastTop
        case .character("q") where field != nil: return .dismiss
        default: return .ignored
        }
        top = max(0, min(top, lastTop))
        return .handled
    }
}

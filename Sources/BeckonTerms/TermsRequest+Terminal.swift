import BeckonConsent
import BeckonCore

/// The terms on a terminal: a pager on the whole screen, as `less` shows a
/// file; Accept waits until the last line has been on screen (and the box is
/// ticked), as in the window. Asked again after an earlier version, a line
/// above the text says what changed, changed sections carry a label, `n` and
/// `N` (or `p`) go to the next and previous change, and with
/// ``TermsReread/changes`` Accept waits for each changed section's first and
/// last line to have been on screen instead of for the end.
extension TermsRequest: TerminalDialogKind {
    @GtkActor
    package func makePrompt() -> any TerminalPrompt<Void> {
        TermsPager(self)
    }
}

@GtkActor
private final class TermsPager: TerminalPrompt {
    private let styled: StyledText
    private let labels: TermsLabels
    private let checkboxLabel: String?
    private var acceptCondition: AcceptCondition
    private var lines: [String] = []
    private var linesWidth = 0
    private var top = 0
    /// Lines of terms on screen, known once drawn.
    private var pageHeight = 1
    /// Asked again: what changed, where each section starts, which were shown.
    private var changes: TermsChanges.Pager?

    init(_ request: TermsRequest) {
        labels = request.options.labels
        checkboxLabel = request.options.checkboxLabel.map { TerminalText.mnemonic($0).text }
        acceptCondition = AcceptCondition(requiresScroll: request.options.requiresScroll,
                         requiresCheckbox: request.options.checkboxLabel != nil)
        var styled = request.prepared.styled
        if let earlier = request.earlier {
            let changes = TermsChanges.Pager(earlier, styled: &styled, labels: labels, onWarning: request.options.consent.onWarning)
            if changes.progress.gatesAccept {
                acceptCondition.requiresScroll = false
                acceptCondition.unshownChanges = changes.progress.unshown
            }
            self.changes = changes
        }
        self.styled = styled
    }

    var fieldCount: Int { checkboxLabel == nil ? 1 : 2 }
    var usesWholeScreen: Bool { true }
    var takesTyping: Bool { false }
    var value: Void { () }
    var hint: String? { acceptCondition.hint(labels) }

    func allows(button index: Int) -> Bool {
        index != Int(TermsWindow.acceptResponse) || acceptCondition.isMet
    }

    private var lastTop: Int { max(0, lines.count - pageHeight) }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        if layout.width != linesWidth {
            // A new width wraps anew; the reading position stays about where it was.
            let fraction = lines.isEmpty ? 0 : Double(top) / Double(lines.count)
            lines = styled.terminalLines(width: layout.width)
            linesWidth = layout.width
            top = Int(fraction * Double(lines.count))
            changes?.wrap(styled, width: layout.width)
        }
        let summary = changes?.summaryLines(width: layout.width) ?? []
        pageHeight = max(1, layout.height - 2 - (checkboxLabel == nil ? 0 : 1) - summary.count)
        top = min(top, lastTop)
        if top + pageHeight >= lines.count { acceptCondition.hasScrolledToEnd = true }
        if let changes {
            changes.note(shown: top..<min(lines.count, top + pageHeight))
            if changes.progress.gatesAccept { acceptCondition.unshownChanges = changes.progress.unshown }
        }
        var body = summary
        body += Array(lines[top..<min(lines.count, top + pageHeight)])
        body += Array(repeating: "", count: pageHeight + summary.count - body.count)
        let last = min(lines.count, top + pageHeight)
        // How much is left, as the window's "62 % read" says it.
        var place = lines.isEmpty ? "" : labels.pagerLines(top + 1, last, of: lines.count) + " · "
            + labels.readProgress(last * 100 / lines.count)
        var keys = "  " + (top < lastTop ? labels.pagerMore : labels.pagerEnd)
        if let changes, let status = changes.status(labels) { keys = "  " + status + " ·" + keys }
        // The lines left say again what the percentage says: they go where the
        // keys (q among them) would not fit otherwise, as on 80 columns.
        let left = last < lines.count ? " · " + labels.linesLeft(lines.count - last) : ""
        if TerminalText.width(place + left + keys) < layout.width { place += left }
        body.append(TerminalText.styled(TerminalText.fit(place + keys, width: layout.width), TerminalText.reverse))
        var cursor: (Int, Int)?
        if let checkboxLabel {
            body.append(TerminalText.checkbox(checkboxLabel, isChecked: acceptCondition.isChecked,
                                              isFocused: layout.focusedField == 1, width: layout.width))
            if layout.focusedField == 1 { cursor = (body.count - 1, 1) }
        }
        body.append("")
        return TerminalBody(body, cursor: cursor)
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        if field == 1, key == .character(" ") || key == .character("x") || key == .enter {
            acceptCondition.isChecked.toggle()
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
        case .character("n") where changes != nil:
            guard let line = changes?.move(by: 1) else { return .handled }
            top = line
        case .character("N") where changes != nil, .character("p") where changes != nil:
            guard let line = changes?.move(by: -1) else { return .handled }
            top = line
        case .character("q") where field != nil: return .dismiss
        default: return .ignored
        }
        top = max(0, min(top, lastTop))
        return .handled
    }
}

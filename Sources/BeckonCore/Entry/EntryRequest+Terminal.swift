/// A text entry on a terminal: the prompt, a line to edit as `read -e` edits
/// one, and the suggestions one at a time with Up and Down.
extension EntryRequest: TerminalDialogKind {
    @GtkActor
    package func makePrompt() -> any TerminalPrompt<String> {
        EntryPrompt(self)
    }
}

@GtkActor
private final class EntryPrompt: TerminalPrompt {
    private let prompt: String
    private let hidesText: Bool
    private let suggestions: [String]
    private var editor: TerminalLineEditor
    private var suggestion: Int?

    init(_ request: EntryRequest) {
        prompt = TerminalText.mnemonic(request.prompt).text
        hidesText = request.hidesText
        suggestions = request.suggestions
        editor = TerminalLineEditor(request.text)
        suggestion = request.suggestions.firstIndex(of: request.text)
    }

    var fieldCount: Int { 1 }
    var value: String { editor.text }

    var hint: String? {
        suggestions.isEmpty ? nil : "Up/Down: \(suggestions.count) choice\(suggestions.count == 1 ? "" : "s")"
    }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        var lines = prompt.isEmpty ? [] : TerminalText.wrap(prompt, width: layout.width)
        let (shown, cursor) = editor.shown(width: layout.width - 2, mask: hidesText ? "•" : nil)
        lines.append("> " + shown)
        return TerminalBody(lines, cursor: layout.focusedField == 0 ? (lines.count - 1, 2 + cursor) : nil)
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        guard field == 0 else { return .ignored }
        switch key {
        case .up, .down:
            guard !suggestions.isEmpty else { return .ignored }
            let step = key == .down ? 1 : -1
            let next = suggestion.map { ($0 + step + suggestions.count) % suggestions.count } ?? (step > 0 ? 0 : suggestions.count - 1)
            suggestion = next
            editor.text = suggestions[next]
            return .handled
        case .enter:
            return .activate
        default:
            return editor.handle(key) ? .handled : .ignored
        }
    }
}

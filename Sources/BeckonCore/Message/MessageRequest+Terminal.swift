/// A message dialog on a terminal: its text, and the buttons.
extension MessageRequest: TerminalDialogKind {
    @GtkActor
    package func makePrompt() -> any TerminalPrompt<Void> {
        MessagePrompt(self)
    }
}

@GtkActor
private final class MessagePrompt: TerminalPrompt {
    private let text: String
    private let detail: String?
    private let kind: MessageKind

    init(_ request: MessageRequest) {
        text = TerminalText.plain(request.message)
        detail = request.detail.map(TerminalText.plain)
        kind = request.kind
    }

    var fieldCount: Int { 0 }
    var value: Void { () }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        let marker = switch kind {
        case .error: TerminalText.styled("✖ ", "\u{1B}[31m")
        case .warning: TerminalText.styled("! ", "\u{1B}[33m")
        case .info: TerminalText.styled("i ", "\u{1B}[34m")
        case .question: TerminalText.styled("? ", "\u{1B}[36m")
        case .other: ""
        }
        let indent = marker.isEmpty ? "" : "  "
        var lines = TerminalText.wrap(text, width: layout.width - indent.count).enumerated().map { index, line in
            (index == 0 ? marker : indent) + line
        }
        if let detail {
            lines += TerminalText.wrap(detail, width: layout.width - indent.count).map { indent + $0 }
        }
        return TerminalBody(lines)
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult { .ignored }
}

/// A colour dialog on a terminal: the colour typed as GTK's colour editor
/// takes it (a name, `#rrggbb`, `rgb(…)`, `rgba(…)`), with a swatch.
extension ColorRequest: PromptedKind {
    typealias Prompt = ColorPrompt
}

@GtkActor
final class ColorPrompt: RequestPrompt {
    private let allowsAlpha: Bool
    private var editor: TerminalLineEditor
    private(set) var value: RGBAColor

    init(_ request: ColorRequest) {
        allowsAlpha = request.allowsAlpha
        value = request.startingColor
        editor = TerminalLineEditor(request.startingColor.cssString)
    }

    var fieldCount: Int { 1 }

    var hint: String? {
        isTyped ? nil : "Not a colour: try a name, #rrggbb, rgb(r,g,b) or rgba(r,g,b,a)"
    }

    /// Whether the text in the field is a colour.
    private var isTyped: Bool { RGBAColor(parsing: editor.text) != nil }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        let channel = { (value: Double) in Int((min(max(value, 0), 1) * 255).rounded()) }
        let swatch = "\u{1B}[48;2;\(channel(value.red));\(channel(value.green));\(channel(value.blue))m    \u{1B}[0m"
        let label = "Colour: "
        let (shown, cursor) = editor.shown(width: layout.width - 6 - label.count)
        return TerminalBody([swatch + "  " + label + shown],
                            cursor: layout.focusedField == 0 ? (0, 6 + label.count + cursor) : nil)
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        guard field == 0 else { return .ignored }
        if key == .enter { return isTyped ? .activate : .handled }
        guard editor.handle(key) else { return .ignored }
        if let color = RGBAColor(parsing: editor.text) { value = allowsAlpha ? color : color.opaque }
        return .handled
    }
}

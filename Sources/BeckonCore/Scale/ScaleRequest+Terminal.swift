/// A scale on a terminal: a bar and its number, moved by the same keys as in
/// the window (arrows and Page keys by the step, Home and End to the ends).
extension ScaleRequest: PromptedKind {
    typealias Prompt = ScalePrompt
}

@GtkActor
final class ScalePrompt: RequestPrompt {
    private let text: String?
    private let range: ClosedRange<Int>
    private let step: Int
    private let showsValue: Bool
    private let onChange: (@Sendable (Int) -> Void)?
    private(set) var value: Int

    init(_ request: ScaleRequest) {
        text = request.text.map(TerminalText.plain)
        range = request.range
        step = request.step
        showsValue = request.showsValue
        onChange = request.onChange
        value = request.initial
    }

    var fieldCount: Int { 1 }
    var takesTyping: Bool { false }
    var hint: String? { "Left/Right: by \(step) · Home/End: \(range.lowerBound) or \(range.upperBound)" }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        var lines = text.map { TerminalText.wrap($0, width: layout.width) } ?? []
        let number = showsValue ? " \(value)" : ""
        let barWidth = max(4, layout.width - 2 - number.count)
        let span = Double(range.upperBound - range.lowerBound)
        let filled = Int((Double(value - range.lowerBound) / span * Double(barWidth - 1)).rounded())
        let bar = String(repeating: "━", count: filled) + "●" + String(repeating: "─", count: barWidth - 1 - filled)
        lines.append("[" + bar + "]" + number)
        return TerminalBody(lines, cursor: layout.focusedField == 0 ? (lines.count - 1, 1 + filled) : nil)
    }

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        guard field == 0 else { return .ignored }
        let next: Int
        switch key {
        case .left, .down, .pageDown: next = max(range.lowerBound, value - step)
        case .right, .up, .pageUp: next = min(range.upperBound, value + step)
        case .home: next = range.lowerBound
        case .end: next = range.upperBound
        case .enter: return .activate
        default: return .ignored
        }
        if next != value {
            value = next
            onChange?(next)
        }
        return .handled
    }
}

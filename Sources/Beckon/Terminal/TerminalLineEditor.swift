/// A line of text being edited on a terminal, as `read -e` edits one:
/// characters go in at the cursor; Backspace, Delete, Left, Right, Home, End,
/// Ctrl-A, Ctrl-E, Ctrl-U (to the start), Ctrl-K (to the end) and Ctrl-W (a word).
/// Text it starts with is selected, as in the window: typing replaces it.
struct TerminalLineEditor: Sendable {
    private(set) var characters: [Character]
    private(set) var cursor: Int
    /// Whether the whole text is selected, so the next edit replaces it.
    private(set) var isSelected: Bool

    init(_ text: String, selected: Bool = true) {
        characters = Array(text)
        cursor = characters.count
        isSelected = selected && !characters.isEmpty
    }

    var text: String {
        get { String(characters) }
        set { characters = Array(newValue); cursor = characters.count; isSelected = false }
    }

    /// Applies `key`; false when it is not an editing key.
    mutating func handle(_ key: TerminalKey) -> Bool {
        if isSelected {
            switch key {
            case .character, .backspace, .delete, .control("u"), .control("k"), .control("w"):
                characters = []
                cursor = 0
                isSelected = false
                if case .character = key {} else { return true }
            case .left, .right, .home, .end, .control("a"), .control("e"):
                isSelected = false
            default:
                break
            }
        }
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            if cursor > 0 { characters.remove(at: cursor - 1); cursor -= 1 }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .control("k"):
            characters.removeLast(characters.count - cursor)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    /// The line as shown in `width` cells after a label, each character as
    /// `mask` when given (bullets), and the cursor's cell in it. A line longer
    /// than the room scrolls so the cursor stays in view.
    func shown(width: Int, mask: Character? = nil) -> (text: String, cursor: Int) {
        let visible = mask.map { mask in characters.map { _ in mask } } ?? characters
        let cells = visible.map { $0.unicodeScalars.reduce(0) { $0 + TerminalText.cellWidth($1) } }
        let room = max(1, width - 1)
        var start = 0
        while cells[start..<cursor].reduce(0, +) > room { start += 1 }
        var end = start
        var used = 0
        while end < visible.count, used + cells[end] <= room { used += cells[end]; end += 1 }
        let shown = String(visible[start..<end])
        return (isSelected ? TerminalText.styled(shown, TerminalText.reverse) : shown, cells[start..<cursor].reduce(0, +))
    }
}

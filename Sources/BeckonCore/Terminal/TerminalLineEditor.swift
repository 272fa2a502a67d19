/// A line of text being edited on a terminal, as `read -e` edits one:
/// characters go in at the cursor; Backspace, Delete, Left, Right, Home, End,
/// Ctrl-A, Ctrl-E, Ctrl-U (to the start), Ctrl-K (to the end) and Ctrl-W (a word).
/// Text it starts with is selected, as in the window: typing replaces it.
///
/// The line is a gap buffer: the characters before the cursor, and those
/// after it in reverse. Typing at the cursor appends to the first and a
/// cursor step moves one character across, so each key costs the same
/// wherever the cursor is and however long the line: a paste of a megabyte
/// takes time in proportion to its length.
struct TerminalLineEditor: Sendable {
    /// The characters before the cursor, in order.
    private var before: [Character]
    /// The characters after the cursor, the last one first.
    private var after: [Character] = []
    /// Whether the whole text is selected, so the next edit replaces it.
    private(set) var isSelected: Bool

    init(_ text: String, selected: Bool = true) {
        before = Array(text)
        isSelected = selected && !before.isEmpty
    }

    /// Where the cursor is, in characters from the start.
    var cursor: Int { before.count }

    var text: String {
        get { String(before) + String(after.reversed()) }
        set { before = Array(newValue); after = []; isSelected = false }
    }

    /// Applies `key`; false when it is not an editing key.
    mutating func handle(_ key: TerminalKey) -> Bool {
        if isSelected {
            switch key {
            case .character, .backspace, .delete, .control("u"), .control("k"), .control("w"):
                before = []
                after = []
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
            before.append(character)
        case .backspace:
            if !before.isEmpty { before.removeLast() }
        case .delete:
            if !after.isEmpty { after.removeLast() }
        case .left:
            if let character = before.popLast() { after.append(character) }
        case .right:
            if let character = after.popLast() { before.append(character) }
        case .home, .control("a"):
            after.append(contentsOf: before.reversed())
            before = []
        case .end, .control("e"):
            before.append(contentsOf: after.reversed())
            after = []
        case .control("u"):
            before = []
        case .control("k"):
            after = []
        case .control("w"):
            while before.last == " " { before.removeLast() }
            while let last = before.last, last != " " { before.removeLast() }
        default:
            return false
        }
        return true
    }

    /// The line as shown in `width` cells after a label, each character as
    /// `mask` when given (bullets), and the cursor's cell in it. A line longer
    /// than the room scrolls so the cursor stays in view. Only what fits is
    /// looked at, so drawing a long line costs no more than a short one; a
    /// control character (from a suggestion, a paste) shows as U+FFFD.
    func shown(width: Int, mask: Character? = nil) -> (text: String, cursor: Int) {
        let room = max(1, width - 1)
        func cells(_ character: Character) -> Int {
            mask.map { _ in 1 } ?? character.unicodeScalars.reduce(0) { $0 + TerminalText.cellWidth($1) }
        }
        func visible(_ character: Character) -> Character {
            if let mask { return mask }
            return character.unicodeScalars.contains(where: TerminalText.isControl)
                ? Character(TerminalText.replacement) : character
        }
        // Back from the cursor while the text before it fits, then on after it.
        var start = before.count
        var used = 0
        while start > 0, used + cells(before[start - 1]) <= room {
            used += cells(before[start - 1])
            start -= 1
        }
        let cursorCell = used
        var shown = String(before[start...].map(visible))
        var next = after.count
        while next > 0, used + cells(after[next - 1]) <= room {
            used += cells(after[next - 1])
            next -= 1
            shown.append(visible(after[next]))
        }
        return (isSelected ? TerminalText.styled(shown, TerminalText.reverse) : shown, cursorCell)
    }
}

@testable import Beckon
import Testing

@Suite struct TerminalLineEditorTests {
    private func edit(_ start: String, _ keys: [TerminalKey]) -> TerminalLineEditor {
        var editor = TerminalLineEditor(start)
        for key in keys { _ = editor.handle(key) }
        return editor
    }

    @Test func theStartingTextIsSelectedSoTypingReplacesIt() {
        #expect(edit("abc", [.character("x")]).text == "x")
        #expect(edit("abc", [.backspace]).text == "")
        #expect(edit("abc", [.end, .character("d")]).text == "abcd")
        #expect(edit("abc", [.left, .character("x")]).text == "abxc")
    }

    @Test func editingKeys() {
        #expect(edit("", Array("hello world").map(TerminalKey.character) + [.control("w")]).text == "hello ")
        #expect(edit("", Array("abc").map(TerminalKey.character) + [.home, .delete]).text == "bc")
        #expect(edit("", Array("abc").map(TerminalKey.character) + [.left, .control("k")]).text == "ab")
        #expect(edit("", Array("abc").map(TerminalKey.character) + [.left, .control("u")]).text == "c")
    }

    @Test func aLongLineScrollsToKeepTheCursorInView() {
        let editor = edit("", Array("0123456789").map(TerminalKey.character))
        let shown = editor.shown(width: 5)
        #expect(shown.text == "6789")
        #expect(shown.cursor == 4)
        #expect(edit("", [.character("a"), .character("b")]).shown(width: 10, mask: "•").text == "••")
    }
}

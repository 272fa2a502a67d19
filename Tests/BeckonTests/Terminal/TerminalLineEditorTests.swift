import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
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

    @Test func editingInTheMiddleKeepsEveryCharacterInOrder() {
        var editor = TerminalLineEditor("", selected: false)
        for character in "hello world" { _ = editor.handle(.character(character)) }
        for _ in 0..<6 { _ = editor.handle(.left) }
        for character in ", dear" { _ = editor.handle(.character(character)) }
        #expect(editor.text == "hello, dear world")
        #expect(editor.cursor == 11)
        _ = editor.handle(.delete)
        #expect(editor.text == "hello, dearworld")
        _ = editor.handle(.control("k"))
        #expect(editor.text == "hello, dear")
        _ = editor.handle(.home)
        _ = editor.handle(.right)
        _ = editor.handle(.control("u"))
        #expect(editor.text == "ello, dear" && editor.cursor == 0)
        _ = editor.handle(.end)
        #expect(editor.cursor == 10)
    }

    @Test func aLongLineShowsOnlyWhatFitsAroundTheCursor() {
        var editor = TerminalLineEditor("", selected: false)
        for _ in 0..<100_000 { _ = editor.handle(.character("a")) }
        _ = editor.handle(.character("Z"))
        var shown = editor.shown(width: 11)
        #expect(shown.text == "aaaaaaaaaZ" && shown.cursor == 10)
        _ = editor.handle(.home)
        shown = editor.shown(width: 11)
        #expect(shown.text == "aaaaaaaaaa" && shown.cursor == 0)
        #expect(editor.text.count == 100_001)
        // Wide characters count two cells.
        let wide = TerminalLineEditor("日本語です", selected: false).shown(width: 7)
        #expect(wide.text == "語です" && wide.cursor == 6)
    }
}

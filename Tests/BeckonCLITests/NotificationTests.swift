import Beckon
@testable import BeckonCLI
@testable import BeckonCLITestSupport
import Testing

/// `--notification`'s command line read as zenity 3.44 reads it: the options,
/// the text's split, every hint type, and `--listen`'s commands.
@Suite struct NotificationTests {
    private func options(_ arguments: [String]) throws(CLIError) -> NotificationOptions {
        try CLIProbe.options(["--notification"] + arguments)
    }

    @Test func optionsAreReadInOrderAndHintsRepeat() throws {
        let given = try options(["--text", "Hi", "--hint", "urgency:2", "--hint", "category:x", "--listen",
                                 "--window-icon", "dialog-warning", "--timeout", "3"])
        #expect(given.text == "Hi" && given.listen)
        #expect(given.hints == ["urgency:2", "category:x"])
        #expect(given.common.windowIcon == "dialog-warning" && given.common.effectiveTimeout == 3)
        #expect(!given.needsDisplay)
    }

    @Test func anOptionOfAnotherDialogIsRefusedAsZenityRefusesIt() {
        #expect(throws: CLIError.notSupported("column", by: "notification")) { try options(["--column", "x"]) }
    }

    @Test func theTextSplitsAtTheFirstNewlineAfterEscapes() {
        #expect(NotificationText(#"A\nB\nC"#).map { [$0.summary, $0.body] } == ["A", "B\nC"])
        #expect(NotificationText("A\nB").map { [$0.summary, $0.body] } == ["A", "B"])
        #expect(NotificationText(#"\tx"#).map { [$0.summary, $0.body] } == ["\tx", ""])
        #expect(NotificationText("") == nil)
        #expect(NotificationText(#"\n"#).map { [$0.summary, $0.body] } == ["", ""])
    }

    @Test func hintsAreTypedByNameAndTheLastValueWins() {
        let (hints, warnings) = NotificationHints.parse([
            "Urgency:1", "Urgency:0x102", "category:a:b", "resident", "transient:False", "x:-7", "y:010",
            "image-path", "icon-data:1", "nope:1", "suppress-sound:yes",
        ])
        #expect(hints == [
            NotificationHint("Urgency", .byte(2)), NotificationHint("category", .string("a:b")),
            NotificationHint("resident", .boolean(true)), NotificationHint("transient", .boolean(false)),
            NotificationHint("x", .int32(-7)), NotificationHint("y", .int32(8)),
        ])
        #expect(warnings.count == 3)
        #expect(warnings.contains { $0.contains("suppress-sound") && $0.contains("'yes'") })
    }

    @Test func aHintsLineIsEscapedThenSplitIntoAtMost16() {
        let (hints, _) = NotificationHints.parse(line: #"urgency:2\ncategory:c"#)
        #expect(hints == [NotificationHint("urgency", .byte(2)), NotificationHint("category", .string("c"))])
        #expect(NotificationHints.parse(line: "").hints.isEmpty)
        let many = (0..<20).map { "x:\($0)" }.joined(separator: #"\n"#)
        // The 16th piece keeps the rest, newlines and all: "x:15\nx:16…", read as 15.
        #expect(NotificationHints.parse(line: many).hints == [NotificationHint("x", .int32(15))])
    }

    @Test func listenCommandsAreCaseInsensitiveAndTrimmed() {
        func command(_ line: String) -> NotificationCommand { NotificationCommand(Array(line.utf8)) }
        #expect(command("message: hi there") == .message("hi there"))
        #expect(command("  TOOLTIP :\t tip") == .message("tip"))
        #expect(command("icon:dialog-error") == .icon("dialog-error"))
        #expect(command("Hints: urgency:2") == .hints("urgency:2"))
        #expect(command("visible: false") == .visible)
        #expect(command("nope: x") == .unknown("nope"))
        #expect(command("no colon here") == .unparsable)
        #expect(NotificationCommand(Array("message: ".utf8) + [0xff, 0x41]) == .invalidText)
    }
}

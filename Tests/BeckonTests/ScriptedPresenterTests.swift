import Beckon
import Testing

/// `ScriptedPresenter` answers every kind through the kind's own value type,
/// with no list of kinds: a request of the program's own is answered too.
@Suite struct ScriptedPresenterTests {
    /// A name asked through an entry: the program's own request type.
    struct NameRequest: DialogRequest {
        var entry = EntryRequest(title: "your name", prompt: "Name:", text: "start")

        var frame: DialogFrame { entry.frame }
        func value(scripted: String?) -> String? { entry.value(scripted: scripted) }
        var builders: DialogBuilders<String> { entry.builders }
    }

    @Test func anEnteredValueIsTheKindsOwn() async throws {
        let presenter = ScriptedPresenter([.enter("Ada"), .button("Cancel")])
        let dialog = Dialog(presenter: presenter)
        #expect(try await dialog.present(NameRequest()) == DialogReply(outcome: .button(1), value: "Ada"))
        // A button alone leaves the value the window starts with.
        #expect(try await dialog.present(NameRequest()) == DialogReply(outcome: .button(0), value: "start"))
    }

    @Test func aValueOfAnotherTypeDoesNotFit() async throws {
        let presenter = ScriptedPresenter([.enter(3)])
        await #expect(throws: ScriptedPresenter.ScriptError.doesNotFit(.enter(3), title: "your name")) {
            try await Dialog(presenter: presenter).present(NameRequest())
        }
    }

    @Test func enteredValuesAreEqualByTypeAndValue() {
        #expect(ScriptedPresenter.Answer.enter("3") == .enter("3"))
        #expect(ScriptedPresenter.Answer.enter(3) != .enter("3"))
        #expect(ScriptedPresenter.Answer.enter(3) != .enter(4))
        #expect(Set([ScriptedPresenter.Answer.enter(CalendarDate(year: 2024, month: 2, day: 29)),
                     .enter(CalendarDate(year: 2024, month: 2, day: 29))]).count == 1)
    }
}

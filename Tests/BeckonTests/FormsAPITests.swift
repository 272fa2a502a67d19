import Beckon
import Testing

/// `Dialog.form` answered by a ScriptedPresenter: typed answers for OK, and
/// every other ending meaning what it means for every kind, without a display.
@Suite struct FormsAPITests {
    struct Fields {
        var form = Form(title: "Account")
        let name: FormFieldHandle<String>
        let day: FormFieldHandle<CalendarDate>
        let plan: FormFieldHandle<String?>
        let pick: FormFieldHandle<[String]?>

        init(nameRule: FormFieldRule = FormFieldRule()) {
            name = form.entry("Name", initial: "Ada", rule: nameRule)
            day = form.calendar("Day", initial: CalendarDate(year: 2024, month: 3, day: 5))
            plan = form.combo("Plan", ["Free", "Pro"])
            pick = form.list("Pick", columns: ["A", "B"], rows: [["a", "b"], ["c"]])
        }
    }

    private func answers(_ answer: ScriptedPresenter.Answer, _ fields: Fields = Fields()) async throws -> FormAnswers? {
        try await Dialog(presenter: ScriptedPresenter([answer])).form(fields.form)
    }

    @Test func okUntouchedGivesTheInitialValues() async throws {
        let fields = Fields()
        let answers = try #require(try await answers(.button("OK"), fields))
        #expect(answers[fields.name] == "Ada")
        #expect(answers[fields.day] == CalendarDate(year: 2024, month: 3, day: 5))
        #expect(answers[fields.plan] == nil)
        #expect(answers[fields.pick] == nil)
    }

    @Test func enteredValuesAreTyped() async throws {
        let fields = Fields()
        let values: [FormFieldValue] = [.text("Bo"), .date(CalendarDate(year: 2025, month: 1, day: 2)), .choice(1),
                                        .row(1)]
        let answers = try #require(try await answers(.enter(values), fields))
        #expect(answers[fields.name] == "Bo")
        #expect(answers[fields.day] == CalendarDate(year: 2025, month: 1, day: 2))
        #expect(answers[fields.plan] == "Pro")
        #expect(answers[fields.pick] == ["c"])
    }

    @Test(arguments: [ScriptedPresenter.Answer.button("Cancel"), .escape, .close, .destroyed])
    func everyDismissalIsNil(_ answer: ScriptedPresenter.Answer) async throws {
        #expect(try await answers(answer) == nil)
    }

    @Test func theTimeoutThrows() async {
        await #expect(throws: DialogError.timedOut) { try await answers(.timeout) }
    }

    @Test func valuesThatDoNotFitOrBreakARuleCannotBeEntered() async {
        let wrongKind: [FormFieldValue] = [.row(0), .date(CalendarDate(year: 2024, month: 3, day: 5)), .choice(nil),
                                           .row(nil)]
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await answers(.enter(wrongKind)) }
        let noSuchRow: [FormFieldValue] = [.text(""), .date(CalendarDate(year: 2024, month: 3, day: 5)),
                                           .choice(nil), .row(2)]
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await answers(.enter(noSuchRow)) }
        let empty: [FormFieldValue] = [.text(""), .date(CalendarDate(year: 2024, month: 3, day: 5)), .choice(nil),
                                       .row(nil)]
        await #expect(throws: ScriptedPresenter.ScriptError.self) {
            try await answers(.enter(empty), Fields(nameRule: FormFieldRule(isRequired: true)))
        }
    }

    @Test func anImpossibleInitialDayIsRefusedBeforeAnyWindow() async {
        var form = Form()
        _ = form.calendar("Day", initial: CalendarDate(year: 2025, month: 2, day: 29))
        let presenter = ScriptedPresenter([.button("OK")])
        await #expect(throws: DialogError.self) { try await Dialog(presenter: presenter).form(form) }
        #expect(await presenter.shown.isEmpty)
    }
}

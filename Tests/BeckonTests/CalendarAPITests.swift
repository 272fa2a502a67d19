import Beckon
import Testing

/// `Dialog.date` answered by a ScriptedPresenter: every ending means the same
/// as for every other kind, without a display.
@Suite struct CalendarAPITests {
    static let day = CalendarDate(year: 2024, month: 3, day: 5)

    private func date(_ answer: ScriptedPresenter.Answer, initial: CalendarDate? = day) async throws -> CalendarDate? {
        try await Dialog(presenter: ScriptedPresenter([answer])).date(initial: initial, title: "When?")
    }

    @Test func pickingADayGivesIt() async throws {
        let leapDay = CalendarDate(year: 2024, month: 2, day: 29)
        #expect(try await date(.enter(leapDay)) == leapDay)
    }

    @Test func okUntouchedGivesTheInitialDayOrToday() async throws {
        #expect(try await date(.button("OK")) == Self.day)
        let before = CalendarDate.today
        let today = try await date(.role(.default), initial: nil)
        #expect(today == before || today == CalendarDate.today) // midnight may pass in between
    }

    @Test(arguments: [ScriptedPresenter.Answer.button("Cancel"), .escape, .close, .destroyed])
    func everyDismissalIsNil(_ answer: ScriptedPresenter.Answer) async throws {
        #expect(try await date(answer) == nil)
    }

    @Test func theTimeoutThrows() async {
        await #expect(throws: DialogError.timedOut) { try await date(.timeout) }
    }

    @Test func aDayThatDoesNotExistDoesNotFit() async {
        await #expect(throws: ScriptedPresenter.ScriptError.self) {
            try await date(.enter(CalendarDate(year: 2023, month: 2, day: 29)))
        }
        await #expect(throws: ScriptedPresenter.ScriptError.self) { try await date(.enter(5)) }
    }

    @Test(arguments: [CalendarDate(year: 2024, month: 2, day: 30), CalendarDate(year: 2024, month: 13, day: 1),
                      CalendarDate(year: 2024, month: 0, day: 1), CalendarDate(year: 0, month: 1, day: 1),
                      CalendarDate(year: 2024, month: 4, day: 31), CalendarDate(year: 2024, month: 1, day: 0)])
    func impossibleDaysAreRefusedBeforeAnyWindow(_ day: CalendarDate) async throws {
        let presenter = ScriptedPresenter([.button("OK")])
        await #expect(throws: DialogError.self) { try await Dialog(presenter: presenter).date(initial: day) }
        #expect(await presenter.shown.isEmpty)
    }

    @Test func daysInEachMonth() {
        #expect((1...12).map { CalendarDate.days(inMonth: $0, of: 2023) } == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect(CalendarDate.days(inMonth: 2, of: 2024) == 29)
        #expect(CalendarDate.days(inMonth: 2, of: 1900) == 28)
        #expect(CalendarDate.days(inMonth: 2, of: 2000) == 29)
        #expect(CalendarDate.days(inMonth: 13, of: 2000) == 0)
        #expect(CalendarDate.today.isValid)
    }

    @Test func presentGivesTheDayWithEveryOutcome() async throws {
        let request = CalendarRequest(initial: Self.day)
        let later = CalendarDate(year: 2025, month: 1, day: 1)
        let dialog = Dialog(presenter: ScriptedPresenter([.close, .timeout, .enter(later)]))
        #expect(try await dialog.present(request) == DialogReply(outcome: .close, value: Self.day))
        #expect(try await dialog.present(request) == DialogReply(outcome: .timedOut, value: Self.day))
        #expect(try await dialog.present(request) == DialogReply(outcome: .button(1), value: later))
    }

    @Test func cancellationIsHonoured() async throws {
        let presenter = ScriptedPresenter([.button("OK")])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Dialog(presenter: presenter).date()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestEndings
import BeckonTestSupport
import CGtk
import Foundation
import Testing

/// `Dialog.date` on a real calendar with real input: every ending resumes the
/// awaiting task exactly once with the day selected, and leaves no window.
@Suite(.serialized, .guiHangLimit) struct CalendarAPITests {
    /// The calendar's own endings: keys in the calendar, then Return, OK or
    /// Escape; Left to Cancel and Return.
    enum Own: String, KindPath {
        case keysThenReturnInTheCalendar, keysThenClickOK, keysThenEscape, cancelButton
        var expected: Ending { self == .keysThenReturnInTheCalendar || self == .keysThenClickOK ? .accepted : .dismissed }
        /// The day each accepting ending selects, from 15 June 2025.
        var date: CalendarDate? {
            switch self {
            case .keysThenReturnInTheCalendar: CalendarDate(year: 2026, month: 7, day: 15)
            case .keysThenClickOK: CalendarDate(year: 2025, month: 6, day: 1)
            case .keysThenEscape, .cancelButton: nil
            }
        }

        func end(_ shown: ShownDialog) async throws {
            switch self {
            case .keysThenReturnInTheCalendar: try Xdotool.key("alt+a", "ctrl+Right", "ctrl+Down", "Return")
            case .keysThenClickOK:
                // Into the calendar, from GTK's first cell (25 May) one row down, and select it.
                try Xdotool.key("alt+a", "Right", "Down", "space")
                try await shown.clickButton(1)
            case .keysThenEscape: try Xdotool.key("alt+a", "ctrl+Left", "Escape")
            case .cancelButton: try Xdotool.key("Left", "Return")
            }
        }
    }

    static let repetitions = ScaleAPITests.repetitions
    static let june15 = CalendarDate(year: 2025, month: 6, day: 15)

    @Test(arguments: TestPath<Own>.all([.returnKey, .windowManagerClose, .destroyedByCode]))
    func everyPathResumesOnceWithTheDay(_ path: TestPath<Own>) async throws {
        try GtkTestLoop.require()
        try await everyPath(path, "calendar", repetitions: Self.repetitions) { title, _ in
            var request = CalendarRequest(title: title, initial: Self.june15)
            request.calendarLabel = "C_alendar:"
            return try await Dialog().present(request).accepted(in: request.frame)
        } check: { date, path, _, title in
            switch path {
            case .shared(let shared): #expect(date == (shared == .returnKey ? Self.june15 : nil), "\(title)")
            case .own(let own): #expect(date == own.date, "\(title)")
            }
        }
    }

    @Test func aDoubleClickOnADayIsOK() async throws {
        try GtkTestLoop.require()
        let request = CalendarRequest(title: "calendar double click", initial: Self.june15)
        let task = Task { try await Dialog().present(request) }
        let shown = try #require(await ShownDialog.wait())
        // The middle of the calendar widget (its heading included) is a day of June.
        let center = try #require(await shown.center(ofFirst: gtk_calendar_get_type()))
        try Xdotool.doubleClick(x: center.x, y: center.y)
        let reply = try await withDeadline(10, "double click") { await task.result }?.get()
        #expect(reply?.outcome == .button(1))
        #expect(reply.map { $0.value.year == 2025 && $0.value.month == 6 } == true, "\(String(describing: reply))")
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    @Test func theTimeoutReadsTheDayMovedToBeforeIt() async throws {
        try GtkTestLoop.require()
        var request = CalendarRequest(title: "calendar timeout", initial: Self.june15, timeout: .seconds(2))
        request.calendarLabel = "C_alendar:"
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.key("alt+a", "ctrl+Up")
        let reply = try await withDeadline(10, "calendar timeout") { await task.result }?.get()
        #expect(reply == DialogReply(outcome: .timedOut, value: CalendarDate(year: 2024, month: 6, day: 15)))

        let typed = Task { try await Dialog.date(title: "calendar typed timeout", timeout: .milliseconds(50)) }
        let result = await withDeadline(10, "typed timeout") { await typed.result }
        #expect(throws: DialogError.timedOut) { try result?.get() }
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    @Test func todayWithoutAnInitialDay() async throws {
        try GtkTestLoop.require()
        let before = CalendarDate.today
        let task = Task { try await Dialog.date(title: "calendar today") }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.key("Return")
        let picked = try await withDeadline(10, "calendar today") { await task.result }?.get()
        #expect(picked == before || picked == CalendarDate.today) // midnight may pass in between
    }

    @Test func cancellingTheTaskClosesTheWindow() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.date(initial: Self.june15, title: "calendar cancelled") }
        _ = try #require(await ShownDialog.wait())
        task.cancel()
        let result = await withDeadline(10, "calendar cancelled") { await task.result }
        #expect(throws: CancellationError.self) { try result?.get() }
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }
}

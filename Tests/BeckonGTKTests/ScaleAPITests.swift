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
import Synchronization
import Testing

/// `Dialog.number` on a real scale with real input: every ending resumes the
/// awaiting task exactly once with the number on the scale, and leaves no window.
@Suite(.serialized, .guiHangLimit) struct ScaleAPITests {
    /// The scale's own endings: arrows, then OK, Return or Escape; the Cancel button.
    enum Own: String, KindPath {
        case arrowsThenClickOK, arrowsThenReturn, arrowsThenEscape, cancelButton
        var expected: Ending { self == .arrowsThenClickOK || self == .arrowsThenReturn ? .accepted : .dismissed }
        /// The number each accepting ending leaves on the scale, from 40 in steps of 5.
        var number: Int? { [.arrowsThenClickOK: 50, .arrowsThenReturn: 35][self] }

        func end(_ shown: ShownDialog) async throws {
            switch self {
            case .arrowsThenClickOK:
                try Xdotool.key("Right", "Right", "Left", "Right")
                try await shown.clickButton(1)
            case .arrowsThenReturn: try Xdotool.key("Left", "Return")
            case .arrowsThenEscape: try Xdotool.key("Right", "Escape")
            case .cancelButton: try await shown.clickButton(0)
            }
        }
    }

    static let repetitions = ProcessInfo.processInfo.environment["BECKON_REPETITIONS"].flatMap(Int.init).map { min(max($0, 1), 20) } ?? 5

    @Test(arguments: TestPath<Own>.all([.windowManagerClose, .destroyedByCode]))
    func everyPathResumesOnceWithTheNumber(_ path: TestPath<Own>) async throws {
        try GtkTestLoop.require()
        try await everyPath(path, "scale", repetitions: Self.repetitions) { title, _ in
            try await Dialog.number(in: 0...100, initial: 40, step: 5, title: title)
        } check: { number, path, _, title in
            guard case .own(let own) = path else { return #expect(number == nil, "\(title)") }
            #expect(number == own.number, "\(title)")
        }
    }

    @Test func theTimeoutReadsTheNumberMovedBeforeIt() async throws {
        try GtkTestLoop.require()
        let request = ScaleRequest(title: "scale timeout", range: -10...10, initial: 0, timeout: .seconds(2))
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        try Xdotool.key("Left", "Left", "Left")
        let reply = try await withDeadline(10, "scale timeout") { await task.result }?.get()
        #expect(reply == DialogReply(outcome: .timedOut, value: -3))
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)

        let typed = Task { try await Dialog.number(in: 0...1, title: "scale typed timeout", timeout: .milliseconds(50)) }
        let result = await withDeadline(10, "typed timeout") { await typed.result }
        #expect(throws: DialogError.timedOut) { try result?.get() }
    }

    @Test func cancellingTheTaskClosesTheWindow() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog.number(in: 0...10, title: "scale cancelled") }
        _ = try #require(await ShownDialog.wait())
        task.cancel()
        let result = await withDeadline(10, "scale cancelled") { await task.result }
        #expect(throws: CancellationError.self) { try result?.get() }
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    @Test func onChangeSeesEachNumberTheKeysGive() async throws {
        try GtkTestLoop.require()
        let seen = Mutex<[Int]>([])
        let task = Task {
            try await Dialog.number(in: 0...10, initial: 9, step: 2, title: "scale changes",
                                    onChange: { number in seen.withLock { $0.append(number) } })
        }
        _ = try #require(await ShownDialog.wait())
        // The last Right finds the scale at its end: no change, no call.
        try Xdotool.key("Left", "Right", "Right", "Home", "Page_Down", "Return")
        let result = await withDeadline(10, "scale changes") { await task.result }
        #expect(try result?.get() == 2)
        #expect(seen.withLock { $0 } == [7, 9, 10, 0, 2])
    }

    @Test func anImpossibleRequestShowsNoWindow() async throws {
        try GtkTestLoop.require()
        // Straight to the presenter, past the typed call's own check.
        let request = ScaleRequest(title: "scale impossible", range: 3...3)
        await #expect(throws: DialogError.self) { try await Dialog().present(request) }
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }
}

@testable import Beckon
import BeckonTestSupport
import CGtk
import Foundation
import Synchronization
import Testing

/// `Dialog.number` on a real scale with real input: every ending resumes the
/// awaiting task exactly once with the number on the scale, and leaves no window.
@Suite(.serialized, .guiHangLimit) struct ScaleAPITests {
    enum Path: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case arrowsThenClickOK, arrowsThenReturn, escapeKey, windowManagerClose, destroyedByCode, cancelButton
        var testDescription: String { rawValue }
    }

    static let repetitions = ProcessInfo.processInfo.environment["BECKON_REPETITIONS"].flatMap(Int.init).map { min(max($0, 1), 20) } ?? 5

    @Test(arguments: Path.allCases)
    func everyPathResumesOnceWithTheNumber(_ path: Path) async throws {
        try GtkTestLoop.require()
        for round in 0..<Self.repetitions {
            let title = "scale \(path.rawValue) \(round)"
            let task = Task { try await Dialog.number(in: 0...100, initial: 40, step: 5, title: title) }
            let shown = try #require(await ShownDialog.wait(), "\(title): the dialog never got the focus")
            #expect(shown.title == title)
            switch path {
            case .arrowsThenClickOK:
                try Xdotool.key("Right", "Right", "Left", "Right")
                let ok = try #require(await shown.buttonCenter(1))
                try Xdotool.click(x: ok.x, y: ok.y)
            case .arrowsThenReturn: try Xdotool.key("Left", "Return")
            case .escapeKey: try Xdotool.key("Right", "Escape")
            case .windowManagerClose: try Xdotool.close(xid: shown.xid)
            case .destroyedByCode: await ShownDialog.destroyFromCode()
            case .cancelButton:
                let cancel = try #require(await shown.buttonCenter(0))
                try Xdotool.click(x: cancel.x, y: cancel.y)
            }
            let result = await withDeadline(10, title) { await task.result }
            guard let result else { task.cancel(); return }
            switch path {
            case .arrowsThenClickOK: #expect(try result.get() == 50, "\(title)")
            case .arrowsThenReturn: #expect(try result.get() == 35, "\(title)")
            case .escapeKey, .windowManagerClose, .destroyedByCode, .cancelButton: #expect(try result.get() == nil, "\(title)")
            }
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 0 && left.dialogs == 0, "\(title): \(left) left behind")
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

import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestSupport
import CGtk
import Testing

/// A kind with no window of its own (as a notification will be): it ends
/// itself through DialogControl, and the session still ends exactly once, in
/// the queue's order, with its timeout and cancellation.
@Suite(.serialized, .guiHangLimit) struct SessionControlTests {
    /// Ends itself with `ending` after `milliseconds`, or never when nil.
    struct WindowlessRequest: DialogRequest, GtkDialogKind {
        var frame = DialogFrame(buttons: [DialogButton("Done", role: .default)])
        var endsAfter: UInt32?
        var ending: DialogEnding = .response(0)

        func value(scripted: Int?) -> Int? { 7 }

        /// Its window only: a terminal prompt is not what this test is about.
        var builders: DialogBuilders<Int> {
            DialogBuilders(window: { makeWindow($0) }, prompt: { throw DialogError.invalidRequest("no prompt") })
        }

        @GtkActor func makeWindow(_ control: DialogControl) -> DialogWindow<Int> {
            if let endsAfter {
                GtkSource.timeout(milliseconds: endsAfter) {
                    control.end(ending)
                    control.end(.escape) // a second ending is ignored
                    return false
                }
            }
            return DialogWindow(widget: nil) { ending in
                if case .timedOut = ending { 42 } else { 7 }
            }
        }
    }

    @Test func aWindowlessKindEndsItselfOnce() async throws {
        try GtkTestLoop.require()
        let reply = await withDeadline(10, "windowless") {
            await Task { try await Dialog().present(WindowlessRequest(endsAfter: 20)) }.result
        }
        let value = try #require(reply).get()
        #expect(value.outcome == .button(0))
        #expect(value.value == 7)
    }

    @Test func itsTimeoutStillHoldsAndItsValueIsReadThen() async throws {
        try GtkTestLoop.require()
        var timed = WindowlessRequest(endsAfter: nil)
        timed.frame.timeout = .milliseconds(30)
        let request = timed
        let reply = await withDeadline(10, "windowless timeout") {
            await Task { try await Dialog().present(request) }.result
        }
        let value = try #require(reply).get()
        #expect(value.outcome == .timedOut)
        #expect(value.value == 42)
    }

    @Test func cancellingItEndsIt() async throws {
        try GtkTestLoop.require()
        let task = Task { try await Dialog().present(WindowlessRequest(endsAfter: nil)) }
        _ = await Task { @GtkActor in DialogQueue.count }.value
        task.cancel()
        let result = await withDeadline(10, "windowless cancel") { await task.result }
        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(await Task { @GtkActor in DialogQueue.count }.value == 0)
    }

    @Test func aWindowedDialogWaitsBehindIt() async throws {
        try GtkTestLoop.require()
        let first = Task { try await Dialog().present(WindowlessRequest(endsAfter: 500)) }
        // `first` reaches GTK's thread in its own time: the windowed dialog is
        // asked for only once the windowless one holds the queue, or it would
        // be shown first and this test would wait on the wrong one.
        let queued = await observe(every: .milliseconds(1), { await Task { @GtkActor in DialogQueue.count }.value },
                                   until: { $0 == 1 })
        #expect(queued == 1, "the windowless dialog never reached the queue")
        let second = Task { @GtkActor in
            try await Dialog.choice(ThreeWayChoice.self, title: "after the windowless one", message: "2")
        }
        let firstReply = try #require(await withDeadline(10, "first") { await first.result }).get()
        #expect(firstReply.outcome == .button(0))
        let shown = try #require(await ShownDialog.wait())
        #expect(shown.title == "after the windowless one")
        try Xdotool.key("Return")
        #expect(try await withDeadline(10, "second") { await second.result }?.get() == .accept)
    }
}

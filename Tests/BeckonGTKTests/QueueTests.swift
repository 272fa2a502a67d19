import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestSupport
import Foundation
import Testing

/// Concurrent choices are shown one at a time, in call order, and each task
/// gets its own answer.
@Suite(.serialized, .guiHangLimit) struct QueueTests {
    @Test func concurrentChoicesAreShownOneAtATimeInCallOrder() async throws {
        try GtkTestLoop.require()
        let count = 6
        var tasks: [Task<ThreeWayChoice, any Error>] = []
        for index in 0..<count {
            // Each call reaches GTK's thread before the next is made.
            tasks.append(Task { @GtkActor in
                try await Dialog.choice(ThreeWayChoice.self, title: "queued \(index)", message: "Number \(index)")
            })
            _ = await Task { @GtkActor in DialogQueue.count }.value
        }
        for index in 0..<count {
            let shown = try #require(await ShownDialog.wait())
            #expect(shown.title == "queued \(index)")
            let left = await ShownDialog.leftovers()
            #expect(left.visibleWindows == 1, "only one dialog on screen at a time")
            try Xdotool.key(index.isMultiple(of: 2) ? "Return" : "Escape")
            let task = tasks[index]
            let result = await withDeadline(10, "queued \(index)") { await task.result }
            #expect(try result?.get() == (index.isMultiple(of: 2) ? .accept : .decline))
        }
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    @Test func cancellingAWaitingChoiceLeavesTheOthersInOrder() async throws {
        try GtkTestLoop.require()
        let first = Task { @GtkActor in try await Dialog.choice(ThreeWayChoice.self, title: "first", message: "1") }
        _ = await Task { @GtkActor in DialogQueue.count }.value
        let second = Task { @GtkActor in try await Dialog.choice(ThreeWayChoice.self, title: "second", message: "2") }
        _ = await Task { @GtkActor in DialogQueue.count }.value
        let third = Task { @GtkActor in try await Dialog.choice(ThreeWayChoice.self, title: "third", message: "3") }
        _ = try #require(await ShownDialog.wait())
        second.cancel()
        let secondResult = await withDeadline(10, "second") { await second.result }
        #expect(throws: CancellationError.self) { try secondResult?.get() }
        try Xdotool.key("Return")
        #expect(try await withDeadline(10, "first") { await first.result }?.get() == .accept)
        let shown = try #require(await ShownDialog.wait())
        #expect(shown.title == "third")
        try Xdotool.key("Escape")
        #expect(try await withDeadline(10, "third") { await third.result }?.get() == .decline)
    }
}

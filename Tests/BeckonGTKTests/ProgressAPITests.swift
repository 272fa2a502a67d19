import Beckon
@testable import BeckonCore
@testable import BeckonConsent
@testable import BeckonTerms
@testable import BeckonIO
@testable import BeckonJSON
import BeckonTestEndings
import BeckonTestSupport
import CBeckonShim
import CGtk
import Foundation
import Synchronization
import Testing

/// `Dialog.progress` on a real window fed by a real `AsyncStream`: every ending
/// resumes the caller once, leaves no window, and cancels the task iterating
/// the updates, which the stream's producer learns through `onTermination`.
@Suite(.serialized, .guiHangLimit) struct ProgressAPITests {
    /// A stream the test feeds by hand, and how its iteration ended.
    final class Feed: Sendable {
        let stream: AsyncThrowingStream<ProgressUpdate, any Error>
        let continuation: AsyncThrowingStream<ProgressUpdate, any Error>.Continuation
        private let termination = Mutex<String?>(nil)

        init() {
            (stream, continuation) = AsyncThrowingStream.makeStream(of: ProgressUpdate.self)
            continuation.onTermination = { [weak self] how in
                self?.termination.withLock { $0 = if case .cancelled = how { "cancelled" } else { "finished" } }
            }
        }

        var terminated: String? { termination.withLock { $0 } }

        /// Waits until the iteration has ended one way or the other.
        func waitForTermination() async -> String? {
            for _ in 0..<500 where terminated == nil { try? await Task.sleep(for: .milliseconds(10)) }
            return terminated
        }
    }

    /// What the shown progress dialog displays, read from its widgets.
    struct Shown: Sendable, Equatable {
        var fraction: Double
        var labels: [String]
        var okSensitive: Bool
        var cancelVisible: Bool
    }

    @GtkActor static func shown() -> Shown? {
        guard let window = DialogQueue.shownWindow else { return nil }
        var fraction = -1.0
        var labels: [String] = []
        func walk(_ widget: UnsafeMutablePointer<GtkWidget>) {
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, gtk_progress_bar_get_type()) != 0 {
                fraction = gtk_progress_bar_get_fraction(widget.cast())
            } else if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 {
                labels.append(gtk_label_get_text(widget.cast()).map { String(cString: $0) } ?? "")
            } else if g_type_check_instance_is_a(instance, gtk_container_get_type()) != 0 {
                let children = gtk_container_get_children(widget.cast())
                defer { g_list_free(children) }
                var node = children
                while let current = node {
                    if let data = current.pointee.data { walk(data.assumingMemoryBound(to: GtkWidget.self)) }
                    node = current.pointee.next
                }
            }
        }
        walk(gtk_dialog_get_content_area(window.cast()))
        let ok = beckon_dialog_button(window, 1)
        let cancel = beckon_dialog_button(window, 0)
        return Shown(fraction: fraction, labels: labels, okSensitive: ok.map { gtk_widget_get_sensitive($0) != 0 } ?? false,
                     cancelVisible: cancel.map { gtk_widget_get_visible($0) != 0 } ?? false)
    }

    /// Waits until the shown dialog displays what `accept` wants.
    static func waitUntilShown(_ what: String, _ accept: @escaping @Sendable (Shown) -> Bool) async -> Shown? {
        var last: Shown?
        for _ in 0..<500 {
            last = await shown()
            if let last, accept(last) { return last }
            try? await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("waited 5 s for \(what); last seen: \(String(describing: last))")
        return nil
    }

    @Test func updatesShowAsTheyComeAndTheEndOfTheSequenceClosesIt() async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        let task = Task { try await Dialog.progress(title: "progress feed", text: "Starting", updates: feed.stream) }
        _ = try #require(await ShownDialog.wait())
        let start = await Self.waitUntilShown("the start") { $0.fraction == 0 && $0.labels.contains("Starting") }
        #expect(start?.okSensitive == false && start?.cancelVisible == true)
        feed.continuation.yield(.text("Copying 3 files"))
        feed.continuation.yield(.fraction(0.6))
        _ = await Self.waitUntilShown("60 % and the new text") {
            $0.fraction == 0.6 && $0.labels.contains("Copying 3 files")
        }
        feed.continuation.finish()
        let result = await withDeadline(10, "progress feed") { await task.result }
        #expect(try result?.get() == ProgressState(fraction: 1, text: "Copying 3 files", updatesEnded: true))
        #expect(await feed.waitForTermination() == "finished")
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    @Test func textIsMarkupWhenAskedAndMarkupThatDoesNotParseIsShownLiterally() async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        var request = ProgressRequest(title: "progress markup", text: "<i>Starting</i>", updates: feed.stream)
        request.textIsMarkup = true
        let task = Task { try await Dialog().present(request) }
        _ = try #require(await ShownDialog.wait())
        _ = await Self.waitUntilShown("the initial markup") { $0.labels.contains("Starting") }
        feed.continuation.yield(.text("<b>Copying</b> &amp; checking"))
        _ = await Self.waitUntilShown("the update's markup") { $0.labels.contains("Copying & checking") }
        feed.continuation.yield(.text("a < b & c"))
        _ = await Self.waitUntilShown("markup that does not parse") { $0.labels.contains("a < b & c") }
        feed.continuation.finish()
        let result = await withDeadline(10, "progress markup") { await task.result }
        #expect(try result?.get().value.text == "a < b & c")
    }

    @Test func textIsPlainByDefault() async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        let task = Task { try await Dialog.progress(title: "progress plain", updates: feed.stream) }
        _ = try #require(await ShownDialog.wait())
        feed.continuation.yield(.text("<b>Copying</b>"))
        _ = await Self.waitUntilShown("the tags as text") { $0.labels.contains("<b>Copying</b>") }
        feed.continuation.finish()
        _ = await withDeadline(10, "progress plain") { await task.result }
    }

    @Test func reachingOneClosesItAndCancelsTheIteration() async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        let task = Task { try await Dialog.progress(title: "progress at one", updates: feed.stream) }
        _ = try #require(await ShownDialog.wait())
        feed.continuation.yield(.fraction(0.5))
        feed.continuation.yield(.fraction(1))
        let result = await withDeadline(10, "progress at one") { await task.result }
        #expect(try result?.get() == ProgressState(fraction: 1))
        #expect(await feed.waitForTermination() == "cancelled")
    }

    /// The progress dialog's own dismissals: Return on Cancel, which has the
    /// focus while OK waits, and a click on Cancel.
    enum Dismissal: String, KindPath {
        case returnOnCancel, cancelButton
        var expected: Ending { .dismissed }

        func end(_ shown: ShownDialog) async throws {
            switch self {
            case .returnOnCancel: try Xdotool.key("Return")
            case .cancelButton: try await shown.clickButton(0)
            }
        }
    }

    @Test(arguments: TestPath<Dismissal>.all([.escapeKey, .windowManagerClose, .destroyedByCode]))
    func everyDismissalIsNilAndStopsTheWork(_ ending: TestPath<Dismissal>) async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        let title = "progress \(ending.testDescription)"
        let task = Task { try await Dialog.progress(title: title, updates: feed.stream) }
        let shown = try #require(await ShownDialog.wait())
        feed.continuation.yield(.fraction(0.4))
        _ = await Self.waitUntilShown("40 %") { $0.fraction == 0.4 }
        try await ending.end(shown) { task.cancel() }
        let result = await withDeadline(10, title) { await task.result }
        #expect(try result?.get() == nil, "\(title)")
        #expect(await feed.waitForTermination() == "cancelled", "\(title)")
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0, "\(title): \(left) left behind")
    }

    /// Cancelled before its window shows, the dialog never iterates the
    /// updates; the producer learns of the end all the same (BeckonSoak found it
    /// waiting forever).
    @Test func cancelledBeforeItShowsTheWorkStopsToo() async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        feed.continuation.yield(.fraction(0.3))
        let task = Task { try await Dialog.progress(title: "progress cancelled early", updates: feed.stream) }
        task.cancel()
        let result = await withDeadline(10, "progress cancelled early") { await task.result }
        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(await feed.waitForTermination() == "cancelled")
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    @Test func withoutAutoCloseOKWaitsForThePersonAfterTheEnd() async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        let task = Task {
            try await Dialog.progress(title: "progress manual", updates: feed.stream, autoCloses: false)
        }
        _ = try #require(await ShownDialog.wait())
        feed.continuation.yield(.fraction(1))
        _ = await Self.waitUntilShown("OK enabled at 1") { $0.okSensitive && $0.fraction == 1 }
        feed.continuation.yield(.text("Finishing"))
        feed.continuation.finish()
        _ = await Self.waitUntilShown("the end of the updates") { $0.labels.contains("Finishing") }
        try await GtkTestLoop.handleInputSentSoFar()
        try Xdotool.key("Return") // OK has the focus now
        let result = await withDeadline(10, "progress manual") { await task.result }
        #expect(try result?.get() == ProgressState(fraction: 1, text: "Finishing", updatesEnded: true))
    }

    @Test func theTimeoutHoldsWhileUpdatesStillCome() async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        let task = Task {
            try await Dialog.progress(title: "progress timeout", updates: feed.stream, pulsates: true,
                                      timeout: .milliseconds(600))
        }
        _ = try #require(await ShownDialog.wait())
        feed.continuation.yield(.text("still going"))
        let result = await withDeadline(10, "progress timeout") { await task.result }
        #expect(throws: DialogError.timedOut) { try result?.get() }
        #expect(await feed.waitForTermination() == "cancelled")
    }

    @Test func cancellingTheAwaitingTaskClosesItAndStopsTheWork() async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        let task = Task { try await Dialog.progress(title: "progress task cancelled", updates: feed.stream) }
        _ = try #require(await ShownDialog.wait())
        task.cancel()
        let result = await withDeadline(10, "progress task cancelled") { await task.result }
        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(await feed.waitForTermination() == "cancelled")
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    struct WorkFailed: Error, Equatable {}

    @Test func aSequenceThatThrowsClosesItAndTheErrorReachesTheCaller() async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        let task = Task { try await Dialog.progress(title: "progress failed", updates: feed.stream) }
        _ = try #require(await ShownDialog.wait())
        feed.continuation.yield(.fraction(0.2))
        feed.continuation.finish(throwing: WorkFailed())
        let result = await withDeadline(10, "progress failed") { await task.result }
        #expect(throws: WorkFailed.self) { try result?.get() }
        let left = await ShownDialog.leftovers()
        #expect(left.visibleWindows == 0 && left.dialogs == 0)
    }

    @Test func withoutCancelAndWithTheTimeLeft() async throws {
        try GtkTestLoop.require()
        let feed = Feed()
        let task = Task {
            try await Dialog.progress(title: "progress no cancel", updates: feed.stream, showsTimeRemaining: true,
                                      isCancellable: false)
        }
        _ = try #require(await ShownDialog.wait())
        feed.continuation.yield(.fraction(0.1))
        feed.continuation.yield(.fraction(0.5))
        let shown = await Self.waitUntilShown("the time left") { shown in
            shown.labels.contains { $0.hasPrefix("Time remaining: ") }
        }
        #expect(shown?.cancelVisible == false)
        try Xdotool.key("Escape") // Escape still closes, as in zenity
        let result = await withDeadline(10, "progress no cancel") { await task.result }
        #expect(try result?.get() == nil)
    }
}

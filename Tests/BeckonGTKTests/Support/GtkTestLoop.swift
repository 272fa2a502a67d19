import Beckon
import BeckonTestSupport
import CBeckonShim
import CGtk
import Foundation
import Testing

/// GTK's loop for this test process, on a thread of its own: the test runner
/// owns the main thread. Started once; a missing display fails the test.
enum GtkTestLoop {
    private static let started: Result<Void, GtkRuntimeError> = {
        do throws(GtkRuntimeError) {
            try GtkRuntime.startOnBackgroundThread()
            return .success(())
        } catch {
            return .failure(error)
        }
    }()

    /// Starts GTK if needed; throws (failing the test) when no display can be
    /// opened or xdotool, which gives the tests' input, is missing.
    static func require() throws {
        try X11.require()
        try started.get()
    }

    /// Returns once GTK has handled every X event the server sent it before
    /// this call, such as a key press whose xdotool has exited: a round trip to
    /// the X server puts them all in GDK's queue, then GTK's loop runs until
    /// that queue is empty. Throws after `seconds` if it never empties.
    static func handleInputSentSoFar(seconds: Double = 10) async throws {
        await syncWithXServer()
        let end = Date().addingTimeInterval(seconds)
        while await eventsPending() {
            guard Date() < end else { throw WaitFailed("GTK still had X events pending after \(seconds) s") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Sets GTK's double-click time (milliseconds) and returns the one it had.
    /// A tree view counts two presses as a double click only when GTK's thread
    /// handles the second within that time of handling the first, timed by
    /// this process's clock: however close together xdotool sends them, a
    /// slow build (AddressSanitizer) on a loaded machine can miss 400 ms.
    @GtkActor static func swapDoubleClickTime(_ milliseconds: Int32) -> Int32 {
        beckon_settings_swap_double_click_time(milliseconds)
    }

    @GtkActor private static func syncWithXServer() {
        gdk_display_sync(gdk_display_get_default())
    }

    @GtkActor private static func eventsPending() -> Bool {
        gdk_events_pending() != 0
    }
}

/// What `observe` returns once `accept` holds for it, or after `seconds` as
/// last seen: ``poll`` for what is read on GTK's actor, with the observation
/// kept for the failure message.
func observe<T>(seconds: Double = 10, every interval: Duration = .milliseconds(10),
                _ observe: () async -> T, until accept: (T) -> Bool) async -> T {
    let end = Date().addingTimeInterval(seconds)
    var observed = await observe()
    while !accept(observed), Date() < end {
        try? await Task.sleep(for: interval)
        observed = await observe()
    }
    return observed
}

/// Waits for `operation` at most `seconds`; a hang becomes a test failure
/// instead of a test run that never ends.
///
/// Not a task group: a group waits for all of its children, and awaiting an
/// unstructured task's result ignores cancellation, so a dialog that never
/// answers would hold the test until its hang limit. Whichever of the
/// operation and the deadline comes first resumes the caller; an operation
/// still running then is left to end (or not) on its own.
func withDeadline<T: Sendable>(
    _ seconds: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: @escaping @Sendable () async -> T
) async -> T? {
    let first = FirstOfTwo<T?>()
    let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
        first.waiting(continuation)
        let work = Task { first.resume(with: await operation()) }
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            if first.resume(with: nil) { work.cancel() }
        }
    }
    if outcome == nil {
        Issue.record("\(what): no answer within \(seconds) s (hang)", sourceLocation: sourceLocation)
    }
    return outcome
}

/// Resumes a continuation with the first of two values, once.
private final class FirstOfTwo<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Never>?

    func waiting(_ continuation: CheckedContinuation<T, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Whether this value was the first.
    @discardableResult
    func resume(with value: T) -> Bool {
        let waiting = lock.withLock { () -> CheckedContinuation<T, Never>? in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: value)
        return waiting != nil
    }
}

import Dispatch
import Foundation
import Testing

/// A time limit for each GUI test case that also ends a hang which ignores
/// cancellation.
///
/// swift-testing's own `.timeLimit` records an issue and cancels the test's
/// task, then waits for it: a test stuck on a continuation that is never
/// resumed, a GTK thread that stopped turning or a child process that never
/// exits keeps the whole run waiting, silently. This trait does the same first
/// step (an issue naming the test, then cancellation), and when the test is
/// still running `grace` later it says so on stderr and ends the test process
/// with exit status 1, so the run fails instead of hanging.
package struct HangLimit: TestTrait, SuiteTrait, TestScoping {
    /// How long one test case (one argument of a parameterized test) may run.
    package var limit: Duration
    /// How long a timed-out test gets to end once cancelled.
    package var grace: Duration

    package var isRecursive: Bool { true }

    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self // each test case, not the suite as a whole
    }

    private enum Ending: Sendable { case finished, limitReached, limitCancelled }

    package func provideScope(for test: Test, testCase: Test.Case?,
                              performing function: @Sendable () async throws -> Void) async throws {
        let name = "\(test.name) (\(test.sourceLocation.fileID):\(test.sourceLocation.line))"
        let ender = ProcessEnder(after: limit + grace, name: name, limit: limit)
        defer { ender.disarm() }
        try await withoutActuallyEscaping(function) { body in
            try await withThrowingTaskGroup(of: Ending.self) { group in
                group.addTask { try await body(); return .finished }
                group.addTask { [limit] in
                    do { try await Task.sleep(for: limit) } catch { return .limitCancelled }
                    return .limitReached
                }
                let first = try await group.next()
                if first == .limitReached {
                    Issue.record("\(name) still running after \(limit): a hang; cancelled, and the test process ends if it is still running \(grace) from now",
                                 sourceLocation: test.sourceLocation)
                }
                group.cancelAll()
                while try await group.next() != nil {}
            }
        }
    }
}

extension Trait where Self == HangLimit {
    /// The limit of every GUI suite (BeckonGTKTests, EndToEndTests): generous,
    /// above the longest deadline a test gives a process of its own (300 s,
    /// RuntimeResourceTests' soak), so only a hang reaches it, even under
    /// AddressSanitizer on a loaded machine.
    package static var guiHangLimit: Self { HangLimit(limit: .seconds(360), grace: .seconds(30)) }

    /// A limit of `limit`, then `grace` for the cancelled test to end.
    package static func hangLimit(_ limit: Duration, grace: Duration = .seconds(30)) -> Self {
        HangLimit(limit: limit, grace: grace)
    }
}

/// Ends the process `after` a delay unless disarmed first: the last resort
/// against a test that ignores cancellation. A Dispatch timer, not a task: a
/// hang can hold the threads Swift concurrency runs tasks on.
private final class ProcessEnder: @unchecked Sendable { // the timer is Dispatch's, which is thread-safe
    private let timer: any DispatchSourceTimer

    init(after delay: Duration, name: String, limit: Duration) {
        timer = DispatchSource.makeTimerSource(queue: .global())
        let (seconds, attoseconds) = delay.components
        timer.schedule(deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
        timer.setEventHandler {
            let message = "\nHANG: \(name) was cancelled after its limit of \(limit) and is still running: it ignores cancellation. Ending the test process (exit 1) so that the run fails instead of hanging.\n"
            fflush(nil) // what the test printed so far
            FileHandle.standardError.write(Data(message.utf8))
            _exit(1)
        }
        timer.resume()
    }

    func disarm() { timer.cancel() }
}

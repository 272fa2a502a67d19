import Foundation
import Synchronization

/// A writer that appends commands to a command file on a thread of its own,
/// as fast as the file takes them, until it has written `limit` bytes or is
/// stopped; what it wrote and why it stopped early are kept for the test to
/// check, so a flood that never happened cannot pass for one that was held.
final class CommandFileFlood: Sendable {
    private struct State {
        var written = 0
        var failure: String?
        var stopping = false
        var finished = false
    }

    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    /// Starts writing `chunk` to `path` over and over.
    init(path: String, chunk: String, limit: Int) {
        let bytes = Data(chunk.utf8)
        Thread { [self] in
            defer {
                state.withLock { $0.finished = true }
                done.signal()
            }
            guard let handle = FileHandle(forWritingAtPath: path) else {
                state.withLock { $0.failure = "cannot open \(path) for writing" }
                return
            }
            defer { try? handle.close() }
            while state.withLock({ !$0.stopping && $0.written < limit }) {
                do {
                    try handle.seekToEnd()
                    try handle.write(contentsOf: bytes)
                } catch {
                    state.withLock { $0.failure = "writing \(path): \(error)" }
                    return
                }
                state.withLock { $0.written += bytes.count }
            }
        }.start()
    }

    /// Stops the writer and waits for it (at most `seconds`); returns how many
    /// bytes it wrote and why it failed, if it did.
    func stop(seconds: Double = 10) -> (written: Int, failure: String?) {
        state.withLock { $0.stopping = true }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            return (state.withLock { $0.written }, "the writer did not stop within \(seconds) s")
        }
        return state.withLock { ($0.written, $0.failure) }
    }
}

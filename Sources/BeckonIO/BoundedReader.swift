import Glibc

/// Reads a file descriptor to its end, but never more than a limit of bytes
/// and never past a deadline.
///
/// For input needed before any window exists (`beckon terms` must answer
/// `--once` without a display): poll(2) waits for each chunk with the time
/// left, so `/dev/zero`, a pipe held open or a FIFO no one writes to end with
/// an error or at the deadline instead of eating memory or hanging. Data shown
/// while GTK's loop runs goes through ``FileDescriptorReader`` instead. The
/// descriptor's flags are never changed: stdin may be a terminal the shell shares.
package enum BoundedReader {
    /// Why reading stopped before the end.
    package enum Failure: Error, Sendable, Equatable {
        /// There were more than the limit's bytes.
        case tooLarge
        /// The deadline passed before the end of input.
        case timedOut
        /// `read(2)` or `poll(2)` failed with this errno.
        case failed(errno: Int32)
    }

    /// All the bytes of `fileDescriptor` up to its end.
    package static func readAll(
        fileDescriptor fd: Int32, limit: Int, deadline: ContinuousClock.Instant?
    ) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            switch waitReadable(fd, deadline) {
            case .failure(let failure): return .failure(failure)
            case .success: break
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                // One byte past the limit is enough to know: no more is kept.
                guard bytes.count + n <= limit else { return .failure(.tooLarge) }
                bytes.append(contentsOf: chunk[0..<n])
            } else if n == 0 {
                return .success(bytes)
            } else if errno != EINTR && errno != EAGAIN {
                return .failure(.failed(errno: errno))
            }
        }
    }

    /// Waits until `fd` is readable (data, end of input or an error to report).
    private static func waitReadable(_ fd: Int32, _ deadline: ContinuousClock.Instant?) -> Result<Void, Failure> {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = DialogDeadline(deadline).timeLeft()
                guard left > .zero else { return .failure(.timedOut) }
                // The one rounding (up, DialogDeadline), so a wait never ends just
                // short of the deadline and spins; at most a minute per poll.
                timeout = Int32(min(left, .seconds(60)).milliseconds)
            }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failure(.failed(errno: errno))
            }
            if ready == 0 { continue } // the clock decides whether time is up
            if entry.revents & Int16(POLLNVAL) != 0 { return .failure(.failed(errno: EBADF)) }
            return .success(())
        }
    }
}

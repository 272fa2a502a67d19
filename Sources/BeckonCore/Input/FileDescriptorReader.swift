import CGtk
import Glibc

/// Reads a file descriptor on GTK's loop a chunk at a time, so a dialog stays
/// responsive while a script's stdin, a pipe or a file streams in.
///
/// Each time the descriptor is readable the reader makes one `read(2)`, which
/// poll(2) has promised will not block, and hands the bytes on. It never
/// changes the descriptor's flags: stdin may be a terminal the shell shares.
/// The reader stops at the end of input, on an error, or when ``stop()`` is
/// called; after that nothing more is delivered.
@GtkActor
package final class FileDescriptorReader {
    /// How reading ended.
    package enum End: Sendable, Equatable {
        /// The writer closed its end, or the file ended.
        case endOfInput
        /// `read(2)` failed with this errno (EBADF for a closed descriptor,
        /// EISDIR for a directory).
        case failed(errno: Int32)
    }

    package let fileDescriptor: Int32
    private let chunkSize: Int
    private let priority: Int32
    private var source: guint = 0
    private var buffer: [UInt8]
    private var onData: (@GtkActor (UnsafeRawBufferPointer) -> Void)?
    private var onEnd: (@GtkActor (End) -> Void)?

    /// A reader of `fileDescriptor` that reads at most `chunkSize` bytes per
    /// turn of the loop, at GLib `priority`.
    package init(fileDescriptor: Int32, chunkSize: Int = 64 * 1024, priority: Int32 = G_PRIORITY_DEFAULT_IDLE) {
        self.fileDescriptor = fileDescriptor
        self.chunkSize = max(1, chunkSize)
        self.priority = priority
        self.buffer = [UInt8](repeating: 0, count: max(1, chunkSize))
    }

    /// Starts reading: `onData` gets each chunk (valid only during the call),
    /// then `onEnd` is called once, unless ``stop()`` comes first.
    package func start(onData: @escaping @GtkActor (UnsafeRawBufferPointer) -> Void,
                       onEnd: @escaping @GtkActor (End) -> Void) {
        guard source == 0, self.onEnd == nil else { return }
        self.onData = onData
        self.onEnd = onEnd
        // poll(2) on a closed descriptor reports POLLNVAL, which GLib's fd
        // sources do not watch for: say so now instead of never.
        if fcntl(fileDescriptor, F_GETFD) == -1 {
            let error = errno
            GtkSource.idle { [self] in
                end(.failed(errno: error))
                return false
            }
            return
        }
        source = GtkSource.watch(fileDescriptor: fileDescriptor, priority: priority) { [self] condition in
            readOnce(condition)
        }
    }

    /// Stops reading; neither callback is called again.
    package func stop() {
        if source != 0 {
            g_source_remove(source)
            source = 0
        }
        onData = nil
        onEnd = nil
    }

    /// Whether the reader is still waiting for input.
    package var isReading: Bool { onEnd != nil }

    private func readOnce(_ condition: GIOCondition) -> Bool {
        if condition.rawValue & G_IO_NVAL.rawValue != 0 {
            end(.failed(errno: EBADF))
            return false
        }
        let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, chunkSize) }
        if count > 0 {
            buffer.withUnsafeBytes { onData?(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            return onEnd != nil // stop() may have been called from onData
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
        end(count == 0 ? .endOfInput : .failed(errno: errno))
        return false
    }

    private func end(_ end: End) {
        source = 0 // returning false removes the source; stop() must not remove it again
        let onEnd = self.onEnd
        self.onData = nil
        self.onEnd = nil
        onEnd?(end)
    }
}

import BeckonCore
import BeckonIO
import Glibc

/// The lines of stdin for `--listen`, read on GLib's loop through
/// ``FileDescriptorReader`` and ``LineSplitter`` (never a blocking read); the
/// stream ends with the input, a partial last line included.
@GtkActor
final class NotificationStdin {
    /// Command lines are short; a longer one (say /dev/zero) is cut here.
    static let maximumLineLength = 64 * 1024

    private let reader: FileDescriptorReader
    private var splitter = LineSplitter(maximumLineLength: maximumLineLength)
    private let continuation: AsyncStream<[UInt8]>.Continuation
    private let warn: @Sendable (String) -> Void
    private var warnedAboutLength = false

    private init(fileDescriptor: Int32, continuation: AsyncStream<[UInt8]>.Continuation,
                 warn: @escaping @Sendable (String) -> Void) {
        reader = FileDescriptorReader(fileDescriptor: fileDescriptor)
        self.continuation = continuation
        self.warn = warn
    }

    /// The lines of `fileDescriptor`, until it ends or the stream is dropped.
    static func lines(fileDescriptor: Int32 = 0, warn: @escaping @Sendable (String) -> Void) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let stdin = NotificationStdin(fileDescriptor: fileDescriptor, continuation: continuation, warn: warn)
        continuation.onTermination = { _ in Task { @GtkActor in stdin.reader.stop() } }
        stdin.reader.start(onData: { bytes in stdin.read(bytes) }, onEnd: { end in stdin.ended(end) })
        return stream
    }

    private func read(_ bytes: UnsafeRawBufferPointer) {
        for line in splitter.lines(in: bytes) { continuation.yield(line) }
        warnIfCut()
    }

    private func ended(_ end: FileDescriptorReader.End) {
        if let last = splitter.finish() { continuation.yield(last) }
        warnIfCut()
        if case .failed(let number) = end {
            warn("beckon: warning: --notification --listen: cannot read stdin (\(String(cString: strerror(number)))); "
                 + "taking it as the end of input")
        }
        continuation.finish()
    }

    private func warnIfCut() {
        guard splitter.cutLines > 0, !warnedAboutLength else { return }
        warnedAboutLength = true
        warn("beckon: warning: --notification --listen: a line of stdin is longer than "
             + "\(Self.maximumLineLength) bytes; the rest of it is ignored")
    }
}

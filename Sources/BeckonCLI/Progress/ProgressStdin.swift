import BeckonCore
import BeckonIO
import Glibc

/// Feeds a progress dialog from stdin on GTK's loop: a chunk per turn through
/// ``FileDescriptorReader``, lines through ``LineSplitter``, each read as
/// zenity reads it. A partial last line counts, as in zenity; the end of input
/// (or a read that fails, with a warning) is zenity's EOF.
@GtkActor
final class ProgressStdin {
    /// zenity's lines are short; a longer one (say /dev/zero) is cut here and
    /// the rest of it dropped, so memory stays flat.
    static let maximumLineLength = 64 * 1024
    /// At most this much is read per turn of GTK's loop: 16 KiB is about 4,000
    /// short lines, read well inside a frame, so a writer as fast as a pipe
    /// allows cannot hold back the painting of the bar.
    static let chunkSize = 16 * 1024

    private let feed: ProgressFeed
    private let reader: FileDescriptorReader
    private var splitter = LineSplitter(maximumLineLength: maximumLineLength)
    private let warn: @Sendable (String) -> Void
    private var warnedAboutUTF8 = false
    private var warnedAboutLength = false

    private init(feed: ProgressFeed, fileDescriptor: Int32, warn: @escaping @Sendable (String) -> Void) {
        self.feed = feed
        self.reader = FileDescriptorReader(fileDescriptor: fileDescriptor, chunkSize: Self.chunkSize)
        self.warn = warn
    }

    /// Starts feeding `feed` from `fileDescriptor` until it ends or the dialog does.
    static func start(_ feed: ProgressFeed, fileDescriptor: Int32 = 0, warn: @escaping @Sendable (String) -> Void) {
        let stdin = ProgressStdin(feed: feed, fileDescriptor: fileDescriptor, warn: warn)
        feed.onStop { stdin.reader.stop() }
        stdin.reader.start(onData: { bytes in stdin.read(bytes) }, onEnd: { end in stdin.ended(end) })
    }

    private func read(_ bytes: UnsafeRawBufferPointer) {
        for line in splitter.lines(in: bytes) {
            guard feed.isActive else { return } // --auto-close ended it at 100
            handle(line)
        }
        warnIfCut()
    }

    private func ended(_ end: FileDescriptorReader.End) {
        if let last = splitter.finish() { handle(last) }
        warnIfCut()
        if case .failed(let number) = end {
            warn("beckon: warning: --progress: cannot read stdin (\(String(cString: strerror(number)))); "
                 + "taking it as the end of input")
        }
        // zenity closes its stdin at the end of input; so does beckon.
        if reader.fileDescriptor == 0 { FileDescriptorReader.release(0) }
        feed.finish()
    }

    private func handle(_ bytes: [UInt8]) {
        let line = ProgressLine(bytes)
        if case .text(_, invalidUTF8: true) = line, !warnedAboutUTF8 {
            warnedAboutUTF8 = true
            warn("beckon: warning: --progress: a #text line is not valid UTF-8; its bad bytes show as \u{FFFD}")
        }
        if let update = line.update { feed.apply(update) }
    }

    private func warnIfCut() {
        guard splitter.cutLines > 0, !warnedAboutLength else { return }
        warnedAboutLength = true
        warn("beckon: warning: --progress: a line of stdin is longer than \(Self.maximumLineLength) bytes; "
             + "the rest of it is ignored")
    }
}

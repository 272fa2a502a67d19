import BeckonCore
import BeckonIO
import BeckonLiveDialog
import BeckonLiveWindow
import CGtk
import Glibc

/// Follows a command file while a `beckon dialog` is shown: reads what is
/// appended (inotify for a file, readability for a FIFO), applies each line's
/// command to its own copy of the spec, and hands the window the newest spec
/// after each read, so a flood of lines costs one update per read and the
/// window one redraw per frame.
///
/// A bad line (no colon, an unknown command, a row that is not there, bytes
/// that are not UTF-8, a line over ``LiveDialogLimits/lineBytes``) is a warning
/// on stderr naming its line, never an exit.
@GtkActor
final class CommandFileFollower {
    private let file: CommandFile
    private var spec: LiveDialogSpec
    private let sink: LiveDialogSink
    private let context: LiveDialogContext
    private var splitter = LineSplitter(maximumLineLength: LiveDialogLimits.lineBytes)
    private var lineNumber = 0
    private var cutLinesSeen = 0
    private var inotify: Int32 = -1
    private var sources: [guint] = []
    /// The work one turn of the loop may do: a quarter of a frame.
    private static let timeBudget = Duration.milliseconds(4)
    /// Whether an idle is already set to go on reading a file.
    private var continuing = false

    init(file: CommandFile, spec: LiveDialogSpec, sink: LiveDialogSink, context: LiveDialogContext) {
        self.file = file
        self.spec = spec
        self.sink = sink
        self.context = context
    }

    func start() {
        if file.isFIFO {
            sources.append(GtkSource.watch(fileDescriptor: file.descriptor) { [weak self] _ in self?.readAvailable() ?? false })
        } else {
            inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if inotify >= 0 {
                _ = inotify_add_watch(inotify, file.path, UInt32(IN_MODIFY | IN_CLOSE_WRITE))
                sources.append(GtkSource.watch(fileDescriptor: inotify) { [weak self] _ in
                    guard let self else { return false }
                    drainInotify()
                    return readAvailable()
                })
            }
            // A file replaced or truncated under us, or no inotify: look twice a second too.
            sources.append(GtkSource.timeout(milliseconds: 500) { [weak self] in self?.readAvailable() ?? false })
        }
        // The sink holds the follower until the dialog ends.
        sink.onStop { self.stop() }
    }

    func stop() {
        for source in sources { g_source_remove(source) }
        sources = []
        if inotify >= 0 { close(inotify); inotify = -1 }
        file.close()
    }

    private func drainInotify() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(inotify, &buffer, buffer.count) > 0 {}
    }

    /// Reads what is there, for at most ``timeBudget`` of work a turn, and
    /// applies it; true keeps watching. What is left waits for the next turn
    /// of the loop (the FIFO's watch fires again; a file gets an idle), so
    /// input, timers and redraws go between however fast the writer is.
    private func readAvailable() -> Bool {
        guard !sink.isStopped else { return false }
        if !file.isFIFO { rewindIfTruncated() }
        let started = ContinuousClock.now
        var buffer = [UInt8](repeating: 0, count: 8 * 1024)
        var changed = false
        var more = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(file.descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            let lines = buffer.withUnsafeBytes { splitter.lines(in: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            for line in lines { changed = apply(line) || changed }
            if sink.isStopped { return false }
            if ContinuousClock.now - started > Self.timeBudget {
                more = true
                break
            }
        }
        if changed { sink.receive(.spec(spec)) }
        if more && !file.isFIFO && !continuing {
            continuing = true
            GtkSource.idle { [weak self] in
                guard let self else { return false }
                continuing = false
                _ = readAvailable()
                return false
            }
        }
        return true
    }

    /// `echo > file` truncates: read again from the start, as a new file.
    private func rewindIfTruncated() {
        var info = stat()
        guard fstat(file.descriptor, &info) == 0 else { return }
        if lseek(file.descriptor, 0, SEEK_CUR) > info.st_size {
            lseek(file.descriptor, 0, SEEK_SET)
            _ = splitter.finish()
        }
    }

    /// Applies one line; true when the spec changed. Actions go at once.
    private func apply(_ bytes: [UInt8]) -> Bool {
        lineNumber += 1
        if splitter.cutLines > cutLinesSeen {
            cutLinesSeen = splitter.cutLines
            warn("longer than \(LiveDialogLimits.lineBytes) bytes; ignored")
            return false
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        if !TextDecoder.isValidUTF8(bytes) {
            warn("not UTF-8; invalid bytes read as U+FFFD")
        }
        do {
            guard let command = try LiveDialogCommand(line: text) else { return false }
            let changes = try spec.apply(command, context: context)
            if !changes.actions.isEmpty {
                // What the lines before said is shown before the window acts.
                sink.receive(.spec(spec))
                for action in changes.actions { sink.receive(.action(action)) }
            }
            return changes.specChanged
        } catch {
            warn(error.message)
            return false
        }
    }

    private func warn(_ message: String) {
        StandardError.write("beckon dialog: warning: \(file.path) line \(lineNumber): \(message)\n")
    }
}

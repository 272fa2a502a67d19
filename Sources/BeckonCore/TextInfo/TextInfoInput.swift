import BeckonIO
import CGtk
import Glibc

/// Reads a text dialog's file or descriptor on GTK's loop a chunk at a time,
/// for the window and the terminal alike: text decoded as it comes (UTF-8, or
/// the locale's charset), at most ``TextInfoRequest/byteLimit`` bytes, with
/// zenity's warnings. A ``TextInfoRequest/Source/text(_:)`` source has nothing
/// to read: it ends at once.
@GtkActor
final class TextInfoInput {
    private let request: TextInfoRequest
    private let priority: Int32
    private let onText: @GtkActor (String) -> Void
    private let onEnd: @GtkActor () -> Void
    private var reader: FileDescriptorReader?
    /// A descriptor this opened, closed when reading ends.
    private var ownedDescriptor: Int32 = -1
    private var decoder: StreamingTextDecoder
    private var bytesRead = 0
    private var isOpen = true
    private var saidTooLong = false
    /// Whether all the input is in (or will never come).
    private(set) var isDone = false

    /// `text` gets each piece of text read, `ended` is called once when the
    /// input is all in (or cannot be read); neither is called after ``stop()``.
    init(_ request: TextInfoRequest, priority: Int32, text: @escaping @GtkActor (String) -> Void,
         ended: @escaping @GtkActor () -> Void) {
        self.request = request
        self.priority = priority
        onText = text
        onEnd = ended
        decoder = StreamingTextDecoder(subject: Self.subject(of: request.source))
    }

    /// Starts reading; a regular file's first `firstChunk` bytes are read at
    /// once (a read that cannot block), so the first screen has text in it.
    func start(firstChunk: Int) {
        switch request.source {
        case .text:
            finish()
        case .file(let path):
            guard let fd = open(path) else { return finish() }
            ownedDescriptor = fd
            warnIfFileTooLong(fd)
            readFirstChunk(fd, bytes: firstChunk)
            if !isDone { startReader(fd) }
        case .fileDescriptor(let fd):
            warnIfFileTooLong(fd)
            startReader(fd)
        }
    }

    /// Stops reading; nothing more is given.
    func stop() {
        isOpen = false
        reader?.stop()
        reader = nil
        closeOwnedDescriptor()
    }

    /// A file is all there when an editable text is read, as in zenity, which
    /// reads it whole before showing it: what was not read yet is read now. A
    /// pipe gives what came before the end, as zenity's does.
    func readRestOfRegularFile() {
        guard let reader, reader.isReading, ownedDescriptor >= 0 else { return }
        var info = stat()
        guard fstat(ownedDescriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        reader.stop()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while isOpen, !isDone, bytesRead < request.byteLimit {
            let count = chunk.withUnsafeMutableBytes { read(ownedDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            chunk.withUnsafeBytes { received(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        finish()
    }

    /// Opens `path` for reading without waiting for a FIFO's writer; nil, with
    /// zenity's warning, when it cannot be read.
    private func open(_ path: String) -> Int32? {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            warn("Cannot open file '\(path)': \(String(cString: strerror(errno)))")
            return nil
        }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            close(fd)
            warn("Cannot open file '\(path)': it is a directory")
            return nil
        }
        // Reads wait on GTK's loop (poll says when), never in read(2).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    private func readFirstChunk(_ fd: Int32, bytes: Int) {
        var info = stat()
        guard bytes > 0, fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        var chunk = [UInt8](repeating: 0, count: bytes)
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 { chunk.withUnsafeBytes { received(UnsafeRawBufferPointer(rebasing: $0[0..<count])) } }
    }

    private func startReader(_ fd: Int32) {
        let reader = FileDescriptorReader(fileDescriptor: fd, chunkSize: 64 * 1024, priority: priority)
        self.reader = reader
        reader.start(onData: { [self] bytes in received(bytes) }, onEnd: { [self] end in
            if case .failed(let error) = end {
                warn("Cannot read \(subject): \(String(cString: strerror(error)))")
            }
            finish()
        })
    }

    private var subject: String { Self.subject(of: request.source) }

    /// What the warnings call the input.
    private nonisolated static func subject(of source: TextInfoRequest.Source) -> String {
        switch source {
        case .file(let path): "file '\(path)'"
        case .fileDescriptor(0): "standard input"
        case .fileDescriptor(let fd): "descriptor \(fd)"
        case .text: "the text"
        }
    }

    private func received(_ bytes: UnsafeRawBufferPointer) {
        guard isOpen, !isDone else { return }
        let room = request.byteLimit - bytesRead
        let kept = UnsafeRawBufferPointer(rebasing: bytes.prefix(max(room, 0)))
        bytesRead += kept.count
        let hadWarning = decoder.warning != nil
        let text = decoder.decode(kept)
        if !text.isEmpty { onText(text) }
        if !hadWarning, let warning = decoder.warning { warn(warning) }
        if kept.count < bytes.count {
            sayTooLong()
            reader?.stop()
            finish()
        }
    }

    /// A regular file's size says at once what reading says only after the
    /// limit, which can take longer than the dialog is up (40 MB of text, a
    /// 2 GB sparse file): the warning comes as the dialog starts.
    private func warnIfFileTooLong(_ fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        let offset = lseek(fd, 0, SEEK_CUR)
        if Int(info.st_size) - Int(max(offset, 0)) > request.byteLimit { sayTooLong() }
    }

    private func sayTooLong() {
        guard !saidTooLong else { return }
        saidTooLong = true
        warn("\(subject) is longer than \(request.byteLimit >> 20) MiB: the rest is not shown")
    }

    private func finish() {
        guard isOpen, !isDone else { return }
        isDone = true
        let rest = decoder.finish()
        if !rest.isEmpty { onText(rest) }
        closeOwnedDescriptor()
        onEnd()
    }

    private func closeOwnedDescriptor() {
        if ownedDescriptor >= 0 { close(ownedDescriptor); ownedDescriptor = -1 }
    }

    private func warn(_ message: String) {
        request.onWarning?(message)
    }
}

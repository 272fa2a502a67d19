import BeckonIO
import Glibc

/// Reads a list's rows from its ``ListInput`` on GTK's loop, one cell per
/// line, as zenity reads them: in a check or radio list a row's first line
/// ticks it when it reads "true" in any case. Whoever shows the rows (the
/// window's store, the terminal's prompt) gets each row, then the end of each
/// chunk read, so it can show a chunk's rows at once.
@GtkActor
final class ListRowReader {
    private let input: ListInput
    private let reader: FileDescriptorReader
    private var splitter: LineSplitter
    /// Text cells per row (the toggle's excluded), and whether rows start with a toggle.
    private let textCells: Int
    private let toggles: Bool
    private var cells: [String?] = []
    private var cellsRead = 0
    private var checked = false
    private var warnedEncoding = false
    private var warnedCut = false
    private var onRow: (@GtkActor ([String?], _ checked: Bool) -> Void)?
    private var onChunk: (@GtkActor () -> Void)?

    init(_ input: ListInput, textCells: Int, toggles: Bool) {
        self.input = input
        self.textCells = textCells
        self.toggles = toggles
        reader = FileDescriptorReader(fileDescriptor: input.fileDescriptor)
        splitter = LineSplitter(maximumLineLength: input.maximumCellLength)
    }

    /// Starts reading: `row` for each row, `chunkEnded` after each chunk's rows
    /// and once more at the end of the input.
    func start(row: @escaping @GtkActor ([String?], _ checked: Bool) -> Void,
               chunkEnded: @escaping @GtkActor () -> Void) {
        onRow = row
        onChunk = chunkEnded
        reader.start(onData: { [self] bytes in
            for line in splitter.lines(in: bytes) { take(line) }
            chunkDone()
        }, onEnd: { [self] end in
            if let line = splitter.finish() { take(line) }
            if !cells.isEmpty || cellsRead > 0 { endRow() } // a short last row: the rest is empty
            chunkDone()
            if case .failed(let error) = end {
                input.warn("beckon: warning: reading \(input.name) failed: \(String(cString: strerror(error))); "
                           + "the list shows the rows read before")
            }
            if input.releasesAtEnd { FileDescriptorReader.release(input.fileDescriptor) }
            onRow = nil
            onChunk = nil
        })
    }

    /// Stops reading; the rows given so far stay.
    func stop() {
        reader.stop()
        onRow = nil
        onChunk = nil
    }

    private func take(_ line: [UInt8]) {
        if toggles && cellsRead == 0 {
            // zenity: the first cell ticks the row when it reads "true" in any case.
            checked = line.count == 4 && String(decoding: line, as: UTF8.self).lowercased() == "true"
        } else {
            cells.append(decode(line))
        }
        cellsRead += 1
        if cellsRead == textCells + (toggles ? 1 : 0) { endRow() }
    }

    private func endRow() {
        onRow?(cells, checked)
        cells.removeAll(keepingCapacity: true)
        cellsRead = 0
        checked = false
    }

    private func decode(_ line: [UInt8]) -> String {
        if let text = String(validating: line, as: UTF8.self) { return text }
        if !warnedEncoding {
            warnedEncoding = true
            input.warn("beckon: warning: \(input.name) is not valid UTF-8; "
                       + "the bytes that are not are shown as \u{FFFD}")
        }
        return String(decoding: line, as: UTF8.self)
    }

    private func chunkDone() {
        onChunk?()
        if splitter.cutLines > 0 && !warnedCut {
            warnedCut = true
            input.warn("beckon: warning: a line of \(input.name) is longer than \(input.maximumCellLength) bytes; "
                       + "it was cut there")
        }
    }
}

import CBeckonShim
import CGtk
import Glibc

/// Fills a list's store from a file descriptor while the dialog is shown, one
/// cell per line, as fast as the input comes: each chunk read in a turn of
/// GTK's loop becomes one batch of rows, so the window stays responsive and a
/// stdin that never ends shows its rows as they come.
@GtkActor
final class ListRowLoader {
    private let input: ListInput
    private let store: UnsafeMutablePointer<GtkListStore>
    private let treeView: UnsafeMutablePointer<GtkWidget>
    private let reader: FileDescriptorReader
    private var splitter: LineSplitter
    private var batch: ListRowBatch
    /// The row being read: its text cells, and its toggle.
    private var cells: [String?] = []
    private var cellsRead = 0
    private var checked = false
    private var warnedEncoding = false
    private var warnedCut = false
    private var measured = 0
    private var holdsStore = false

    /// Rows whose cells set the columns' widths; later rows keep them.
    static let measuredRows = 1000

    init(_ input: ListInput, store: UnsafeMutablePointer<GtkListStore>, treeView: UnsafeMutablePointer<GtkWidget>,
         toggles: Bool, measured: Int) {
        self.input = input
        self.store = store
        self.treeView = treeView
        self.reader = FileDescriptorReader(fileDescriptor: input.fileDescriptor)
        self.splitter = LineSplitter(maximumLineLength: input.maximumCellLength)
        self.batch = ListRowBatch(cellCount: Int(beckon_list_store_cell_count(store)), toggles: toggles)
        self.measured = measured
    }

    func start() {
        g_object_ref(store)
        holdsStore = true
        reader.start(onData: { [self] bytes in
            for line in splitter.lines(in: bytes) { take(line) }
            flush()
        }, onEnd: { [self] end in
            if let line = splitter.finish() { take(line) }
            if !cells.isEmpty || cellsRead > 0 { endRow() } // a short last row: the rest is empty
            flush()
            if case .failed(let error) = end {
                input.warn("beckon: warning: reading \(input.name) failed: \(String(cString: strerror(error))); "
                           + "the list shows the rows read before")
            }
            if input.releasesAtEnd { releaseDescriptor() }
            release()
        })
    }

    /// Stops reading; the rows read so far stay.
    func stop() {
        reader.stop()
        release()
    }

    private func releaseDescriptor() {
        let null = open("/dev/null", O_RDONLY)
        guard null >= 0 else { return }
        dup2(null, input.fileDescriptor)
        close(null)
    }

    private func release() {
        guard holdsStore else { return }
        holdsStore = false
        g_object_unref(store)
    }

    private func take(_ line: [UInt8]) {
        if batch.toggles && cellsRead == 0 {
            // zenity: the first cell ticks the row when it reads "true" in any case.
            checked = line.count == 4 && String(decoding: line, as: UTF8.self).lowercased() == "true"
        } else {
            cells.append(decode(line))
        }
        cellsRead += 1
        if cellsRead == batch.cellCount { endRow() }
    }

    private func endRow() {
        batch.append(cells, checked: checked)
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

    private func flush() {
        let first = Int(beckon_list_store_row_count(store))
        let added = batch.count
        batch.flush(into: store)
        if measured < Self.measuredRows && added > 0 {
            let count = min(added, Self.measuredRows - measured)
            beckon_tree_view_fit_columns(treeView, Int32(first), Int32(count))
            measured += count
        }
        if splitter.cutLines > 0 && !warnedCut {
            warnedCut = true
            input.warn("beckon: warning: a line of \(input.name) is longer than \(input.maximumCellLength) bytes; "
                       + "it was cut there")
        }
    }
}

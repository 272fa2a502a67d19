import CBeckonShim
import CGtk

/// Fills a list's store from its input while the dialog is shown: each chunk
/// ``ListRowReader`` reads in a turn of GTK's loop becomes one batch of rows,
/// so the window stays responsive and a stdin that never ends shows its rows
/// as they come.
@GtkActor
final class ListRowLoader {
    private let store: UnsafeMutablePointer<GtkListStore>
    private let treeView: UnsafeMutablePointer<GtkWidget>
    private let reader: ListRowReader
    private var batch: ListRowBatch
    private var measured = 0
    private var holdsStore = false

    /// Rows whose cells set the columns' widths; later rows keep them.
    static let measuredRows = 1000

    init(_ input: ListInput, store: UnsafeMutablePointer<GtkListStore>, treeView: UnsafeMutablePointer<GtkWidget>,
         toggles: Bool, measured: Int) {
        self.store = store
        self.treeView = treeView
        let cellCount = Int(beckon_list_store_cell_count(store))
        reader = ListRowReader(input, textCells: cellCount - (toggles ? 1 : 0), toggles: toggles)
        batch = ListRowBatch(cellCount: cellCount, toggles: toggles)
        self.measured = measured
    }

    func start() {
        g_object_ref(store)
        holdsStore = true
        reader.start(row: { [self] cells, checked in batch.append(cells, checked: checked) },
                     chunkEnded: { [self] in flush() })
    }

    /// Stops reading; the rows read so far stay.
    func stop() {
        reader.stop()
        release()
    }

    private func release() {
        guard holdsStore else { return }
        holdsStore = false
        g_object_unref(store)
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
    }
}

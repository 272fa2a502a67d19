import CBeckonShim
import CGtk

/// Rows packed for one call into the C store: every cell's bytes in one
/// buffer, so 10,000 rows cost one crossing instead of 10,000.
struct ListRowBatch {
    /// Cells per row in the store, the toggle included.
    let cellCount: Int
    let toggles: Bool
    private var bytes: [CChar] = []
    private var offsets: [Int32] = []
    private var checked: [gboolean] = []
    private(set) var count = 0

    init(cellCount: Int, toggles: Bool) {
        self.cellCount = cellCount
        self.toggles = toggles
    }

    /// Adds a row of text cells (the toggle's excluded); missing cells are empty.
    mutating func append(_ cells: [String?], checked isChecked: Bool = false) {
        var text = cells.makeIterator()
        for column in 0..<cellCount {
            if toggles && column == 0 {
                offsets.append(-1)
                continue
            }
            guard let cell = text.next() ?? nil else {
                offsets.append(-1)
                continue
            }
            offsets.append(Int32(clamping: bytes.count))
            bytes.append(contentsOf: cell.utf8.map { CChar(bitPattern: $0) })
            bytes.append(0)
        }
        checked.append(isChecked ? 1 : 0)
        count += 1
    }

    /// Appends the rows to `store` and empties the batch.
    @GtkActor
    mutating func flush(into store: UnsafeMutablePointer<GtkListStore>) {
        guard count > 0 else { return }
        bytes.withUnsafeBufferPointer { bytes in
            offsets.withUnsafeBufferPointer { offsets in
                checked.withUnsafeBufferPointer { checked in
                    beckon_list_store_append_rows(store, bytes.baseAddress, offsets.baseAddress, checked.baseAddress,
                                                  Int32(count))
                }
            }
        }
        bytes.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        checked.removeAll(keepingCapacity: true)
        count = 0
    }
}

/// The rows a list dialog ended with: those selected, or checked in a check or
/// radio list.
public struct ListSelection: Sendable, Hashable {
    /// Each chosen row's index in ``ListRequest/rows`` (rows read from input
    /// count on after those), in the order the list showed them.
    public var indices: [Int]
    /// The chosen rows' text cells as shown at the end, edits included; nil
    /// for an empty cell. Parallel to ``indices``.
    public var rows: [[String?]]

    public init(indices: [Int] = [], rows: [[String?]] = []) {
        self.indices = indices
        self.rows = rows
    }

    /// Nothing chosen.
    public static let none = ListSelection()
}

/// Rows to choose from, in a table with a header per column: zenity's `--list`.
///
/// Return or a double click on a row gives the default button (OK), except in
/// check and radio lists, where a click toggles the row and Space toggles the
/// row under the cursor. The value is read as the dialog ends, whichever way
/// it ends: the rows selected (or checked) then.
public struct ListRequest: DialogRequest {
    public typealias Value = ListSelection

    /// Title, buttons, timeout and window.
    public var frame: DialogFrame
    /// The text above the list; nil shows none.
    public var text: DialogText?
    /// The column headers, left to right. In a check or radio list the first
    /// heads the toggles, and the rows' cells fill the columns after it.
    public var columns: [String]
    /// Each row's text cells, left to right; nil (or a missing cell at the
    /// end of a row) is an empty cell, and extra cells are ignored.
    public var rows: [[String?]]
    public var style: ListStyle
    /// The rows checked at first in a check or radio list, by index. A radio
    /// list may start with several, as zenity's may; the first toggle leaves one.
    public var checked: Set<Int>
    /// Whether a text cell can be edited in place (Return on a row starts it).
    public var isEditable = false
    /// Columns not shown, by index into ``columns``; their cells are still read.
    public var hiddenColumns: Set<Int> = []
    public var showsHeaders = true
    /// Whether typing finds rows containing the text anywhere, ignoring case,
    /// rather than rows starting with it.
    public var searchesWithin = false
    /// Whether the first text column shows the image each cell names (a file path).
    public var showsImages = false
    /// Whether Space toggles the row under the cursor in a check or radio list
    /// (zenity's keyboard cannot).
    public var spaceToggles = true
    /// Whether Return with no row chosen answers, as zenity 4.2.2's list does
    /// (3.44's does nothing). A single list then starts on its first row, as
    /// 4.2.2's does: Return answers it, Down moves to the second, a timeout
    /// reads it. A multiple list answers Return with no row; a check or radio
    /// list toggles (checks) the first row and goes on, as Return on any of
    /// its rows does, and Space still toggles. Off by default.
    public var returnChoosesFirstRow = false
    /// Rows read from a file descriptor while the dialog is shown, after ``rows``.
    package var input: ListInput?

    /// A list with Cancel and OK; Return or a double click on a row gives OK.
    public init(
        title: String? = nil, text: DialogText? = nil, columns: [String], rows: [[String?]],
        style: ListStyle = .single, checked: Set<Int> = [], timeout: Duration? = nil, parent: DialogParent? = nil
    ) {
        frame = .okCancel(title: title, timeout: timeout)
        frame.parent = parent
        self.text = text
        self.columns = columns
        self.rows = rows
        self.style = style
        self.checked = checked
    }

    /// How many text cells a row has: every column but the toggles'.
    public var textColumnCount: Int { max(0, columns.count - (style.hasToggles ? 1 : 0)) }

    /// Throws ``DialogError/invalidRequest(_:)`` for a list nobody could use:
    /// no columns, or a checked row that does not exist.
    public func validate() throws(DialogError) {
        guard !columns.isEmpty else { throw .invalidRequest("a list needs at least one column") }
        if let bad = checked.first(where: { !rows.indices.contains($0) }) {
            throw .invalidRequest("the checked row \(bad) is not one of the \(rows.count) rows")
        }
        if [columns, rows.flatMap { $0.compactMap { $0 } }].joined().contains(where: { $0.contains("\0") }) {
            throw .invalidRequest("a list's headers and cells cannot hold a NUL character")
        }
    }

    /// The chosen rows of `indices`, with their cells padded to the columns.
    func selection(_ indices: [Int]) -> ListSelection {
        ListSelection(indices: indices, rows: indices.map { cells(of: rows[$0]) })
    }

    /// A row's cells, one per text column.
    func cells(of row: [String?]) -> [String?] {
        (0..<textColumnCount).map { $0 < row.count ? row[$0] : nil }
    }

    /// The rows checked at first (check and radio lists) for nil, as nothing
    /// is selected in the other lists; a scripted selection's rows, by its
    /// ``ListSelection/indices`` (the cells are read from this list, as the
    /// window reads them), when they exist and fit the style; nil otherwise.
    public func value(scripted: ListSelection?) -> ListSelection? {
        guard let indices = scripted?.indices else { return selection(style.hasToggles ? checked.sorted() : []) }
        guard indices.allSatisfy(rows.indices.contains), Set(indices).count == indices.count else { return nil }
        if (style == .single || style == .radiolist) && indices.count > 1 { return nil }
        return selection(indices.sorted())
    }

    public var builders: DialogBuilders<ListSelection> { DialogBuilders(self) }
}

import Glibc

/// A list on a terminal: the rows under their headers, columns aligned, a
/// page at a time. Up, Down, Page keys, Home and End move the cursor; Space
/// selects the row (ticks it in a check list, picks it in a radio list, marks
/// it in a `--multiple` list); Return answers as OK; typing filters the rows
/// to those containing the text, Backspace takes it back. Rows read from
/// stdin come in as they are read, and only the page on screen is drawn, so
/// 100,000 rows cost no more to show than ten.
extension ListRequest: PromptedKind {
    typealias Prompt = ListPrompt
}

@GtkActor
final class ListPrompt: RequestPrompt {
    private let request: ListRequest
    private let text: [String]
    /// The text columns shown, by index into a row's cells.
    private let shownColumns: [Int]
    private var rows: [[String?]]
    private var checked: [Bool]
    /// The rows that pass the filter, in order; nil while there is no filter.
    private var view: [Int]?
    private var filter = ""
    /// The row under the cursor, by index into ``rows``; nil until a key puts it on one.
    private var cursor: Int?
    /// The rows marked in a `--multiple` list.
    private var marks: Set<Int> = []
    /// The first row on screen, as a position in the view.
    private var top = 0
    private var widths: [Int]
    private var measured = 0
    private var reader: ListRowReader?

    /// Rows whose cells set the columns' widths, as in the window; later rows keep them.
    private static let measuredRows = 1000
    /// The widest a column gets; a longer cell is cut with "…".
    private static let widestColumn = 40
    /// The most rows on screen at once: the prompt stays under the shell's prompt.
    private static let tallestPage = 12

    /// Cells before a row's text: its box and a space, or as wide as the toggles' header.
    private let markerWidth: Int

    init(_ request: ListRequest) {
        self.request = request
        text = request.text.map { [TerminalText.plain($0)] } ?? []
        let offset = request.style.hasToggles ? 1 : 0
        shownColumns = (0..<request.textColumnCount).filter { !request.hiddenColumns.contains($0 + offset) }
        rows = request.rows
        markerWidth = request.style.hasToggles && request.showsHeaders
            ? max(3, min(Self.widestColumn, TerminalText.width(Self.shown(request.columns[0])))) + 1 : 4
        checked = request.rows.indices.map { request.checked.contains($0) }
        widths = (0..<request.textColumnCount).map { column in
            request.showsHeaders ? min(Self.widestColumn, TerminalText.width(Self.shown(request.columns[column + offset])))
                : 1
        }
        measure()
    }

    var fieldCount: Int { 1 }

    var value: ListSelection {
        let indices: [Int]
        switch request.style {
        case .single: indices = cursor.map { [$0] } ?? []
        case .multiple: indices = marks.isEmpty ? cursor.map { [$0] } ?? [] : marks.sorted()
        case .checklist, .radiolist: indices = checked.indices.filter { checked[$0] }
        }
        return ListSelection(indices: indices, rows: indices.map { request.cells(of: rows[$0]) })
    }

    var hint: String? {
        let place = cursor.flatMap(position).map { "row \($0 + 1) of \(viewCount)" } ?? "\(viewCount) rows"
        let select = switch request.style {
        case .single: "Return: choose"
        case .multiple: "Space: mark · Return: OK"
        case .checklist: "Space: tick · Return: OK"
        case .radiolist: "Space: pick · Return: OK"
        }
        let typed = filter.isEmpty ? "type to filter" : "filter: \(filter)"
        return "\(place) · ↑↓ move · \(select) · \(typed)"
    }

    func start(_ events: TerminalPromptEvents) {
        guard let input = request.input else { return }
        guard isatty(input.fileDescriptor) == 0 else {
            // The keys come from that terminal: its lines cannot be rows too.
            input.warn("beckon: warning: \(input.name) is the terminal the list asks on, so no rows are read "
                       + "from it; give them as arguments or pipe them in")
            return
        }
        let reader = ListRowReader(input, textCells: request.textColumnCount, toggles: request.style.hasToggles)
        self.reader = reader
        reader.start(row: { [self] cells, isChecked in
            rows.append(cells)
            checked.append(isChecked)
        }, chunkEnded: { [self] in
            measure()
            if view != nil { extendView() }
            events.redraw()
        })
    }

    func stop() {
        reader?.stop()
        reader = nil
    }

    // MARK: Keys

    func handle(_ key: TerminalKey, field: Int?) -> TerminalKeyResult {
        guard field == 0 else { return .ignored }
        switch key {
        case .down: move(to: cursorPosition.map { $0 + 1 } ?? 0)
        case .up: move(to: cursorPosition.map { $0 - 1 } ?? 0)
        case .pageDown: move(to: (cursorPosition ?? 0) + Self.tallestPage)
        case .pageUp: move(to: (cursorPosition ?? 0) - Self.tallestPage)
        case .home: move(to: 0)
        case .end: move(to: viewCount - 1)
        case .character(" "): select()
        case .control("a") where request.style == .multiple:
            marks.formUnion(view ?? Array(rows.indices))
        case .enter:
            // As in the window, Return on a plain list answers through the row
            // under the cursor, and with none it waits.
            return request.style.hasToggles || cursor != nil || !marks.isEmpty ? .activate : .handled
        case .character(let character):
            filter.append(character)
            refilter()
        case .backspace:
            guard !filter.isEmpty else { return .handled }
            filter.removeLast()
            refilter()
        default:
            return .ignored
        }
        return .handled
    }

    private var viewCount: Int { view?.count ?? rows.count }

    private func row(at position: Int) -> Int { view?[position] ?? position }

    /// Where `row` is in the view, nil when the filter hides it.
    private func position(of row: Int) -> Int? {
        guard let view else { return row }
        var low = 0, high = view.count
        while low < high {
            let middle = (low + high) / 2
            if view[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low < view.count && view[low] == row ? low : nil
    }

    private var cursorPosition: Int? { cursor.flatMap(position) }

    private func move(to position: Int) {
        guard viewCount > 0 else { return }
        cursor = row(at: min(max(position, 0), viewCount - 1))
    }

    private func select() {
        if cursorPosition == nil { move(to: 0) }
        guard let cursor else { return }
        switch request.style {
        case .single: break
        case .multiple: if marks.remove(cursor) == nil { marks.insert(cursor) }
        case .checklist: checked[cursor].toggle()
        case .radiolist:
            // A radio button ticked stays ticked; it unticks the others.
            for index in checked.indices where checked[index] { checked[index] = false }
            checked[cursor] = true
        }
    }

    // MARK: Filtering

    private func refilter() {
        top = 0
        guard !filter.isEmpty else {
            view = nil
            return
        }
        view = []
        extendView()
        // As the window's type-ahead search does, the cursor goes to the first match.
        if cursor.flatMap(position) == nil { cursor = view?.first }
    }

    /// Adds the rows read since the view was made that pass the filter.
    private func extendView() {
        guard var shown = view else { return }
        let wanted = filter.lowercased()
        let start = (shown.last ?? -1) + 1
        view = nil // no copy while it grows
        for index in start..<rows.count where matches(rows[index], wanted) { shown.append(index) }
        view = shown
    }

    private func matches(_ cells: [String?], _ wanted: String) -> Bool {
        shownColumns.contains { column in
            column < cells.count && (cells[column]?.lowercased().contains(wanted) ?? false)
        }
    }

    // MARK: Drawing

    private func measure() {
        guard measured < Self.measuredRows, measured < rows.count else { return }
        for row in rows[measured..<min(rows.count, Self.measuredRows)] {
            for column in shownColumns where column < row.count {
                let cell = TerminalText.width(Self.shown(row[column] ?? ""))
                if cell > widths[column] { widths[column] = min(Self.widestColumn, cell) }
            }
        }
        measured = min(rows.count, Self.measuredRows)
    }

    func render(_ layout: TerminalLayout) -> TerminalBody {
        var lines = text.flatMap { TerminalText.wrap($0, width: layout.width) }
        if request.showsHeaders {
            let offset = request.style.hasToggles ? 1 : 0
            // The toggles' header heads the boxes, as in the window.
            let marker = request.style == .single ? "" : request.style.hasToggles
                ? Self.pad(Self.shown(request.columns[0]), markerWidth - 1) + " " : String(repeating: " ", count: markerWidth)
            let headers = shownColumns.map { column in
                cell(Self.shown(request.columns[column + offset]), column: column)
            }
            lines.append(TerminalText.styled(TerminalText.fit("  " + marker + headers.joined(separator: "  "),
                                                              width: layout.width), TerminalText.bold))
        }
        let room = max(1, min(Self.tallestPage, layout.height - lines.count - 1))
        let page = min(room, max(1, viewCount))
        if let position = cursorPosition {
            if position < top { top = position }
            if position >= top + page { top = position - page + 1 }
        }
        top = max(0, min(top, viewCount - page))
        var cursorLine: Int?
        if viewCount == 0 {
            let empty = filter.isEmpty ? (reader == nil ? "(no rows)" : "(no rows yet)") : "(no row contains “\(TerminalText.printable(filter, lineBreaks: false))”)"
            lines.append(TerminalText.styled(empty, TerminalText.dim))
        }
        for position in top..<min(viewCount, top + page) {
            let index = row(at: position)
            let isCursor = index == cursor
            var line = isCursor ? "> " : "  "
            switch request.style {
            case .single: break
            case .multiple: line += Self.pad(marks.contains(index) ? "[x]" : "[ ]", markerWidth)
            case .checklist: line += Self.pad(checked[index] ? "[x]" : "[ ]", markerWidth)
            case .radiolist: line += Self.pad(checked[index] ? "(•)" : "( )", markerWidth)
            }
            let cells = rows[index]
            line += shownColumns.map { column in
                cell(Self.shown(column < cells.count ? cells[column] ?? "" : ""), column: column)
            }.joined(separator: "  ")
            line = TerminalText.fit(line, width: layout.width)
            if isCursor {
                cursorLine = lines.count
                line = TerminalText.styled(line, TerminalText.reverse)
            }
            lines.append(line)
        }
        let focused = layout.focusedField == 0
        return TerminalBody(lines, cursor: focused ? (cursorLine ?? lines.count - 1, 0) : nil)
    }

    /// A cell on one line of a terminal: printable, a line break as a space.
    private static func shown(_ cell: String) -> String {
        let text = TerminalText.printable(cell)
        return text.contains("\n") ? String(text.map { $0 == "\n" ? " " : $0 }) : text
    }

    /// `text` in its column: the last shown column takes what the line has
    /// left, as a row measured after the first thousand may be wider.
    private func cell(_ text: String, column: Int) -> String {
        column == shownColumns.last ? text : Self.pad(text, widths[column])
    }

    /// `cell` in exactly `width` cells: cut with "…", or padded with spaces.
    private static func pad(_ cell: String, _ width: Int) -> String {
        let fitted = TerminalText.fit(cell, width: width)
        return fitted + String(repeating: " ", count: max(0, width - TerminalText.width(fitted)))
    }
}

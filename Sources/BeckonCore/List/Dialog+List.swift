/// Rows chosen from a list: a table with a header per column, as zenity's
/// `--list`, giving back the rows themselves (or their indices), not strings.
///
/// Each call shows `rows` through `cells`, which gives a row's text, one
/// string per column. OK, Return or a double click on a row accept; Cancel,
/// Escape, a window-manager close or a destroyed dialog return nil. Throws
/// ``DialogError/timedOut`` when `timeout` passes, `CancellationError` when
/// the awaiting task is cancelled (the dialog closes), and
/// ``DialogError/invalidRequest(_:)``, before any window, for a list with no
/// columns or text with a NUL character.
extension Dialog {
    /// Shows `rows` and returns the one the person picks; nil when declined,
    /// or when OK was pressed with no row selected.
    ///
    /// ```swift
    /// let file = try await Dialog.select(from: files, columns: ["Name", "Size"]) { [$0.name, "\($0.size)"] }
    /// ```
    public func select<Row>(
        from rows: [Row], columns: [String], title: String? = nil, text: DialogText? = nil,
        parent: DialogParent? = nil, timeout: Duration? = nil,
        cells: (Row) -> [String] = { ["\($0)"] }
    ) async throws -> Row? {
        let request = ListRequest(title: title, text: text, columns: columns, rows: rows.map { cells($0) },
                                  style: .single, timeout: timeout, parent: parent)
        return try await chosenIndices(request)?.first.map { rows[$0] }
    }

    /// Shows `rows`, any number of which can be selected (ctrl and shift
    /// clicks, shift with the arrow keys), and returns those selected, in the
    /// order shown; empty when OK was pressed with none, nil when declined.
    public func selectMany<Row>(
        from rows: [Row], columns: [String], title: String? = nil, text: DialogText? = nil,
        parent: DialogParent? = nil, timeout: Duration? = nil,
        cells: (Row) -> [String] = { ["\($0)"] }
    ) async throws -> [Row]? {
        let request = ListRequest(title: title, text: text, columns: columns, rows: rows.map { cells($0) },
                                  style: .multiple, timeout: timeout, parent: parent)
        return try await chosenIndices(request)?.map { rows[$0] }
    }

    /// Shows `rows` with a check box each, the rows at the indices `checked`
    /// ticked at first, and returns the rows ticked when the person accepts,
    /// in the order shown; nil when declined. A click or Space toggles a row.
    ///
    /// - Parameter checkHeader: the header of the check boxes' column.
    public func check<Row>(
        from rows: [Row], columns: [String], checkHeader: String = "", title: String? = nil,
        text: DialogText? = nil, parent: DialogParent? = nil, timeout: Duration? = nil,
        checked: Set<Int> = [], cells: (Row) -> [String] = { ["\($0)"] }
    ) async throws -> [Row]? {
        let request = ListRequest(title: title, text: text, columns: [checkHeader] + columns,
                                  rows: rows.map { cells($0) }, style: .checklist, checked: checked,
                                  timeout: timeout, parent: parent)
        return try await chosenIndices(request)?.map { rows[$0] }
    }

    /// Shows rows of text in any ``ListStyle`` and returns the indices of the
    /// rows chosen (selected, or checked), in the order shown; nil when declined.
    /// In a check or radio list, `columns` starts with the toggles' header.
    public func selectIndices(
        columns: [String], rows: [[String]], style: ListStyle = .single, checked: Set<Int> = [],
        title: String? = nil, text: DialogText? = nil, parent: DialogParent? = nil, timeout: Duration? = nil
    ) async throws -> [Int]? {
        let request = ListRequest(title: title, text: text, columns: columns, rows: rows, style: style,
                                  checked: checked, timeout: timeout, parent: parent)
        return try await chosenIndices(request)
    }

    private func chosenIndices(_ request: ListRequest) async throws -> [Int]? {
        try request.validate()
        return try await accepted(request)?.indices
    }
}

extension Dialog {
    /// A row picked from a list in a real GTK dialog; see
    /// ``select(from:columns:title:text:parent:timeout:cells:)-swift.method``.
    public static func select<Row>(
        from rows: [Row], columns: [String], title: String? = nil, text: DialogText? = nil,
        parent: DialogParent? = nil, timeout: Duration? = nil,
        cells: (Row) -> [String] = { ["\($0)"] }
    ) async throws -> Row? {
        try await Dialog().select(from: rows, columns: columns, title: title, text: text, parent: parent,
                                  timeout: timeout, cells: cells)
    }

    /// Rows picked from a list in a real GTK dialog; see
    /// ``selectMany(from:columns:title:text:parent:timeout:cells:)-swift.method``.
    public static func selectMany<Row>(
        from rows: [Row], columns: [String], title: String? = nil, text: DialogText? = nil,
        parent: DialogParent? = nil, timeout: Duration? = nil,
        cells: (Row) -> [String] = { ["\($0)"] }
    ) async throws -> [Row]? {
        try await Dialog().selectMany(from: rows, columns: columns, title: title, text: text, parent: parent,
                                      timeout: timeout, cells: cells)
    }

    /// Rows ticked in a check list in a real GTK dialog; see
    /// ``check(from:columns:checkHeader:title:text:parent:timeout:checked:cells:)-swift.method``.
    public static func check<Row>(
        from rows: [Row], columns: [String], checkHeader: String = "", title: String? = nil,
        text: DialogText? = nil, parent: DialogParent? = nil, timeout: Duration? = nil,
        checked: Set<Int> = [], cells: (Row) -> [String] = { ["\($0)"] }
    ) async throws -> [Row]? {
        try await Dialog().check(from: rows, columns: columns, checkHeader: checkHeader, title: title, text: text,
                                 parent: parent, timeout: timeout, checked: checked, cells: cells)
    }
}

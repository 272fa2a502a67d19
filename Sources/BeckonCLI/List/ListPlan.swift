import BeckonCore
import BeckonJSON
import CGtk

/// A list dialog worked out from its options, before any window exists: the
/// request to show, what each button means, and how the chosen rows print.
struct ListPlan: Sendable {
    var request: ListRequest
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons
    /// A line for stderr, such as why the markup was shown as plain text.
    var warning: String?
    /// `--separator` with its escapes processed, as zenity does for lists.
    var separator: String
    /// The column numbers printed for each chosen row, from 1.
    var printed: [Int]

    /// zenity's title and text for a list, before translation.
    static let defaultTitle = "Select items from the list"
    static let defaultText = "Select items from the list below."

    /// Throws zenity's errors (exit code ZENITY_ERROR, 255 by default) in
    /// zenity's order, then beckon's for a stdin with no rows to read.
    /// `warn` gets the warnings found while rows are read from stdin.
    init(_ options: ListOptions, environment: Environment, translations: Translations,
         warn: @escaping @Sendable (String) -> Void = { _ in }) throws(CLIError) {
        let exitCode = ZenityExitCode.error.value(in: environment)
        guard !options.columns.isEmpty else {
            throw CLIError(message: "No column titles specified for List dialog. (give one --column per column)",
                           exitCode: exitCode)
        }
        guard [options.checklist, options.radiolist, options.imagelist].filter({ $0 }).count <= 1 else {
            throw CLIError(message: "You should use only one List dialog type. "
                           + "(--checklist, --radiolist and --imagelist exclude each other)", exitCode: exitCode)
        }
        if options.cells.isEmpty, let problem = options.standardInput.problem {
            throw CLIError(message: problem, exitCode: exitCode)
        }

        let common = options.common
        let style: ListStyle = options.checklist ? .checklist : options.radiolist ? .radiolist
            : options.multiple ? .multiple : .single
        let count = options.columns.count
        let toggles = style.hasToggles
        let buttons = ZenityButtons.cancelOK(common, translations: translations)
        let (text, warning) = ZenityText.labelText(options.text, default: translations.zenity(Self.defaultText),
                                                   option: "--text")
        let (rows, checked) = Self.rows(options.cells, count: count, toggles: toggles)
        var request = ListRequest(text: text, columns: options.columns, rows: rows, style: style, checked: checked)
        request.isEditable = options.editable
        request.showsImages = options.imagelist
        request.showsHeaders = !options.hideHeader
        request.searchesWithin = options.midSearch
        // zenity 4.2's list: Return with no row chosen answers the first row.
        request.returnChoosesFirstRow = common.dialect.isZenity4
        request.hiddenColumns = Set(options.hideColumn.map { ListPrintedColumns.numbers($0, count: count) }?
            .map { $0 - 1 } ?? [])
        if options.cells.isEmpty {
            request.input = ListInput(fileDescriptor: 0, name: "standard input", warn: warn)
            request.input?.releasesAtEnd = true
        }
        self.buttons = buttons
        self.warning = warning
        request.frame = common.frame(buttons, defaultTitle: translations.zenity(Self.defaultTitle),
                                     defaultWindowIcon: CommonOptions.zenityImage("zenity-list.png"),
                                     defaultSize: (300, 196), environment: environment)
        self.request = request
        separator = ZenityText.compress(options.separator ?? "|")
        printed = ListPrintedColumns(options.printColumn, count: count, toggles: toggles)
            .columns(count: count, toggles: toggles)
    }

    /// The cells given as arguments, row after row; in a check or radio list
    /// each row's first cell ticks it when it reads "true" in any case. A short
    /// last row has empty cells.
    static func rows(_ cells: [String], count: Int, toggles: Bool) -> (rows: [[String?]], checked: Set<Int>) {
        var rows: [[String?]] = []
        var checked: Set<Int> = []
        var start = cells.startIndex
        while start < cells.endIndex {
            let row = cells[start..<min(start + count, cells.endIndex)]
            if toggles {
                if row.first?.lowercased() == "true" { checked.insert(rows.count) }
                rows.append(row.dropFirst().map { $0 })
            } else {
                rows.append(row.map { $0 })
            }
            start += count
        }
        return (rows, checked)
    }

    /// How the chosen rows print: every printed column of every row, joined
    /// by the separator, then a newline; nothing when nothing is chosen. An
    /// empty cell, or a toggle asked for by number, prints as nothing where
    /// zenity prints "(null)". Also on the timeout, as zenity does. `--json`
    /// gives the same values as an array, not joined: a separator inside a
    /// cell cannot split it, and one or many rows read alike.
    func answer(_ selection: ListSelection) -> ZenityAnswer {
        let toggles = request.style.hasToggles
        var values: [String] = []
        for row in selection.rows {
            for column in printed {
                let cell = column - 1 - (toggles ? 1 : 0)
                values.append(row.indices.contains(cell) ? row[cell] ?? "" : "")
            }
        }
        let text = values.joined(separator: separator)
        return ZenityAnswer(printed: values.isEmpty ? "" : text + "\n", json: .array(values.map(JSONValue.string)),
                            jsonDetails: [("indices", .array(selection.indices.map { .int(Int64($0)) }))],
                            timeout: .printsAnswer)
    }
}

extension ListPlan: ZenityPlan {
    var warnings: [String] { warning.map { [$0] } ?? [] }

    @GtkActor init(_ options: ListOptions, context: ZenityContext) throws {
        try self.init(options, environment: context.environment, translations: context.translations,
                      warn: context.warn)
    }
}

extension ListOptions: ZenityKind, SingleTypeDialog { typealias Plan = ListPlan }

import Beckon

/// Everything the command line says about a `--list` dialog.
struct ListOptions: Sendable, Equatable {
    var common = CommonOptions()
    /// `--text` as given: escapes and markup are still to be processed.
    var text: String?
    /// `--column`, in order: one header per column.
    var columns: [String] = []
    var checklist = false
    var radiolist = false
    var imagelist = false
    /// `--separator` as given; its escapes are still to be processed.
    var separator: String?
    var multiple = false
    var editable = false
    /// `--print-column` and `--hide-column` as given: "2", "1,3", "ALL".
    var printColumn: String?
    var hideColumn: String?
    var hideHeader = false
    var midSearch = false
    /// The arguments that are not options: the cells, row after row.
    var cells: [String] = []
    /// What stdin was when the command line was read; rows come from it when
    /// no cells are given.
    var standardInput = ListStandardInput.readable

    init() {}

    init(_ given: GivenOptions) {
        common = CommonOptions(given)
        text = given.string("text")
        columns = given.strings("column")
        checklist = given.flag("checklist")
        radiolist = given.flag("radiolist")
        imagelist = given.flag("imagelist")
        separator = given.string("separator")
        multiple = given.flag("multiple")
        editable = given.flag("editable")
        printColumn = given.string("print-column")
        hideColumn = given.string("hide-column")
        hideHeader = given.flag("hide-header")
        midSearch = given.flag("mid-search")
        cells = given.positional
    }

    /// `--list` as a command-line type: its options, in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "list", flagHelp: "Display list dialog",
            helpTitle: "List options", helpSummary: "Show list options",
            options: [
            .text,
            O("column", .string, "COLUMN", "Set the column header"),
            O("checklist", .none, nil, "Use check boxes for the first column"),
            O("radiolist", .none, nil, "Use radio buttons for the first column"),
            O("imagelist", .none, nil, "Use an image for the first column"),
            O("separator", .string, "SEPARATOR", "Set output separator character"),
            O("multiple", .none, nil, "Allow multiple rows to be selected"),
            O("editable", .none, nil, "Allow changes to text"),
            O("print-column", .string, "NUMBER",
              "Print a specific column (Default is 1. 'ALL' can be used to print all columns)"),
            O("hide-column", .string, "NUMBER", "Hide a specific column"),
            O("hide-header", .none, nil, "Hide the column headers"),
            O("mid-search", .none, nil,
              "Change list default search function searching for text in the middle, not on the beginning"),
            ],
            make: { given throws(CLIError) in
                var options = ListOptions(given)
                if options.cells.isEmpty { options.standardInput = .inspect() }
                return options
            })
    }()
}

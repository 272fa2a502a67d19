import BeckonCore

/// Everything the command line says about a `--list` dialog, read through
/// its ``Key``: `text` (escapes and markup still to be processed), every
/// `columns` header, the modes, `separator` (escapes still to be processed)
/// and `printColumn` and `hideColumn` as given ("2", "1,3", "ALL").
struct ListOptions: KindOptions, Equatable {
    var arguments: ZenityArguments
    /// What stdin was when the command line was read; rows come from it when
    /// no cells are given.
    var standardInput = ListStandardInput.readable

    /// The arguments that are not options: the cells, row after row.
    var cells: [String] { given.positional }

    /// Its options, each declared once.
    enum Key: ZenityOptionTable.Text, ZenityOptionTable.Separator {
        static let columns = OptionKey.strings("column", "COLUMN", "Set the column header")
        static let checklist = OptionKey.flag("checklist", "Use check boxes for the first column")
        static let radiolist = OptionKey.flag("radiolist", "Use radio buttons for the first column")
        static let imagelist = OptionKey.flag("imagelist", "Use an image for the first column")
        static let multiple = OptionKey.flag("multiple", "Allow multiple rows to be selected")
        static let editable = OptionKey.flag("editable", "Allow changes to text")
        static let printColumn = OptionKey.string("print-column", "NUMBER",
            "Print a specific column (Default is 1. 'ALL' can be used to print all columns)")
        static let hideColumn = OptionKey.string("hide-column", "NUMBER", "Hide a specific column")
        static let hideHeader = OptionKey.flag("hide-header", "Hide the column headers")
        static let midSearch = OptionKey.flag("mid-search",
            "Change list default search function searching for text in the middle, not on the beginning")
    }

    /// `--list` as a command-line type: its options, in zenity's help order.
    static let type = ZenityDialogType(
        "list", "Display list dialog", help: "List options",
        options: [Key.text, Key.columns, Key.checklist, Key.radiolist, Key.imagelist, Key.separator, Key.multiple,
                  Key.editable, Key.printColumn, Key.hideColumn, Key.hideHeader, Key.midSearch],
        make: { arguments in
            var options = ListOptions(arguments: arguments)
            if options.cells.isEmpty { options.standardInput = .inspect() }
            return options
        })
}

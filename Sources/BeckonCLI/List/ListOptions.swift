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

    /// Its options: `Key.columns`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.columns` (`Self.Key.columns` in an instance): the built group.
    static let Key: Options = declared.group

    /// Its options, each declared once, in zenity's help order.
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        let text = ZenityOptionTable.Key.text.reused()
        let columns = OptionKey.strings("column", "COLUMN", "Set the column header")
        let checklist = OptionKey.flag("checklist", "Use check boxes for the first column")
        let radiolist = OptionKey.flag("radiolist", "Use radio buttons for the first column")
        let imagelist = OptionKey.flag("imagelist", "Use an image for the first column")
        let separator = ZenityOptionTable.Key.separator.reused()
        let multiple = OptionKey.flag("multiple", "Allow multiple rows to be selected")
        let editable = OptionKey.flag("editable", "Allow changes to text")
        let printColumn = OptionKey.string("print-column", "NUMBER",
            "Print a specific column (Default is 1. 'ALL' can be used to print all columns)")
        let hideColumn = OptionKey.string("hide-column", "NUMBER", "Hide a specific column")
        let hideHeader = OptionKey.flag("hide-header", "Hide the column headers")
        let midSearch = OptionKey.flag("mid-search",
            "Change list default search function searching for text in the middle, not on the beginning")
    }

    /// `--list` as a command-line type.
    static let type = ZenityDialogType(
        "list", "Display list dialog", help: "List options", options: Self.self,
        make: { arguments in
            var options = ListOptions(arguments: arguments)
            if options.cells.isEmpty { options.standardInput = .inspect() }
            return options
        })
}

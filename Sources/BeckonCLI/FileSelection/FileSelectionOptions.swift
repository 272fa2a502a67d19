import BeckonCore

/// Everything the command line says about a `--file-selection` dialog, read
/// through its ``Key``: `filename` (a folder to open in, absolute, a file to
/// select, or a name to save as; a trailing '/' means the folder only), the
/// modes, `separator` and every `fileFilters` ("NAME | PATTERN…").
struct FileSelectionOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    init(arguments: ZenityArguments) throws(CLIError) {
        // GtkFileChooserNative has no label of the caller's for its accept
        // button in zenity 3.44, which refuses the option.
        let okLabel = CommonOptions.Key.okLabel.name
        if arguments.given.has(CommonOptions.Key.okLabel) {
            var applicability = OptionApplicability(okLabel)
            applicability.refuse(Self.type.name)
            throw .notSupported(okLabel, by: Self.type.name, applicability)
        }
        self.arguments = arguments
    }

    /// `--separator`, literal; '|' unless given.
    var separator: String { given[Key.separator] ?? "|" }

    /// Its options, each declared once.
    enum Key: ZenityOptionTable.Separator {
        static let fileFilters = OptionKey.strings("file-filter", "NAME | PATTERN1 PATTERN2 ...", "Set a filename filter")
        static let filename = OptionKey.string("filename", "FILENAME", "Set the filename")
        static let multiple = OptionKey.flag("multiple", "Allow multiple files to be selected")
        static let directory = OptionKey.flag("directory", "Activate directory-only selection")
        static let save = OptionKey.flag("save", "Activate save mode")
        static let confirmOverwrite = OptionKey.flag("confirm-overwrite", "Confirm file selection if filename already exists")
    }

    /// `--file-selection` as a command-line type: its options, in zenity's help order.
    static let type = ZenityDialogType(
        "file-selection", "Display file selection dialog", help: "File selection options",
        options: [Key.filename, Key.multiple, Key.directory, Key.save, Key.separator, Key.confirmOverwrite,
                  Key.fileFilters],
        make: FileSelectionOptions.init(arguments:))
}

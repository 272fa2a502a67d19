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
    var separator: String { given[Self.Key.separator] ?? "|" }

    /// Its options: `Key.filename`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.filename` (`Self.Key.filename` in an instance): the built group.
    static let Key: Options = declared.group

    /// Its options, each declared once, in zenity's help order.
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        let filename = OptionKey.string("filename", "FILENAME", "Set the filename")
        let multiple = OptionKey.flag("multiple", "Allow multiple files to be selected")
        let directory = OptionKey.flag("directory", "Activate directory-only selection")
        let save = OptionKey.flag("save", "Activate save mode")
        let separator = ZenityOptionTable.Key.separator.reused()
        let confirmOverwrite = OptionKey.flag("confirm-overwrite", "Confirm file selection if filename already exists")
            .uncheckedByZenity()
        let fileFilters = OptionKey.strings("file-filter", "NAME | PATTERN1 PATTERN2 ...", "Set a filename filter")
    }

    /// `--file-selection` as a command-line type.
    static let type = ZenityDialogType(
        "file-selection", "Display file selection dialog", help: "File selection options", options: Self.self,
        make: FileSelectionOptions.init(arguments:))
}

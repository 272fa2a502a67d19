import Beckon

/// Everything the command line says about a `--file-selection` dialog.
struct FileSelectionOptions: Sendable, Equatable {
    var common = CommonOptions()
    /// `--filename`: a folder to open in (absolute), a file to select, or a
    /// name to save as; a trailing '/' means the folder only.
    var filename: String?
    var multiple = false
    var directory = false
    var save = false
    /// `--separator` (literal, default '|').
    var separator = "|"
    var confirmOverwrite = false
    /// `--file-filter`, each "NAME | PATTERN…", in order.
    var fileFilters: [String] = []

    init() {}

    init(_ given: GivenOptions) throws(CLIError) {
        // GtkFileChooserNative has no label of the caller's for its accept
        // button in zenity 3.44, which refuses the option.
        if given.has("ok-label") { throw .notSupported("ok-label") }
        common = CommonOptions(given)
        filename = given.string("filename")
        multiple = given.flag("multiple")
        directory = given.flag("directory")
        save = given.flag("save")
        separator = given.string("separator") ?? "|"
        confirmOverwrite = given.flag("confirm-overwrite")
        fileFilters = given.strings("file-filter")
    }

    /// `--file-selection` as a command-line type: its options, in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "file-selection", flagHelp: "Display file selection dialog",
            helpTitle: "File selection options", helpSummary: "Show file selection options",
            options: [
            O("filename", .string, "FILENAME", "Set the filename"),
            O("multiple", .none, nil, "Allow multiple files to be selected"),
            O("directory", .none, nil, "Activate directory-only selection"),
            O("save", .none, nil, "Activate save mode"),
            O("separator", .string, "SEPARATOR", "Set output separator character"),
            O("confirm-overwrite", .none, nil, "Confirm file selection if filename already exists"),
            O("file-filter", .string, "NAME | PATTERN1 PATTERN2 ...", "Set a filename filter"),
            ],
            make: { given throws(CLIError) in try FileSelectionOptions(given) })
    }()
}

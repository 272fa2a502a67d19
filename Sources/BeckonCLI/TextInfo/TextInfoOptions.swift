import Beckon

/// Everything the command line says about a `--text-info` dialog.
struct TextInfoOptions: Sendable, Equatable {
    var common = CommonOptions()
    /// `--filename`: the file to show; nil reads standard input.
    var filename: String?
    var editable = false
    var font: String?
    var checkbox: String?
    var html = false
    var noInteraction = false
    var url: String?
    var autoScroll = false
    var noWrap = false

    init() {}

    init(_ given: GivenOptions) {
        common = CommonOptions(given)
        filename = given.string("filename")
        editable = given.flag("editable")
        font = given.string("font")
        checkbox = given.string("checkbox")
        html = given.flag("html")
        noInteraction = given.flag("no-interaction")
        url = given.string("url")
        autoScroll = given.flag("auto-scroll")
        noWrap = given.flag("no-wrap")
    }

    /// `--text-info` as a command-line type: its options, in zenity's help
    /// order; `--no-wrap` is taken without being listed, as in zenity.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "text-info", flagHelp: "Display text information dialog",
            helpTitle: "Text information options", helpSummary: "Show text information options",
            options: [
            O("filename", .string, "FILENAME", "Open file"),
            O("editable", .none, nil, "Allow changes to text"),
            O("font", .string, "TEXT", "Set the text font"),
            O("checkbox", .string, "TEXT", "Enable an I read and agree checkbox"),
            O("html", .none, nil, "Enable HTML support"),
            O("no-interaction", .none, nil,
              "Do not enable user interaction with the WebView. Only works if you use --html option"),
            O("url", .string, "URL", "Set an URL instead of a file. Only works if you use --html option"),
            O("auto-scroll", .none, nil,
              "Auto scroll the text to the end. Only when text is captured from stdin"),
            ],
            unlistedOptions: ["no-wrap"],
            make: { given throws(CLIError) in TextInfoOptions(given) })
    }()
}

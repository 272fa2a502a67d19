import BeckonCore

/// Everything the command line says about a `--text-info` dialog, read
/// through its ``Key``: `filename` (the file to show; nil reads standard
/// input), the font, the checkbox, the HTML switches and the URL.
struct TextInfoOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options, each declared once; `noWrap` is the message dialogs'.
    enum Key {
        static let filename = OptionKey.string("filename", "FILENAME", "Open file")
        static let editable = OptionKey.flag("editable", "Allow changes to text")
        static let font = OptionKey.string("font", "TEXT", "Set the text font")
        static let checkbox = OptionKey.string("checkbox", "TEXT", "Enable an I read and agree checkbox")
        static let html = OptionKey.flag("html", "Enable HTML support")
        static let noInteraction = OptionKey.flag("no-interaction",
            "Do not enable user interaction with the WebView. Only works if you use --html option")
        static let url = OptionKey.string("url", "URL", "Set an URL instead of a file. Only works if you use --html option")
        static let autoScroll = OptionKey.flag("auto-scroll",
            "Auto scroll the text to the end. Only when text is captured from stdin")
        static let noWrap = MessageOptions.Key.noWrap
    }

    /// `--text-info` as a command-line type: its options, in zenity's help
    /// order; `--no-wrap` is taken without being listed, as in zenity.
    static let type = ZenityDialogType(
        "text-info", "Display text information dialog", help: "Text information options",
        options: [Key.filename, Key.editable, Key.font, Key.checkbox, Key.html, Key.noInteraction, Key.url,
                  Key.autoScroll],
        unlistedOptions: [Key.noWrap],
        make: TextInfoOptions.init(arguments:))
}

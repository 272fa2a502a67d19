import BeckonCore

/// Everything the command line says about a `--text-info` dialog, read
/// through its ``Key``: `filename` (the file to show; nil reads standard
/// input), the font, the checkbox, the HTML switches and the URL.
struct TextInfoOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options: `Key.font`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.font` (`Self.Key.font` in an instance): the built group.
    static let Key: Options = declared.group

    /// Its options, each declared once, in zenity's help order; `noWrap` is the message dialogs'.
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        let filename = OptionKey.string("filename", "FILENAME", "Open file")
        let editable = OptionKey.flag("editable", "Allow changes to text")
        let font = OptionKey.string("font", "TEXT", "Set the text font")
        let checkbox = OptionKey.string("checkbox", "TEXT", "Enable an I read and agree checkbox").uncheckedByZenity()
        let html = OptionKey.flag("html", "Enable HTML support")
        let noInteraction = OptionKey.flag("no-interaction",
            "Do not enable user interaction with the WebView. Only works if you use --html option").uncheckedByZenity()
        let url = OptionKey.string("url", "URL", "Set an URL instead of a file. Only works if you use --html option")
            .uncheckedByZenity()
        let autoScroll = OptionKey.flag("auto-scroll",
            "Auto scroll the text to the end. Only when text is captured from stdin").uncheckedByZenity()
        // Taken without being listed, as in zenity.
        let unlisted = OptionSection()
        let noWrap = MessageOptions.Key.noWrap.reused()
    }

    /// `--text-info` as a command-line type.
    static let type = ZenityDialogType(
        "text-info", "Display text information dialog", help: "Text information options", options: Self.self,
        make: TextInfoOptions.init(arguments:))
}

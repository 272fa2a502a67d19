import Beckon

/// Everything the command line says about a `--color-selection` dialog.
struct ColorOptions: Sendable, Equatable {
    var common = CommonOptions()
    /// `--color` as given: any text gdk_rgba_parse takes; anything else is ignored.
    var color: String?
    /// `--show-palette`: the palette instead of the editor.
    var showPalette = false

    init() {}

    init(_ given: GivenOptions) throws(CLIError) {
        common = CommonOptions(given)
        color = given.string("color")
        showPalette = given.flag("show-palette")
    }

    /// `--color-selection` as a command-line type: its options, in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "color-selection", flagHelp: "Display color selection dialog",
            helpTitle: "Color selection options", helpSummary: "Show color selection options",
            options: [
            O("color", .string, "VALUE", "Set the color"),
            O("show-palette", .none, nil, "Show the palette"),
            ],
            make: { given throws(CLIError) in try ColorOptions(given) })
    }()
}

import BeckonCore

/// Everything the command line says about a `--color-selection` dialog:
/// `color` (any text gdk_rgba_parse takes; anything else is ignored) and
/// `showPalette` (the palette instead of the editor), read through its ``Key``.
struct ColorOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options, each declared once.
    enum Key {
        static let color = OptionKey.string("color", "VALUE", "Set the color")
        static let showPalette = OptionKey.flag("show-palette", "Show the palette")
    }

    /// `--color-selection` as a command-line type: its options, in zenity's help order.
    static let type = ZenityDialogType(
        "color-selection", "Display color selection dialog", help: "Color selection options",
        options: [Key.color, Key.showPalette],
        make: ColorOptions.init(arguments:))
}

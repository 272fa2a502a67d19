import BeckonCore

/// Everything the command line says about a `--color-selection` dialog:
/// `color` (any text gdk_rgba_parse takes; anything else is ignored) and
/// `showPalette` (the palette instead of the editor), read through its ``Key``.
struct ColorOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options: `Key.color`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.color` (`Self.Key.color` in an instance): the built group.
    static let Key: Options = declared.group

    /// Its options, each declared once, in zenity's help order.
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        let color = OptionKey.string("color", "VALUE", "Set the color")
        let showPalette = OptionKey.flag("show-palette", "Show the palette")
    }

    /// `--color-selection` as a command-line type.
    static let type = ZenityDialogType(
        "color-selection", "Display color selection dialog", help: "Color selection options", options: Self.self,
        make: ColorOptions.init(arguments:))
}

import BeckonCore

/// Everything the command line says about a `--scale` dialog, read through
/// its ``Key``: `text` (escapes and markup still to be processed), the range
/// (zenity's defaults: 0 on a scale from 0 to 100, in steps of 1) and the switches.
struct ScaleOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    var value: Int32 { given[Self.Key.value] ?? 0 }
    var minValue: Int32 { given[Self.Key.minValue] ?? 0 }
    var maxValue: Int32 { given[Self.Key.maxValue] ?? 100 }
    var step: Int32 { given[Self.Key.step] ?? 1 }

    /// Its options: `Key.step`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.step` (`Self.Key.step` in an instance): the built group.
    static let Key: Options = declared.group

    /// Its options, each declared once, in zenity's help order.
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        let text = ZenityOptionTable.Key.text.reused()
        let value = OptionKey.int("value", "VALUE", "Set initial value").uncheckedByZenity()
        let minValue = OptionKey.int("min-value", "VALUE", "Set minimum value").uncheckedByZenity()
        let maxValue = OptionKey.int("max-value", "VALUE", "Set maximum value").uncheckedByZenity()
        let step = OptionKey.int("step", "VALUE", "Set step size").uncheckedByZenity()
        let printPartial = OptionKey.flag("print-partial", "Print partial values").uncheckedByZenity()
        let hideValue = OptionKey.flag("hide-value", "Hide value").uncheckedByZenity()
    }

    /// `--scale` as a command-line type.
    static let type = ZenityDialogType(
        "scale", "Display scale dialog", help: "Scale options", options: Self.self,
        make: ScaleOptions.init(arguments:))
}

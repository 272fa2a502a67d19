import BeckonCore

/// Everything the command line says about a `--scale` dialog, read through
/// its ``Key``: `text` (escapes and markup still to be processed), the range
/// (zenity's defaults: 0 on a scale from 0 to 100, in steps of 1) and the switches.
struct ScaleOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    var value: Int32 { given[Key.value] ?? 0 }
    var minValue: Int32 { given[Key.minValue] ?? 0 }
    var maxValue: Int32 { given[Key.maxValue] ?? 100 }
    var step: Int32 { given[Key.step] ?? 1 }

    /// Its options, each declared once.
    enum Key: ZenityOptionTable.Text {
        static let value = OptionKey.int("value", "VALUE", "Set initial value")
        static let minValue = OptionKey.int("min-value", "VALUE", "Set minimum value")
        static let maxValue = OptionKey.int("max-value", "VALUE", "Set maximum value")
        static let step = OptionKey.int("step", "VALUE", "Set step size")
        static let printPartial = OptionKey.flag("print-partial", "Print partial values")
        static let hideValue = OptionKey.flag("hide-value", "Hide value")
    }

    /// `--scale` as a command-line type: its options, in zenity's help order.
    static let type = ZenityDialogType(
        "scale", "Display scale dialog", help: "Scale options",
        options: [Key.text, Key.value, Key.minValue, Key.maxValue, Key.step, Key.printPartial, Key.hideValue],
        make: ScaleOptions.init(arguments:))
}

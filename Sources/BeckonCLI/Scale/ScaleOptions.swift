import Beckon

/// Everything the command line says about a `--scale` dialog.
struct ScaleOptions: Sendable, Equatable {
    var common = CommonOptions()
    /// `--text` as given: escapes and markup are still to be processed.
    var text: String?
    /// zenity's defaults: 0 on a scale from 0 to 100, in steps of 1.
    var value: Int32 = 0
    var minValue: Int32 = 0
    var maxValue: Int32 = 100
    var step: Int32 = 1
    var printPartial = false
    var hideValue = false

    init() {}

    init(_ given: GivenOptions) {
        common = CommonOptions(given)
        text = given.string("text")
        value = given.int("value") ?? value
        minValue = given.int("min-value") ?? minValue
        maxValue = given.int("max-value") ?? maxValue
        step = given.int("step") ?? step
        printPartial = given.flag("print-partial")
        hideValue = given.flag("hide-value")
    }

    /// `--scale` as a command-line type: its options, in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "scale", flagHelp: "Display scale dialog",
            helpTitle: "Scale options", helpSummary: "Show scale options",
            options: [
            .text,
            O("value", .int, "VALUE", "Set initial value"),
            O("min-value", .int, "VALUE", "Set minimum value"),
            O("max-value", .int, "VALUE", "Set maximum value"),
            O("step", .int, "VALUE", "Set step size"),
            O("print-partial", .none, nil, "Print partial values"),
            O("hide-value", .none, nil, "Hide value"),
            ],
            make: { given throws(CLIError) in ScaleOptions(given) })
    }()
}

import BeckonCore

/// Everything the command line says about a `--calendar` dialog: `text` (as
/// given: escapes and markup are still to be processed), the `day`, `month`
/// and `year` (today's stand in for those not given) and `dateFormat` (nil
/// for the locale's date format), each read through its ``Key``.
struct CalendarOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options: `Key.day`, declared in ``Options``, built, and so
    /// registered, once, when this kind (or help) first reads them.
    static let declared = Declarations<Options>()
    /// The keys, read as `Key.day` (`Self.Key.day` in an instance): the built group.
    static let Key: Options = declared.group

    /// Its options, each declared once, in zenity's help order.
    struct Options: OptionGroup {
        let dialog = OptionSection(DialogSection.dialog)
        let text = ZenityOptionTable.Key.text.reused()
        let day = OptionKey.int("day", "DAY", "Set the calendar day")
        let month = OptionKey.int("month", "MONTH", "Set the calendar month")
        let year = OptionKey.int("year", "YEAR", "Set the calendar year")
        let dateFormat = OptionKey.string("date-format", "PATTERN", "Set the format for the returned date")
    }

    /// `--calendar` as a command-line type.
    static let type = ZenityDialogType(
        "calendar", "Display calendar dialog", help: "Calendar options", options: Self.self,
        make: CalendarOptions.init(arguments:))
}

import BeckonCore

/// Everything the command line says about a `--calendar` dialog: `text` (as
/// given: escapes and markup are still to be processed), the `day`, `month`
/// and `year` (today's stand in for those not given) and `dateFormat` (nil
/// for the locale's date format), each read through its ``Key``.
struct CalendarOptions: KindOptions, Equatable {
    var arguments: ZenityArguments

    /// Its options, each declared once.
    enum Key: ZenityOptionTable.Text {
        static let day = OptionKey.int("day", "DAY", "Set the calendar day")
        static let month = OptionKey.int("month", "MONTH", "Set the calendar month")
        static let year = OptionKey.int("year", "YEAR", "Set the calendar year")
        static let dateFormat = OptionKey.string("date-format", "PATTERN", "Set the format for the returned date")
    }

    /// `--calendar` as a command-line type: its options, in zenity's help order.
    static let type = ZenityDialogType(
        "calendar", "Display calendar dialog", help: "Calendar options",
        options: [Key.text, Key.day, Key.month, Key.year, Key.dateFormat],
        make: CalendarOptions.init(arguments:))
}

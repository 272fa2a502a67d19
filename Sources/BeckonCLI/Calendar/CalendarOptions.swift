import Beckon

/// Everything the command line says about a `--calendar` dialog.
struct CalendarOptions: Sendable, Equatable {
    var common = CommonOptions()
    /// `--text` as given: escapes and markup are still to be processed.
    var text: String?
    /// The day, month and year given; today's stand in for those not given.
    var day: Int32?
    var month: Int32?
    var year: Int32?
    /// `--date-format`: a strftime pattern; nil for the locale's date format.
    var dateFormat: String?

    init() {}

    init(_ given: GivenOptions) {
        common = CommonOptions(given)
        text = given.string("text")
        day = given.int("day")
        month = given.int("month")
        year = given.int("year")
        dateFormat = given.string("date-format")
    }

    /// `--calendar` as a command-line type: its options, in zenity's help order.
    static let type: ZenityDialogType = {
        typealias O = ZenityOption
        return ZenityDialogType(
            name: "calendar", flagHelp: "Display calendar dialog",
            helpTitle: "Calendar options", helpSummary: "Show calendar options",
            options: [
            .text,
            O("day", .int, "DAY", "Set the calendar day"),
            O("month", .int, "MONTH", "Set the calendar month"),
            O("year", .int, "YEAR", "Set the calendar year"),
            O("date-format", .string, "PATTERN", "Set the format for the returned date"),
            ],
            make: { given throws(CLIError) in CalendarOptions(given) })
    }()
}

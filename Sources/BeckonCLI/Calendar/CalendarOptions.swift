import Beckon

/// Everything the command line says about a `--calendar` dialog.
struct CalendarOptions: Sendable, Equatable {
    var common = CommonOptions()

    init(_ given: GivenOptions) throws(CLIError) {
        common = CommonOptions(given)
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
            isProvided: false,
            make: { given throws(CLIError) in try CalendarOptions(given) })
    }()
}

extension CalendarOptions: ZenityDialog {
    @GtkActor
    func run(_ context: ZenityContext) async throws -> ZenityOutput {
        throw CLIError.dialogNotProvided("calendar")
    }
}

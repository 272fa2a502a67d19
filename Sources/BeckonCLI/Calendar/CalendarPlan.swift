import BeckonCore

/// A calendar dialog worked out from its options, before any window exists:
/// the request to show, what each button means, how the date prints, and any
/// warning for stderr.
struct CalendarPlan: Sendable, Equatable {
    var request: CalendarRequest
    /// The buttons of `request`, with what each means.
    var buttons: ZenityButtons
    /// The strftime pattern the date prints with.
    var dateFormat: String
    /// A line for stderr, such as why the markup was shown as plain text.
    var warning: String?

    /// zenity's title, text and calendar label, before translation.
    static let defaultTitle = "Calendar selection"
    static let defaultText = "Select a date from below."
    static let calendarLabel = "C_alendar:"

    /// Throws for a day, month or year that no calendar has (exit code
    /// ZENITY_ERROR, 255 by default), where zenity ignores it or prints
    /// garbage. `today` fills in what is not given, as in zenity;
    /// `localeFormat` is the locale's date format.
    init(_ options: CalendarOptions, environment: Environment, translations: Translations,
         today: CalendarDate = .today, localeFormat: () -> String = CalendarFormat.localeDefault) throws(CLIError) {
        func refuse(_ option: String, _ value: Int32, _ why: String) -> CLIError {
            var error = CLIError.badValue("\(option)=\(value)", why)
            error.exitCode = ZenityExitCode.error.value(in: environment)
            return error
        }
        if let day = options.day, !(1...31).contains(day) {
            throw refuse("day", day, "a day of the month is from 1 to 31")
        }
        if let month = options.month, !(1...12).contains(month) {
            throw refuse("month", month, "a month is from 1 (January) to 12 (December)")
        }
        let years = CalendarDate.years
        if let year = options.year, !years.contains(Int(year)) {
            throw refuse("year", year, "a year is from \(years.lowerBound) to \(years.upperBound)")
        }
        let year = options.year.map(Int.init) ?? today.year
        let month = options.month.map(Int.init) ?? today.month
        let length = CalendarDate.days(inMonth: month, of: year)
        if let day = options.day, day > length {
            throw refuse("day", day, "\(CalendarFormat.monthName(month)) \(year) has \(length) days")
        }
        // Today's day, in a month given that is shorter than today's: its last day.
        let day = options.day.map(Int.init) ?? min(today.day, length)

        let common = options.common
        let buttons = ZenityButtons.cancelOK(common, translations: translations)
        let (text, warning) = ZenityText.labelText(options.text, default: translations.zenity(Self.defaultText),
                                                   option: "--text")
        var request = CalendarRequest(text: text, initial: CalendarDate(year: year, month: month, day: day))
        request.calendarLabel = translations.zenity(Self.calendarLabel)
        request.frame = common.frame(buttons, defaultTitle: translations.zenity(Self.defaultTitle),
                                     defaultWindowIcon: CommonOptions.zenityImage("zenity-calendar.png"),
                                     environment: environment)
        self.request = request
        self.buttons = buttons
        self.dateFormat = options.dateFormat ?? localeFormat()
        self.warning = warning
    }

    /// How the answer prints: the date through the format, on OK and on the
    /// timeout, as zenity does. `--json` gives it in ISO 8601 (2026-12-24)
    /// whatever the format: the locale's own (12/24/26) loses the century and
    /// reads differently from one machine to the next.
    func answer(_ date: CalendarDate) -> ZenityAnswer {
        let text = CalendarFormat.string(date, dateFormat)
        return ZenityAnswer(printed: text + "\n", json: .string(date.iso8601), timeout: .printsAnswer)
    }
}

extension CalendarPlan: ZenityPlan {
    var warnings: [String] { warning.map { [$0] } ?? [] }

    @GtkActor init(_ options: CalendarOptions, context: ZenityContext) throws {
        try self.init(options, environment: context.environment, translations: context.translations)
    }
}

extension CalendarOptions: ZenityKind, SingleTypeDialog { typealias Plan = CalendarPlan }

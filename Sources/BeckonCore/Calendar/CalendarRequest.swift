/// A day picked on a calendar: zenity's `--calendar`.
///
/// A double click on a day, or Return, gives the default button (OK). The
/// day is read as the dialog ends, whichever way it ends.
public struct CalendarRequest: DialogRequest, Hashable {
    public typealias Value = CalendarDate

    /// Title, buttons, timeout and window.
    public var frame: DialogFrame
    /// The text above the calendar; nil shows none.
    public var text: DialogText?
    /// A label just above the calendar whose underscored letter, with Alt,
    /// moves the keyboard focus into it (zenity's "C_alendar:"); nil shows none.
    public var calendarLabel: String?
    /// The day selected at first; nil for today.
    public var initial: CalendarDate?

    /// A calendar with Cancel and OK that starts at `initial`, or today.
    public init(
        title: String? = nil, text: DialogText? = nil, initial: CalendarDate? = nil,
        timeout: Duration? = nil, parent: DialogParent? = nil
    ) {
        frame = .okCancel(title: title, timeout: timeout)
        frame.parent = parent
        self.text = text
        self.initial = initial
    }

    /// Throws ``DialogError/invalidRequest(_:)`` for an initial day that does
    /// not exist, such as 31 February.
    public func validate() throws(DialogError) {
        if let initial, !initial.isValid {
            throw .invalidRequest("there is no day \(initial) on a calendar")
        }
    }

    /// The initial day (today when none) for nil; a scripted day that exists;
    /// nil for anything else.
    public func value(scripted: CalendarDate?) -> CalendarDate? {
        guard let scripted else { return initial ?? .today }
        return scripted.isValid ? scripted : nil
    }

    public var builders: DialogBuilders<CalendarDate> { DialogBuilders(self) }
}

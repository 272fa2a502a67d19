/// A date: a calendar the person picks a day on.
extension Dialog {
    /// Shows a calendar and returns the day the person accepts.
    ///
    /// OK, Return or a double click on a day returns the selected day; Cancel,
    /// Escape, a window-manager close or a destroyed dialog return nil. Throws
    /// ``DialogError/timedOut`` when `timeout` passes, `CancellationError` when
    /// the awaiting task is cancelled (the dialog closes), and
    /// ``DialogError/invalidRequest(_:)``, before any window, for an `initial`
    /// day that does not exist.
    ///
    /// - Parameter initial: the day selected at first; today when nil.
    public func date(
        initial: CalendarDate? = nil,
        title: String? = nil,
        text: DialogText? = nil,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> CalendarDate? {
        let request = CalendarRequest(title: title, text: text, initial: initial, timeout: timeout, parent: parent)
        try request.validate()
        return try await accepted(request)
    }

    /// A day picked on a calendar shown as a real GTK dialog; see
    /// ``date(initial:title:text:parent:timeout:)-swift.method``.
    public static func date(
        initial: CalendarDate? = nil,
        title: String? = nil,
        text: DialogText? = nil,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> CalendarDate? {
        try await Dialog().date(initial: initial, title: title, text: text, parent: parent, timeout: timeout)
    }
}

/// A number: a horizontal scale the person moves with the mouse or the keys.
extension Dialog {
    /// Shows a scale over `range` and returns the number the person accepts.
    ///
    /// OK (or Return) returns the number on the scale; Cancel, Escape, a
    /// window-manager close or a destroyed dialog return nil. Throws
    /// ``DialogError/timedOut`` when `timeout` passes, `CancellationError` when
    /// the awaiting task is cancelled (the dialog closes), and
    /// ``DialogError/invalidRequest(_:)``, before any window, for a range of one
    /// number, an `initial` outside `range` or a `step` below 1.
    ///
    /// - Parameters:
    ///   - initial: where the scale starts; the lower end of `range` when nil.
    ///   - step: how far an arrow key moves it.
    ///   - showsValue: whether the number is drawn beside the scale.
    ///   - onChange: called on GTK's thread with each new number while the
    ///     dialog is shown, for a live preview.
    public func number(
        in range: ClosedRange<Int>,
        initial: Int? = nil,
        step: Int = 1,
        title: String? = nil,
        text: DialogText? = nil,
        showsValue: Bool = true,
        parent: DialogParent? = nil,
        timeout: Duration? = nil,
        onChange: (@Sendable (Int) -> Void)? = nil
    ) async throws -> Int? {
        let request = ScaleRequest(
            title: title, text: text, range: range, initial: initial, step: step, showsValue: showsValue,
            timeout: timeout, parent: parent, onChange: onChange)
        try request.validate()
        return try await accepted(request)
    }

    /// A number picked on a scale shown as a real GTK dialog; see
    /// ``number(in:initial:step:title:text:showsValue:parent:timeout:onChange:)-swift.method``.
    public static func number(
        in range: ClosedRange<Int>,
        initial: Int? = nil,
        step: Int = 1,
        title: String? = nil,
        text: DialogText? = nil,
        showsValue: Bool = true,
        parent: DialogParent? = nil,
        timeout: Duration? = nil,
        onChange: (@Sendable (Int) -> Void)? = nil
    ) async throws -> Int? {
        try await Dialog().number(
            in: range, initial: initial, step: step, title: title, text: text, showsValue: showsValue,
            parent: parent, timeout: timeout, onChange: onChange)
    }
}

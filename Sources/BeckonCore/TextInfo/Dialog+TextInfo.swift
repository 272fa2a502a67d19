/// Text to read, to agree to, or to edit: a scrolled text view with Cancel and OK.
extension Dialog {
    /// Shows `text` to read and returns whether the person pressed OK.
    ///
    /// OK (or Return) returns true; Cancel, Escape, a window-manager close or
    /// a destroyed dialog return false. Throws ``DialogError/timedOut`` when
    /// `timeout` passes and `CancellationError` when the awaiting task is
    /// cancelled (the dialog closes).
    ///
    /// - Parameters:
    ///   - font: a Pango font description, such as "Monospace 11".
    ///   - wraps: whether long lines wrap at word boundaries; otherwise the
    ///     view scrolls sideways.
    public func showText(
        _ text: String, title: String? = nil, font: String? = nil, wraps: Bool = true,
        parent: DialogParent? = nil, timeout: Duration? = nil
    ) async throws -> Bool {
        let request = TextInfoRequest(.text(text), title: title, font: font, wraps: wraps, timeout: timeout,
                                      parent: parent)
        return try await accepted(request) != nil
    }

    /// Shows `text` with a `checkbox` under it ("I have read and agree") and
    /// returns whether the person ticked it and pressed OK, which stays
    /// disabled until the box is ticked. The endings are those of
    /// ``showText(_:title:font:wraps:parent:timeout:)-swift.method``.
    public func showText(
        _ text: String, checkbox: String, title: String? = nil, font: String? = nil, wraps: Bool = true,
        parent: DialogParent? = nil, timeout: Duration? = nil
    ) async throws -> Bool {
        let request = TextInfoRequest(.text(text), title: title, checkbox: checkbox, font: font, wraps: wraps,
                                      timeout: timeout, parent: parent)
        return try await accepted(request)?.isChecked == true
    }

    /// Shows `text` for editing and returns the edited text on OK, exactly as
    /// it stands (no newline added or removed); nil for Cancel, Escape, a
    /// close or a destroy. Return inserts a line break: ctrl+Tab leaves the
    /// text for the buttons. Throws as
    /// ``showText(_:title:font:wraps:parent:timeout:)-swift.method`` does.
    public func editText(
        _ text: String, title: String? = nil, font: String? = nil, wraps: Bool = true,
        parent: DialogParent? = nil, timeout: Duration? = nil
    ) async throws -> String? {
        let request = TextInfoRequest(.text(text), title: title, isEditable: true, font: font, wraps: wraps,
                                      timeout: timeout, parent: parent)
        return try await accepted(request)?.text
    }

    /// Text to read, shown as a real GTK dialog; see
    /// ``showText(_:title:font:wraps:parent:timeout:)-swift.method``.
    public static func showText(
        _ text: String, title: String? = nil, font: String? = nil, wraps: Bool = true,
        parent: DialogParent? = nil, timeout: Duration? = nil
    ) async throws -> Bool {
        try await Dialog().showText(text, title: title, font: font, wraps: wraps, parent: parent, timeout: timeout)
    }

    /// Text to agree to, shown as a real GTK dialog; see
    /// ``showText(_:checkbox:title:font:wraps:parent:timeout:)-swift.method``.
    public static func showText(
        _ text: String, checkbox: String, title: String? = nil, font: String? = nil, wraps: Bool = true,
        parent: DialogParent? = nil, timeout: Duration? = nil
    ) async throws -> Bool {
        try await Dialog().showText(text, checkbox: checkbox, title: title, font: font, wraps: wraps, parent: parent,
                                    timeout: timeout)
    }

    /// Text to edit, shown as a real GTK dialog; see
    /// ``editText(_:title:font:wraps:parent:timeout:)-swift.method``.
    public static func editText(
        _ text: String, title: String? = nil, font: String? = nil, wraps: Bool = true,
        parent: DialogParent? = nil, timeout: Duration? = nil
    ) async throws -> String? {
        try await Dialog().editText(text, title: title, font: font, wraps: wraps, parent: parent, timeout: timeout)
    }
}

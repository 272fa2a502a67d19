/// A line of text from the person: a prompt and a field, with Cancel and OK.
extension Dialog {
    /// Asks for a line of text and returns it, or nil when the person declined.
    ///
    /// OK or Return give the field's text (possibly empty); Cancel, Escape, a
    /// window-manager close or a destroyed dialog give nil. Throws
    /// ``DialogError/timedOut`` when `timeout` passes,
    /// ``DialogError/invalidRequest(_:)`` for text GTK cannot show (a NUL
    /// character), and `CancellationError` when the awaiting task is cancelled
    /// (the dialog closes).
    ///
    /// - Parameters:
    ///   - prompt: the line above the field, shown literally; an underscore
    ///     marks the mnemonic that focuses the field.
    ///   - text: what the field starts with, selected so typing replaces it.
    ///   - suggestions: values offered in a drop-down list; the field stays
    ///     editable, and starts on the suggestion equal to `text`, if any.
    ///   - hidesText: bullets instead of the characters typed.
    public func text(
        title: String? = nil,
        prompt: String,
        text: String = "",
        suggestions: [String] = [],
        hidesText: Bool = false,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> String? {
        let request = EntryRequest(
            title: title, prompt: prompt, text: text, hidesText: hidesText, suggestions: suggestions,
            timeout: timeout, parent: parent)
        if let problem = request.problem { throw DialogError.invalidRequest(problem) }
        return try await accepted(request)
    }

    /// A line of text asked in a real GTK dialog; see
    /// ``text(title:prompt:text:suggestions:hidesText:parent:timeout:)-swift.method``.
    public static func text(
        title: String? = nil,
        prompt: String,
        text: String = "",
        suggestions: [String] = [],
        hidesText: Bool = false,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> String? {
        try await Dialog().text(
            title: title, prompt: prompt, text: text, suggestions: suggestions, hidesText: hidesText,
            parent: parent, timeout: timeout)
    }
}

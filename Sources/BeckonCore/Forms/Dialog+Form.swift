/// A form: several fields filled in at once.
extension Dialog {
    /// Shows `form` and returns its answers when the person presses OK.
    ///
    /// Cancel, Escape, a window-manager close or a destroyed dialog return
    /// nil. Throws ``DialogError/timedOut`` when the form's timeout passes,
    /// `CancellationError` when the awaiting task is cancelled (the dialog
    /// closes), and ``DialogError/invalidRequest(_:)``, before any window, for
    /// an initial value that does not fit its field or a pattern that is not
    /// a regular expression. OK stays disabled until every field keeps its rule.
    public func form(_ form: Form) async throws -> FormAnswers? {
        try form.request.validate()
        guard let values = try await accepted(form.request) else { return nil }
        return FormAnswers(fields: form.request.fields, values: values)
    }

    /// A form shown as a real GTK dialog; see ``form(_:)-swift.method``.
    public static func form(_ form: Form) async throws -> FormAnswers? {
        try await Dialog().form(form)
    }
}

/// A colour: GTK's colour chooser, answered with the colour picked.
extension Dialog {
    /// Shows GTK's colour chooser and returns the colour picked, or nil when
    /// the person backs out.
    ///
    /// Select (or activating a swatch) returns the colour shown; Cancel,
    /// Escape, a window-manager close or a destroyed dialog return nil.
    /// Throws ``DialogError/timedOut`` when `timeout` passes,
    /// `CancellationError` when the awaiting task is cancelled (the dialog
    /// closes), and ``DialogError/invalidRequest(_:)`` before any window when
    /// `initial` has a channel outside 0–1.
    ///
    /// - Parameters:
    ///   - initial: The colour it opens on; nil opens on white.
    ///   - showsPalette: Open on the palette of swatches instead of the editor.
    ///   - allowsAlpha: Offer the opacity slider; when false the colour is opaque.
    public func color(
        title: String? = nil,
        initial: RGBAColor? = nil,
        showsPalette: Bool = false,
        allowsAlpha: Bool = true,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> RGBAColor? {
        let request = ColorRequest(title: title, initial: initial, showsPalette: showsPalette,
                                   allowsAlpha: allowsAlpha, timeout: timeout, parent: parent)
        try request.validate()
        return try await accepted(request)
    }

    /// A colour asked with a real GTK dialog; see
    /// ``color(title:initial:showsPalette:allowsAlpha:parent:timeout:)-swift.method``.
    public static func color(
        title: String? = nil,
        initial: RGBAColor? = nil,
        showsPalette: Bool = false,
        allowsAlpha: Bool = true,
        parent: DialogParent? = nil,
        timeout: Duration? = nil
    ) async throws -> RGBAColor? {
        try await Dialog().color(title: title, initial: initial, showsPalette: showsPalette,
                                 allowsAlpha: allowsAlpha, parent: parent, timeout: timeout)
    }
}

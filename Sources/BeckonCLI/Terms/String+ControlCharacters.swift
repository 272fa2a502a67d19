extension String {
    /// Whether the text holds a control character (a newline, an escape),
    /// which would break a line-per-field output such as `--status`.
    var containsControlCharacters: Bool {
        unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

import BeckonCore

/// A notification's text as zenity reads `--text` and `message:`: GLib's
/// escapes first (`\n` becomes a newline), then the summary is the first
/// line and the body the rest.
struct NotificationText: Sendable, Equatable {
    var summary: String
    var body: String

    /// nil for an empty text, which zenity refuses ("Could not parse message").
    init?(_ text: String) {
        let compressed = ZenityText.compress(text)
        guard !compressed.isEmpty else { return nil }
        if let newline = compressed.firstIndex(of: "\n") {
            summary = String(compressed[..<newline])
            body = String(compressed[compressed.index(after: newline)...])
        } else {
            summary = compressed
            body = ""
        }
    }
}

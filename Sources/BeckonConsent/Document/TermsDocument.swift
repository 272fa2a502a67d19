import BeckonIO

/// The terms a person is asked to accept: the bytes as given, and the text shown.
///
/// The consent record's digest is taken over ``bytes`` exactly as read, so one
/// changed byte means new terms; ``markdown`` is those bytes as UTF-8 text,
/// converted from another charset when they were not UTF-8 (see
/// ``init(bytes:encoding:localeCharset:)``).
public struct TermsDocument: Sendable, Hashable {
    /// The terms exactly as read from the file or stdin.
    public let bytes: [UInt8]
    /// The Markdown source shown, always valid UTF-8.
    public let markdown: String
    /// The charset ``markdown`` was converted from: "UTF-8" when no conversion was needed.
    public let sourceCharset: String
    /// What went wrong on the way to ``markdown``, for the caller to print
    /// (invalid bytes replaced, a charset guessed). Empty for clean UTF-8.
    public let warnings: [String]

    /// The SHA-256 of ``bytes`` in lowercase hex: what a consent record keeps.
    public var sha256: String { Checksum.sha256(bytes) }

    /// Terms given as Markdown text.
    public init(markdown: String) {
        self.bytes = Array(markdown.utf8)
        self.markdown = markdown
        self.sourceCharset = "UTF-8"
        self.warnings = []
    }

    /// Terms from raw bytes, converted to UTF-8 when they are not.
    ///
    /// In order: `encoding` when given; UTF-16 when the bytes start with its
    /// byte-order mark; UTF-8 when they are valid; the locale's charset when it
    /// is not UTF-8 and converts them; Windows-1252 (Latin-1's superset) when the
    /// locale is UTF-8 and they read cleanly as that, with a warning; otherwise
    /// UTF-8 with U+FFFD for each bad sequence, with a warning. Text is never cut
    /// at a bad byte.
    ///
    /// - Parameter localeCharset: the locale's charset; nil asks GLib
    ///   (`g_get_charset`, which follows `LC_ALL`/`LC_CTYPE`/`LANG` and `CHARSET`).
    public init(bytes: [UInt8], encoding: String? = nil, localeCharset: String? = nil) {
        let decoded = TextDecoder.decode(bytes, encoding: encoding, localeCharset: localeCharset)
        self.bytes = bytes
        self.markdown = decoded.text
        self.sourceCharset = decoded.charset
        self.warnings = decoded.warnings
    }
}

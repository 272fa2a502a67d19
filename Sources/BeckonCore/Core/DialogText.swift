/// Text for a dialog: plain by default, Pango markup only when asked for.
///
/// Plain text is shown exactly as given, so a string from outside (a file name,
/// a server's message) cannot inject markup.
public struct DialogText: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The text itself.
    public var string: String
    /// Whether `string` is Pango markup.
    public var isMarkup: Bool

    /// Text shown literally.
    public static func plain(_ string: String) -> DialogText { DialogText(string: string, isMarkup: false) }
    /// Pango markup, such as `"<b>Read</b> this"`; the caller vouches for it.
    public static func markup(_ string: String) -> DialogText { DialogText(string: string, isMarkup: true) }

    public init(string: String, isMarkup: Bool = false) {
        self.string = string
        self.isMarkup = isMarkup
    }

    public init(stringLiteral value: String) {
        self.init(string: value)
    }
}

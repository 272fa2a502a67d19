import CBeckonShim

/// A text shown in a scrolled view, read-only or editable, perhaps with an
/// "I have read" checkbox that OK waits for: zenity's `--text-info`.
///
/// The text can come from a string, a file or a file descriptor (a script's
/// stdin). Files and descriptors are read on GTK's loop a chunk at a time, so
/// the first screen shows at once, a pipe fills in as its writer writes, and
/// the timeout holds while input is still coming.
public struct TextInfoRequest: DialogRequest {
    public typealias Value = TextInfoContent

    /// Where the text comes from.
    public enum Source: Sendable, Hashable {
        /// This text.
        case text(String)
        /// The file at this path, read as it is shown.
        case file(path: String)
        /// This open descriptor (0 for stdin), read until its end while the
        /// dialog is shown; the dialog does not close it.
        case fileDescriptor(Int32)
    }

    /// What a web view shows instead of the text view.
    public enum WebContent: Sendable, Hashable {
        /// The text itself, as HTML (its links resolved against the file's folder).
        case html
        /// This address; one without a scheme gets "http://", as zenity gives it.
        case url(String)
    }

    /// Title, buttons, timeout and window.
    public var frame: DialogFrame
    public var source: Source
    /// Whether the person can change the text; the reply then carries it.
    public var isEditable: Bool
    /// A checkbox under the text; the default button stays disabled until it
    /// is ticked. Nil shows none.
    public var checkbox: String?
    /// A Pango font description for the text, such as "Monospace 12".
    public var font: String?
    /// Whether long lines wrap at word boundaries (otherwise they scroll).
    public var wraps: Bool
    /// Whether the view follows the end of the text as more comes in.
    public var followsEnd: Bool
    /// The most bytes read from a file or descriptor; what comes after is
    /// dropped with a warning, so `/dev/zero` or a runaway writer cannot fill
    /// memory. A text view holding a gigabyte is of no use to a person anyway.
    public var byteLimit: Int
    /// HTML in a WebKit view instead of plain text; needs WebKit2GTK 4.1,
    /// loaded only for such a request.
    public var web: WebContent?
    /// Whether links in the web view are followed in the browser; false keeps
    /// the page as it is (zenity's `--no-interaction`).
    public var opensLinks: Bool
    /// Called on GTK's thread with what a person should know about the input:
    /// a file that cannot be read, bytes that were not UTF-8, the limit reached.
    public var onWarning: (@Sendable (String) -> Void)?

    /// The default for ``byteLimit``: 32 MiB, about half a million lines.
    public static let defaultByteLimit = 32 << 20

    /// A read-only text with Cancel and OK.
    public init(
        _ source: Source, title: String? = nil, isEditable: Bool = false, checkbox: String? = nil,
        font: String? = nil, wraps: Bool = true, followsEnd: Bool = false, timeout: Duration? = nil,
        parent: DialogParent? = nil, onWarning: (@Sendable (String) -> Void)? = nil
    ) {
        frame = .okCancel(title: title, timeout: timeout)
        frame.parent = parent
        frame.width = 300
        frame.height = 400
        self.source = source
        self.isEditable = isEditable
        self.checkbox = checkbox
        self.font = font
        self.wraps = wraps
        self.followsEnd = followsEnd
        self.byteLimit = Self.defaultByteLimit
        self.opensLinks = true
        self.onWarning = onWarning
    }

    /// Nil (the text as given, the box not ticked); scripted content whose
    /// text fits an editable request only (nil text: as given) and whose
    /// ticked box fits one with a checkbox only.
    public func value(scripted: TextInfoContent?) -> TextInfoContent? {
        let initial: String? = switch source {
        case .text(let text): isEditable ? text : nil
        case .file, .fileDescriptor: isEditable ? "" : nil
        }
        guard let scripted else { return TextInfoContent(text: initial, isChecked: false) }
        if scripted.text != nil && !isEditable || scripted.isChecked && checkbox == nil { return nil }
        return TextInfoContent(text: scripted.text ?? initial, isChecked: scripted.isChecked)
    }

    public var builders: DialogBuilders<TextInfoContent> { DialogBuilders(self) }
}

/// What a text dialog held when it ended.
public struct TextInfoContent: Sendable, Hashable {
    /// The text, when the dialog was editable; nil for a read-only one, whose
    /// text is what it was given.
    public var text: String?
    /// Whether the checkbox was ticked (false when there is none).
    public var isChecked: Bool

    public init(text: String?, isChecked: Bool) {
        self.text = text
        self.isChecked = isChecked
    }
}

extension TextInfoRequest {
    /// Whether WebKit2GTK 4.1 can be loaded for ``web`` content; loads it on
    /// the first call (and only then), so ask only when HTML is wanted.
    public static var isWebKitAvailable: Bool { beckon_web_view_available() != 0 }
}

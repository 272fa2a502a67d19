/// Where Beckon's warnings go unless the caller says otherwise: a link the
/// policy ignored, a corrupt record file, text that was not valid UTF-8.
public enum WarningSink {
    /// Writes `beckon: warning: <message>` to stderr.
    public static let standardError: @Sendable (String) -> Void = { message in
        FileDescriptor.writeAll(2, "beckon: warning: \(message)\n")
    }
}

/// The name this sink had while only the terms used it.
@available(*, deprecated, renamed: "WarningSink")
public typealias TermsWarning = WarningSink

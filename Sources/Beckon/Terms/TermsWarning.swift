import Glibc

/// Where the terms code's warnings go unless the caller says otherwise.
public enum TermsWarning {
    /// Writes `beckon: warning: <message>` to stderr.
    public static let standardError: @Sendable (String) -> Void = { message in
        var line = "beckon: warning: \(message)\n"
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                offset += n
            }
        }
    }
}

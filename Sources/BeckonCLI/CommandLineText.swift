import BeckonIO
import CGtk
import Glibc

/// The process's arguments as text: UTF-8 as given, text in the locale's
/// legacy charset converted from it, and anything else with U+FFFD for the
/// bad bytes and a warning, instead of zenity's "This option is not
/// available" for any byte that is not UTF-8.
public enum CommandLineText {
    /// `argv` decoded; `warn` hears once about each argument that was repaired.
    public static func arguments(
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int32,
        warn: ((String) -> Void)? = nil
    ) -> [String] {
        let warn = warn ?? { StandardError.write($0 + "\n") }
        // The charset of the locale's arguments: nl_langinfo needs setlocale,
        // which GTK would call later anyway.
        setlocale(LC_ALL, "")
        var legacyCharset: UnsafePointer<CChar>?
        let localeIsUTF8 = g_get_charset(&legacyCharset) != 0
        return (0..<Int(count)).map { index in
            guard let raw = argv[index] else { return "" }
            let bytes = UnsafeRawBufferPointer(start: raw, count: strlen(raw))
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            if !localeIsUTF8, let converted = g_locale_to_utf8(raw, -1, nil, nil, nil) {
                defer { g_free(converted) }
                return String(cString: converted)
            }
            let repaired = String(decoding: bytes, as: UTF8.self)
            if index > 0 {
                let shown = repaired.count > 60 ? String(repaired.prefix(60)) + "…" : repaired
                warn("beckon: warning: argument \(index) is not valid UTF-8 (\(shown.debugDescription)); "
                     + "its bad bytes are shown as U+FFFD")
            }
            return repaired
        }
    }
}

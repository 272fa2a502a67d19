import CGLib

/// Turns bytes from a file or a pipe into UTF-8 text, whatever charset they
/// came in: the terms' whole file at once (see
/// ``TermsDocument/init(bytes:encoding:localeCharset:)`` for the order of
/// attempts), and the charset helpers ``StreamingTextDecoder`` shares.
package enum TextDecoder {
    package struct Decoded: Equatable {
        package var text: String
        package var charset: String
        package var warnings: [String]
    }

    /// The charset tried when the locale is UTF-8 and the bytes are not: most
    /// such files today are Windows-1252 or its subset Latin-1.
    static let legacyFallback = "WINDOWS-1252"

    /// `subject` names the text in warnings: "the terms".
    package static func decode(_ bytes: [UInt8], encoding: String?, localeCharset: String?,
                       subject: String = "the terms") -> Decoded {
        var warnings: [String] = []
        if let encoding {
            if let text = convert(bytes, from: encoding) {
                return Decoded(text: stripBOM(text), charset: encoding, warnings: [])
            }
            warnings.append("\(subject) are not valid \(encoding)")
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]),
           let text = convert(bytes, from: "UTF-16") {
            return Decoded(text: stripBOM(text), charset: "UTF-16", warnings: warnings)
        }
        if isValidUTF8(bytes) {
            return Decoded(text: stripBOM(String(decoding: bytes, as: UTF8.self)), charset: "UTF-8", warnings: warnings)
        }
        let locale = localeCharset ?? currentCharset()
        if !isUTF8Name(locale) {
            if let text = convert(bytes, from: locale) {
                return Decoded(text: text, charset: locale, warnings: warnings)
            }
        } else if looksLikeText(bytes), let text = convert(bytes, from: legacyFallback) {
            warnings.append("\(subject) are not UTF-8; read them as \(legacyFallback)")
            return Decoded(text: text, charset: legacyFallback, warnings: warnings)
        }
        // In a UTF-8 locale there is no second charset to name ("not valid UTF-8 or UTF-8").
        let tried = isUTF8Name(locale) ? "UTF-8" : "UTF-8 or \(locale)"
        warnings.append("\(subject) are not valid \(tried); invalid bytes are shown as \u{FFFD}")
        return Decoded(text: replacingInvalid(bytes), charset: "UTF-8", warnings: warnings)
    }

    package static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    g_utf8_validate_len($0, gsize(buffer.count), nil) != 0
                }
            } ?? true
        }
    }

    /// The locale's charset as GLib reports it.
    static func currentCharset() -> String {
        var charset: UnsafePointer<CChar>?
        _ = g_get_charset(&charset)
        return charset.map { String(cString: $0) } ?? "UTF-8"
    }

    static func isUTF8Name(_ name: String) -> Bool {
        let folded = name.uppercased().filter { $0 != "-" && $0 != "_" }
        return folded == "UTF8"
    }

    /// Binary data is not guessed at: control characters other than tab, line
    /// breaks and form feed mean the bytes are not a legacy text file.
    private static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        !bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C || $0 == 0x7F }
    }

    /// The bytes converted from `charset` to UTF-8, or nil when any byte does
    /// not convert (g_convert reports partial input as an error too).
    static func convert(_ bytes: [UInt8], from charset: String) -> String? {
        if bytes.isEmpty { return "" }
        var written: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let converted = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                g_convert($0, gssize(buffer.count), "UTF-8", charset, nil, &written, &error)
            }
        }
        if error != nil { g_error_free(error) }
        guard let converted else { return nil }
        defer { g_free(converted) }
        let utf8 = UnsafeRawBufferPointer(start: converted, count: Int(written))
        return String(decoding: utf8, as: UTF8.self)
    }

    /// UTF-8 with U+FFFD for each invalid sequence, the whole text kept.
    static func replacingInvalid(_ bytes: [UInt8]) -> String {
        // Swift's decoder replaces maximal invalid subparts with U+FFFD, as
        // g_utf8_make_valid does, and never stops at the first one.
        String(decoding: bytes, as: UTF8.self)
    }

    private static func stripBOM(_ text: String) -> String {
        text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
    }
}

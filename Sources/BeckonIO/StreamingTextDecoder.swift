import CGLib

/// Turns a byte stream into UTF-8 text a chunk at a time, as it arrives from a
/// pipe or a file, without ever cutting it at a bad byte.
///
/// Bytes pass through while they are UTF-8. At the first sequence that is not
/// (a stray byte, a NUL), the rest of the stream is converted from the
/// locale's charset when that is a legacy one (not UTF-8 or ASCII), and
/// otherwise each bad sequence shows as U+FFFD; ``warning`` says which, once.
/// NUL, which a text view cannot hold, always comes out as U+FFFD. A character split between
/// two chunks is held back until its end comes.
package struct StreamingTextDecoder: Sendable {
    private enum Mode: Sendable, Equatable {
        case utf8
        /// From this charset, because the stream was not UTF-8.
        case converting(String)
    }

    private let localeCharset: String
    private var mode = Mode.utf8
    /// Bytes of a character that is not complete yet.
    private var pending: [UInt8] = []
    /// Why the text is not exactly the bytes: set at the first bad sequence.
    package private(set) var warning: String?
    /// `subject` names the text in the warning: "standard input", a file name.
    private let subject: String

    /// A decoder for text from `subject`; `localeCharset` nil asks GLib.
    package init(subject: String, localeCharset: String? = nil) {
        self.subject = subject
        self.localeCharset = localeCharset ?? TextDecoder.currentCharset()
    }

    /// The text `bytes` completes.
    package mutating func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        var data = pending
        data.append(contentsOf: bytes)
        pending = []
        return decode(data, isLast: false)
    }

    /// The text `bytes` completes; for tests and callers holding an array.
    package mutating func decode(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { decode($0) }
    }

    /// What is left when the stream ends: an incomplete last character as U+FFFD.
    package mutating func finish() -> String {
        let data = pending
        pending = []
        return data.isEmpty ? "" : decode(data, isLast: true)
    }

    private mutating func decode(_ data: [UInt8], isLast: Bool) -> String {
        switch mode {
        case .utf8:
            let end = isLast ? data.count : Self.completeLength(data)
            let prefix = Self.validUTF8Prefix(data, upTo: end)
            if prefix == end {
                pending = Array(data[end...])
                return String(decoding: data[..<end], as: UTF8.self)
            }
            let text = String(decoding: data[..<prefix], as: UTF8.self)
            if !Self.isUTF8Compatible(localeCharset) {
                mode = .converting(localeCharset)
                warning = "\(subject) is not UTF-8: read as \(localeCharset), the locale's charset"
                return text + decode(Array(data[prefix...]), isLast: isLast)
            }
            warning = "\(subject) is not valid UTF-8: invalid bytes are shown as \u{FFFD}"
            pending = Array(data[end...])
            return text + Self.replacingInvalid(data[prefix..<end])
        case .converting(let charset):
            let text = convert(data, from: charset, isLast: isLast)
            return text.contains("\0") ? text.replacingOccurrences(of: "\0", with: "\u{FFFD}") : text
        }
    }

    /// Converts `data` from `charset`, U+FFFD for each byte that does not
    /// convert, holding back an incomplete last character unless `isLast`.
    private mutating func convert(_ data: [UInt8], from charset: String, isLast: Bool) -> String {
        var text = ""
        var start = 0
        while start < data.count {
            let (converted, consumed, stop) = Self.convertPrefix(data[start...], from: charset)
            text += converted
            start += consumed
            switch stop {
            case .done: return text
            case .partial where !isLast:
                pending = Array(data[start...])
                return text
            case .partial, .illegal:
                text += "\u{FFFD}"
                start += 1
            }
        }
        return text
    }

    private enum ConvertStop { case done, partial, illegal }

    /// The longest prefix of `bytes` that converts, and why it stopped there.
    private static func convertPrefix(_ bytes: ArraySlice<UInt8>, from charset: String)
        -> (String, consumed: Int, ConvertStop) {
        var read: gsize = 0
        var written: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let converted = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                g_convert($0, gssize(buffer.count), "UTF-8", charset, &read, &written, &error)
            }
        }
        if let converted {
            defer { g_free(converted) }
            return (String(decoding: UnsafeRawBufferPointer(start: converted, count: Int(written)), as: UTF8.self),
                    bytes.count, .done)
        }
        let partial = error.map { $0.pointee.code == G_CONVERT_ERROR_PARTIAL_INPUT.rawValue } ?? false
        if error != nil { g_error_free(error) }
        let good = Int(read)
        guard good > 0 else { return ("", 0, partial ? .partial : .illegal) }
        // Convert again what did convert: g_convert gives nothing back on an error.
        let (text, _, _) = convertPrefix(bytes.prefix(good), from: charset)
        return (text, good, partial ? .partial : .illegal)
    }

    /// UTF-8, or ASCII (the C locale's charset), which has no bytes of its
    /// own to convert: bad bytes are shown as U+FFFD either way.
    static func isUTF8Compatible(_ charset: String) -> Bool {
        TextDecoder.isUTF8Name(charset) || ["ANSI_X3.4-1968", "ASCII", "US-ASCII"].contains(charset.uppercased())
    }

    /// How many bytes of `data` end on a character boundary: a lead byte
    /// near the end still waiting for its continuation bytes is left out.
    static func completeLength(_ data: [UInt8]) -> Int {
        var index = data.count
        var continuation = 0
        while index > 0, continuation < 3, data[index - 1] & 0xC0 == 0x80 {
            index -= 1
            continuation += 1
        }
        guard index > 0 else { return data.count }
        let lead = data[index - 1]
        let needed = lead >= 0xF0 && lead <= 0xF4 ? 3 : lead >= 0xE0 && lead < 0xF0 ? 2 : lead >= 0xC2 && lead < 0xE0 ? 1 : 0
        return needed > continuation ? index - 1 : data.count
    }

    /// The length of the longest valid UTF-8 prefix of `data[..<end]` (NUL counts as invalid).
    static func validUTF8Prefix(_ data: [UInt8], upTo end: Int) -> Int {
        guard end > 0 else { return 0 }
        return data.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: end) { start in
                var stop: UnsafePointer<CChar>?
                if g_utf8_validate_len(start, gsize(end), &stop) != 0 { return end }
                return stop.map { $0 - UnsafePointer(start) } ?? 0
            }
        }
    }

    /// UTF-8 with U+FFFD for each invalid sequence and for NUL, which a text
    /// buffer cannot hold.
    static func replacingInvalid(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.contains("\0") ? text.replacingOccurrences(of: "\0", with: "\u{FFFD}") : text
    }
}

private extension String {
    func replacingOccurrences(of target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}

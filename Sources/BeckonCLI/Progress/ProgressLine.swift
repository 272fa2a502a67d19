import BeckonCore
import CGtk

/// One line of a progress dialog's stdin, read as zenity 3.44 reads it.
enum ProgressLine: Equatable {
    /// `#text`: the new label, spaces trimmed, GLib escapes expanded; the
    /// flag says the bytes were not valid UTF-8 (shown with U+FFFD).
    case text(String, invalidUTF8: Bool)
    /// `pulsate:VALUE`: "false" (any case) stops, anything else starts.
    case pulsate(Bool)
    /// A line starting with a digit: the percentage, 0 to 100.
    case percentage(Float)
    /// Anything else, which zenity ignores: " 100", "+100", "pulsate" with no colon.
    case ignored

    private static let pulsatePrefix = Array("pulsate".utf8)

    /// Reads `line` (without its "\n").
    init(_ line: [UInt8]) {
        guard let first = line.first else { self = .ignored; return }
        if first == UInt8(ascii: "#") {
            var body = line.dropFirst()
            while let c = body.first, Self.isSpace(c) { body.removeFirst() }
            while let c = body.last, Self.isSpace(c) { body.removeLast() }
            let compressed = Self.compress(Array(body))
            let text = String(decoding: compressed, as: UTF8.self)
            self = .text(text, invalidUTF8: String(validating: compressed, as: UTF8.self) == nil)
        } else if line.starts(with: Self.pulsatePrefix) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { self = .ignored; return }
            var value = line[(colon + 1)...]
            while let c = value.first, Self.isSpace(c) { value.removeFirst() }
            self = .pulsate(String(decoding: value, as: UTF8.self).lowercased() != "false")
        } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            self = .percentage(Self.clampedPercentage(Self.zenityNumber(line)))
        } else {
            self = .ignored
        }
    }

    /// The update this line gives the dialog, if any.
    var update: ProgressUpdate? {
        switch self {
        case .text(let text, _): .text(text)
        case .pulsate(let on): .pulsating(on)
        case .percentage(let percentage): .fraction(Double(percentage) / 100)
        case .ignored: nil
        }
    }

    /// zenity's own number reader: every digit of the line joined, each digit
    /// after the first '.' or ',' a decimal, all else skipped: "50 60" is 5060,
    /// "1e2" is 12, "10.0.0" is 10. In Float, step by step as zenity computes
    /// it, so the rounding is zenity's too ("99.9999999" is 99.999985, not 100).
    static func zenityNumber(_ line: [UInt8]) -> Float {
        var result: Float = 0
        var factor: Float = 1
        var pointSeen = false
        for byte in line {
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                pointSeen = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                if pointSeen { factor /= 10 }
                result = result * 10 + Float(byte - UInt8(ascii: "0"))
            }
        }
        return result * factor
    }

    /// CLAMP (x, 0, 100); a NaN (digits beyond Float's range on both sides of
    /// the point) counts as 0 here, where zenity would pass NaN to GTK.
    static func clampedPercentage(_ value: Float) -> Float {
        value.isNaN ? 0 : min(max(value, 0), 100)
    }

    /// g_ascii_isspace.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0d).contains(byte)
    }

    /// GLib's escapes expanded with g_strcompress, as zenity does: bytes in,
    /// bytes out, so invalid UTF-8 survives to be reported.
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "\\")) else { return bytes }
        // g_strcompress stops at a NUL byte, as zenity's C string does.
        let cString = bytes.prefix { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
        guard let compressed = g_strcompress(cString) else { return bytes }
        defer { g_free(compressed) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(compressed).assumingMemoryBound(to: UInt8.self),
                                         count: strlen(compressed)))
    }
}

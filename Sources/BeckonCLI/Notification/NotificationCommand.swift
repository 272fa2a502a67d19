/// One line of `--notification --listen`'s stdin, read as zenity reads it:
/// `command: value`, the command case-insensitive and trimmed, the value
/// without its leading spaces.
enum NotificationCommand: Equatable {
    case icon(String)
    case hints(String)
    /// `message:` and `tooltip:` both post a notification, as in zenity 3.44.
    case message(String)
    case visible
    /// Text that is not valid UTF-8 after `message:` or `tooltip:`: zenity skips it.
    case invalidText
    case unknown(String)
    /// A line without a colon.
    case unparsable

    init(_ line: [UInt8]) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            self = .unparsable
            return
        }
        let command = String(decoding: line[..<colon], as: UTF8.self)
            .trimmingASCIISpace()
        var valueStart = colon + 1
        while valueStart < line.endIndex, Self.isASCIISpace(line[valueStart]) { valueStart += 1 }
        let bytes = Array(line[valueStart...])
        let value = String(decoding: bytes, as: UTF8.self)
        switch command.lowercased() {
        case "icon": self = .icon(value)
        case "hints": self = .hints(value)
        case "message", "tooltip":
            self = String(validating: bytes, as: UTF8.self).map(Self.message) ?? .invalidText
        case "visible": self = .visible
        default: self = .unknown(command)
        }
    }

    static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0d).contains(byte)
    }
}

extension String {
    /// Without the ASCII white space at either end, as g_strstrip leaves it.
    fileprivate func trimmingASCIISpace() -> String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !NotificationCommand.isASCIISpace($0) }),
              let last = bytes.lastIndex(where: { !NotificationCommand.isASCIISpace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}

/// One key read from a terminal in raw mode.
package enum TerminalKey: Sendable, Equatable {
    /// A printable character (space included).
    case character(Character)
    /// A printable character with Alt (the terminal sends Escape before it).
    case alt(Character)
    /// Ctrl with a letter, by the letter ("a" for Ctrl-A); not C, D, H, I, J, M.
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl-C: ends a prompt as Escape does.
    case interrupt
    /// Ctrl-D: the end of input, as for `read`; ends a prompt as Escape does.
    case endOfInput
}

/// Turns the bytes a terminal sends into keys: UTF-8 characters, control
/// bytes, and the escape sequences of arrows, Home, Page Down and the like.
///
/// A lone Escape cannot be told from the start of a sequence until more bytes
/// come or none do: ``pendingEscape`` says so, and ``flush()`` takes it as the
/// Escape key once the caller has waited a moment, as vim's `ttimeout` does.
struct TerminalKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Whether the bytes so far end in an Escape that may start a sequence.
    var pendingEscape: Bool { pending.first == 0x1B }

    /// The keys `bytes` complete, in order.
    mutating func keys(in bytes: some Sequence<UInt8>) -> [TerminalKey] {
        pending.append(contentsOf: bytes)
        var keys: [TerminalKey] = []
        // Decoded keys are dropped once, at the end: dropping each as it is
        // read would move the rest of a pasted chunk for every key.
        var start = pending.startIndex
        while start < pending.endIndex {
            guard let (key, length) = Self.decode(pending[start...]) else { break }
            start += length
            if let key { keys.append(key) }
        }
        pending.removeFirst(start - pending.startIndex)
        return keys
    }

    /// What is held back, as keys: a lone Escape, or the Escape of a sequence
    /// that never finished, then whatever followed it.
    mutating func flush() -> [TerminalKey] {
        guard !pending.isEmpty else { return [] }
        let rest = pending.dropFirst()
        pending = []
        return [.escape] + keys(in: Array(rest))
    }

    /// The key at the start of `bytes` and how many bytes it takes; a nil key
    /// for bytes that mean nothing; nil when more bytes are needed.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> (TerminalKey?, Int)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B: return escapeSequence(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03: return (.interrupt, 1)
        case 0x04: return (.endOfInput, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00, 0x1C...0x1F: return (nil, 1)
        case 0x20..<0x7F: return (.character(Character(Unicode.Scalar(first))), 1) // ASCII: most of a paste
        default: return character(bytes).map { ($0.0.map(TerminalKey.character), $0.1) }
        }
    }

    /// A UTF-8 character; an invalid byte is skipped.
    private static func character(_ bytes: ArraySlice<UInt8>) -> (Character?, Int)? {
        let first = bytes[bytes.startIndex]
        let length = switch first {
        case 0x00..<0x80: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
        guard length > 0 else { return (nil, 1) }
        // A byte that cannot continue the sequence makes the lead byte a stray one.
        guard bytes.dropFirst().prefix(length - 1).allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (nil, 1) }
        guard bytes.count >= length else { return nil }
        let scalars = String(decoding: bytes.prefix(length), as: UTF8.self).unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return (nil, 1) }
        if scalar == "\u{FFFD}", bytes.prefix(length).elementsEqual([0xEF, 0xBF, 0xBD]) == false { return (nil, 1) }
        return (Character(scalar), length)
    }

    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (TerminalKey?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let second = bytes[start + 1]
        switch second {
        case UInt8(ascii: "["), UInt8(ascii: "O"):
            // CSI or SS3: parameters, then a final byte from @ to ~.
            var index = start + 2
            while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { return bytes.count > 16 ? (nil, bytes.count) : nil }
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            return (csiKey(final: bytes[index], parameters), index - start + 1)
        case 0x1B:
            return (.escape, 1)
        default:
            guard let (character, length) = character(bytes.dropFirst()) else { return nil }
            return (character.map(TerminalKey.alt), 1 + length)
        }
    }

    private static func csiKey(final: UInt8, _ parameters: String) -> TerminalKey? {
        switch Character(Unicode.Scalar(final)) {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "Z": return .backTab
        case "~":
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}
